/**
 * Browser-test helpers for element tests: a scripted fetch, store resets, shadow-DOM queries by
 * role/label/text, and input helpers that go through React's event system.
 */
import { resetInitializeState } from '../../src/actions/initialize.ts'
import { $config, initialConfigState } from '../../src/stores/config.ts'
import { $emailFlow } from '../../src/stores/emailFlow.ts'
import { $landing } from '../../src/stores/landing.ts'
import { $smsFlow, initialSmsFlow } from '../../src/stores/smsFlow.ts'
import { $modal } from '../../src/stores/modal.ts'
import { $pendingLogin, $session } from '../../src/stores/session.ts'

export const APP_ID = 'clgatehouse00000000000001'
export const OTHER_APP_ID = 'clgatehouse00000000000002'
export const API_URL = 'http://localhost:8787'

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Assertion failed: ${message}`)
}
export function equal<T>(actual: T, expected: T, message = ''): void {
  const a = JSON.stringify(actual)
  const e = JSON.stringify(expected)
  if (a !== e) throw new Error(`Expected ${e} but got ${a}${message ? ` (${message})` : ''}`)
}

export type Route = { status?: number; body?: unknown; delayMs?: number }
export interface Call {
  method: string
  path: string
  headers: Record<string, string>
  body: any
}

const realFetch = window.fetch
/** Answers `METHOD /path` (after /api/v1); arrays answer in order, the last one repeats. */
export function mockFetch(routes: Record<string, Route | Route[]>): Call[] {
  const calls: Call[] = []
  window.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href)
    const path = url.pathname.replace(/^\/api\/v1/, '')
    const method = init.method ?? 'GET'
    calls.push({ method, path, headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined })
    const route = routes[`${method} ${path}`]
    const reply = Array.isArray(route) ? (route.length > 1 ? route.shift()! : route[0]!) : route
    if (!reply) return new Response(JSON.stringify({ error: 'Not found', code: 'not_found' }), { status: 404 })
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
    if (reply.status === 204) return new Response(null, { status: 204 })
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } })
  }) as typeof fetch
  return calls
}

export function appConfig(overrides: Record<string, unknown> = {}) {
  return {
    id: APP_ID,
    name: 'Test App',
    logo: null,
    landingHeader: null,
    loginMessage: null,
    loginMethods: { email: true },
    legal: { termsAndConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy', requireUsersAcceptTerms: false },
    allowlistConfig: {},
    disablePlusEmails: false,
    ...overrides,
  }
}

export function wireUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'user-1',
    created_at: 1_700_000_000,
    linked_accounts: [{ type: 'email', address: 'ada@example.com', verified_at: 1_700_000_000, first_verified_at: 1_700_000_000, latest_verified_at: 1_700_000_000 }],
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
    ...overrides,
  }
}

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
export function accessToken(aud = APP_ID) {
  return `${b64({ alg: 'ES256' })}.${b64({ sub: 'user-1', aud, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`
}

export function authResponse(overrides: Record<string, unknown> = {}) {
  return {
    user: wireUser(),
    is_new_user: true,
    token: accessToken(),
    privy_access_token: null,
    identity_token: 'identity-1',
    refresh_token: 'refresh-1',
    oauth_tokens: null,
    session_update_action: 'set',
    ...overrides,
  }
}

/** A fresh page state: no elements, stores and storage as on first load. */
export function reset(): void {
  document.body.innerHTML = ''
  window.fetch = realFetch
  localStorage.clear()
  resetInitializeState()
  $config.set(initialConfigState)
  $session.set({ status: 'loading', user: null, tokens: null })
  $pendingLogin.set(null)
  $modal.set({ open: false, stack: [{ name: 'landing' }] })
  $emailFlow.set({ state: 'idle', email: '', sentTo: null, error: null, inlineError: null })
  $landing.set({ prefill: null })
  $smsFlow.set(initialSmsFlow)
}

export async function waitFor<T>(fn: () => T | null | undefined | false, message = 'condition', timeoutMs = 4000): Promise<T> {
  const start = performance.now()
  for (;;) {
    let value: T | null | undefined | false = null
    try {
      value = fn()
    } catch {
      value = null
    }
    if (value) return value
    if (performance.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${message}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function shadow(element: Element): ShadowRoot {
  return element.shadowRoot!
}

/** Elements whose trimmed text content is exactly `text`, deepest first. */
export function getAllByText(root: ParentNode, text: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('*')].filter((el) => el.textContent?.trim() === text).reverse()
}
export function queryByText(root: ParentNode, text: string): HTMLElement | null {
  return getAllByText(root, text)[0] ?? null
}
export function button(root: ParentNode, name: string): HTMLButtonElement | null {
  return (
    [...root.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => !b.hidden && (b.getAttribute('aria-label') === name || b.textContent?.trim() === name),
    ) ?? null
  )
}
export function byLabel<T extends HTMLElement = HTMLInputElement>(root: ParentNode, label: string): T | null {
  const direct = root.querySelector<T>(`[aria-label="${label}"]`)
  if (direct) return direct
  const labelEl = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)
  return labelEl ? root.querySelector<T>(`#${labelEl.htmlFor}`) : null
}

/** Sets a value the way typing does, so React's onChange sees it. */
export function type(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  setter.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

export function keydown(target: HTMLElement, key: string): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true }))
}

export function paste(target: HTMLElement, text: string): void {
  const clipboardData = new DataTransfer()
  clipboardData.setData('text', text)
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true, composed: true }))
}

/** Collects events of the given names from `document` (they bubble and are composed). */
export function recordEvents(names: string[]): CustomEvent[] {
  const events: CustomEvent[] = []
  for (const name of names) document.addEventListener(name, (event) => events.push(event as CustomEvent))
  return events
}

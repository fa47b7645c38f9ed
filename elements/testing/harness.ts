/**
 * Browser-test helpers for element tests: a scripted fetch, store resets, shadow-DOM queries by
 * role/label/text, and input helpers that go through React's event system. Wire fixtures and the
 * fetch script are the unit harness's too (src/testing/fixtures.ts).
 */
import { resetInitializeState } from '../../src/actions/initialize.ts'
import { $config, initialConfigState } from '../../src/stores/config.ts'
import { $emailFlow } from '../../src/stores/emailFlow.ts'
import { $landing } from '../../src/stores/landing.ts'
import { $smsFlow, initialSmsFlow } from '../../src/stores/smsFlow.ts'
import { $modal } from '../../src/stores/modal.ts'
import { $pendingLogin, $session } from '../../src/stores/session.ts'
import type { AppConfig } from '../../src/api/types.ts'
import { APP_ID, appConfig as sharedAppConfig, scriptedFetch, type FetchCall, type FetchReply } from '../../src/testing/fixtures.ts'

export { APP_ID, OTHER_APP_ID, accessToken, authResponse, wireEmbeddedWallet, wireUser } from '../../src/testing/fixtures.ts'
export const API_URL = 'http://localhost:8787'

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Assertion failed: ${message}`)
}
export function equal<T>(actual: T, expected: T, message = ''): void {
  const a = JSON.stringify(actual)
  const e = JSON.stringify(expected)
  if (a !== e) throw new Error(`Expected ${e} but got ${a}${message ? ` (${message})` : ''}`)
}

export type Route = Exclude<FetchReply, Function>
export type Call = FetchCall

const realFetch = window.fetch
/** Answers `METHOD /path` (after /api/v1); arrays answer in order, the last one repeats. */
export function mockFetch(routes: Record<string, Route | Route[]>): Call[] {
  const calls: Call[] = []
  window.fetch = scriptedFetch(routes, calls) as typeof fetch
  return calls
}

/** An `<auth-modal>` for this app, answering `routes` (the app's configuration and analytics unless given), once ready. */
export async function mountModal(routes: Record<string, Route | Route[]> = {}, config = appConfig()) {
  const calls = mockFetch({ [`GET /apps/${APP_ID}`]: { body: config }, 'POST /analytics_events': { status: 204 }, ...routes })
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  return { element, calls }
}

/** Types `email` on the opened landing and submits it (the code request goes out). */
export async function submitLoginEmail(root: ParentNode, email: string): Promise<void> {
  type(await waitFor(() => byLabel<HTMLInputElement>(root, 'Email address'), 'e-mail input'), email)
  await waitFor(() => !button(root, 'Submit')!.disabled, 'submit enabled')
  byLabel(root, 'Email address')!.form!.requestSubmit()
}

/** The unit tests' app configuration plus the optional fields the landing screen reads. */
export function appConfig(overrides: Record<string, unknown> = {}) {
  return sharedAppConfig({ landingHeader: null, loginMessage: null, allowlistConfig: {}, disablePlusEmails: false, ...overrides } as Partial<AppConfig>)
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

export async function waitFor<T>(fn: () => T | null | undefined | false, message = 'condition', timeoutMs = 20_000): Promise<T> {
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

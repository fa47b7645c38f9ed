/**
 * Unit-test harness (never imported by the bundle): a scripted fetch, a fresh localStorage and
 * store resets, so action tests run without a DOM or a server.
 */
import { vi } from 'vitest'
import { subscribe } from '../events/bus.ts'
import { resetInitializeState } from '../actions/initialize.ts'
import { setApiClientOverrides } from '../api/instance.ts'
import type { AppConfig, WireAuthResponse } from '../api/types.ts'
import type { WireUser } from '../api/user.ts'
import { $config, initialConfigState } from '../stores/config.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { $landing } from '../stores/landing.ts'
import { $smsFlow, initialSmsFlow } from '../stores/smsFlow.ts'
import { $modal } from '../stores/modal.ts'
import { $pendingLogin, $session } from '../stores/session.ts'
import type { KeyValueStorage } from '../stores/storage.ts'

export const APP_ID = 'clgatehouse00000000000001'
export const OTHER_APP_ID = 'clgatehouse00000000000002'
export const API_URL = 'https://auth.example.com'

export type Reply = { status?: number; body?: unknown } | ((init: RequestInit) => Response | Promise<Response>)

export interface FetchCall {
  method: string
  path: string
  headers: Record<string, string>
  body: any
  init: RequestInit
}

/** Routes `METHOD /path` (path after /api/v1) to replies; a list of replies is used in order. */
export function fakeFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: FetchCall[] = []
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = new URL(url).pathname.replace(/^\/api\/v1/, '')
    const method = init.method ?? 'GET'
    calls.push({
      method,
      path,
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      init,
    })
    const route = routes[`${method} ${path}`]
    const reply = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route
    if (!reply) return json(404, { error: 'Not found', code: 'not_found' })
    if (typeof reply === 'function') return reply(init)
    return json(reply.status ?? 200, reply.body)
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, calls }
}

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

export function memoryLocalStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  }
}

/** An unsigned JWT: the client only reads claims. */
export function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${encode({ alg: 'ES256', typ: 'JWT' })}.${encode(claims)}.signature`
}

export function accessToken({ aud = APP_ID, expiresIn = 3600 }: { aud?: string; expiresIn?: number } = {}): string {
  return jwt({ sub: 'user-1', aud, iss: API_URL, exp: Math.floor(Date.now() / 1000) + expiresIn, sid: 's1' })
}

export function wireUser(overrides: Partial<WireUser> = {}): WireUser {
  return {
    id: 'user-1',
    created_at: 1_700_000_000,
    linked_accounts: [
      { type: 'email', address: 'ada@example.com', verified_at: 1_700_000_000, first_verified_at: 1_700_000_000, latest_verified_at: 1_700_000_100 },
    ],
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
    ...overrides,
  }
}

export function authResponse(overrides: Partial<WireAuthResponse> = {}): WireAuthResponse {
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

export function appConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    id: APP_ID,
    name: 'Test App',
    logo: null,
    loginMethods: { email: true },
    legal: { termsAndConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy', requireUsersAcceptTerms: false },
    ...overrides,
  }
}

/** Fresh stores, storage and transport for each test. */
export function resetAll(): ReturnType<typeof memoryLocalStorage> {
  vi.unstubAllGlobals()
  const storage = memoryLocalStorage()
  vi.stubGlobal('localStorage', storage)
  resetInitializeState()
  setApiClientOverrides({ sleep: async () => undefined })
  $config.set(initialConfigState)
  $session.set({ status: 'loading', user: null, tokens: null })
  $pendingLogin.set(null)
  $modal.set({ open: false, stack: [{ name: 'landing' }] })
  $emailFlow.set({ state: 'idle', email: '', sentTo: null, error: null, inlineError: null })
  $smsFlow.set(initialSmsFlow)
  $landing.set({ prefill: null })
  return storage
}

/** Puts the stores in the state of an initialized app without network. */
export function configured(app: AppConfig = appConfig()): void {
  $config.set({ appId: APP_ID, apiUrl: API_URL, app, status: 'ready', error: null })
  if ($session.get().status === 'loading') $session.set({ status: 'unauthenticated', user: null, tokens: null })
}

let stopRecording: (() => void) | null = null
/** Collects bus events of the current test (the previous test's recorder is dropped). */
export function recordEvents(): [string, any][] {
  stopRecording?.()
  const events: [string, any][] = []
  stopRecording = subscribe((name, detail) => void events.push([name, detail]))
  return events
}

/**
 * Unit-test harness (never imported by the bundle): a scripted fetch, a fresh localStorage and
 * store resets, so action tests run without a DOM or a server. Wire fixtures and the fetch
 * script are shared with the element tests' harness (./fixtures.ts).
 */
import { vi } from 'vitest'
import { subscribe } from '../events/bus.ts'
import { resetInitializeState } from '../actions/initialize.ts'
import { setApiClientOverrides } from '../api/instance.ts'
import type { AppConfig } from '../api/types.ts'
import { $config, initialConfigState } from '../stores/config.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { $landing } from '../stores/landing.ts'
import { $smsFlow, initialSmsFlow } from '../stores/smsFlow.ts'
import { $modal } from '../stores/modal.ts'
import { $pendingLogin, $session } from '../stores/session.ts'
import type { KeyValueStorage } from '../stores/storage.ts'
import { APP_ID, accessToken as fixtureToken, appConfig, scriptedFetch, type FetchCall, type FetchReply } from './fixtures.ts'

export { APP_ID, OTHER_APP_ID, authResponse, json, jwt, wireEmbeddedWallet, wireUser, appConfig, type FetchCall } from './fixtures.ts'
export const API_URL = 'https://auth.example.com'

export type Reply = FetchReply

/** Routes `METHOD /path` (path after /api/v1) to replies; a list of replies is used in order. */
export function fakeFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: FetchCall[] = []
  const fetch = vi.fn(scriptedFetch(routes, calls))
  vi.stubGlobal('fetch', fetch)
  return { fetch, calls }
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

export function accessToken(options: { aud?: string; expiresIn?: number } = {}): string {
  return fixtureToken({ iss: API_URL, ...options })
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

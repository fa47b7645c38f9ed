/**
 * Test fixtures both test harnesses share: the unit one (src/testing/harness.ts, vitest in Node)
 * and the browser one for element tests (elements/testing/harness.ts, Web Test Runner). Nothing
 * here may need Node or a DOM: wire objects, tokens and a scripted fetch.
 */
import type { AppConfig, AuthResponse } from '../api/types.ts'
import type { WireLinkedAccount, WireUser } from '../api/user.ts'

export const APP_ID = 'clgatehouse00000000000001'
export const OTHER_APP_ID = 'clgatehouse00000000000002'

/** A reply: status and JSON body (none for 204), optionally after a delay, or a function of the request. */
export type FetchReply = { status?: number; body?: unknown; delayMs?: number } | ((init: RequestInit) => Response | Promise<Response>)

export interface FetchCall {
  method: string
  /** After /api/v1. */
  path: string
  headers: Record<string, string>
  body: any
  init: RequestInit
}

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/**
 * A fetch answering `METHOD /path` (path after /api/v1) from `routes` and recording each call in
 * `calls`. A list of replies answers in order and its last one repeats; an unknown route is a 404.
 */
export function scriptedFetch(routes: Record<string, FetchReply | FetchReply[]>, calls: FetchCall[]) {
  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), globalThis.location?.href)
    const path = url.pathname.replace(/^\/api\/v1/, '')
    const method = init.method ?? 'GET'
    calls.push({ method, path, headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined, init })
    const route = routes[`${method} ${path}`]
    const reply = Array.isArray(route) ? (route.length > 1 ? route.shift()! : route[0]!) : route
    if (!reply) return json(404, { error: 'Not found', code: 'not_found' })
    if (typeof reply === 'function') return reply(init)
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
    const status = reply.status ?? 200
    return json(status, status === 204 ? undefined : (reply.body ?? {}))
  }
}

const base64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')

/** An unsigned JWT: the client only reads claims. */
export function jwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url(claims)}.signature`
}

export function accessToken({ aud = APP_ID, expiresIn = 3600, iss }: { aud?: string; expiresIn?: number; iss?: string } = {}): string {
  return jwt({ sub: 'user-1', aud, iss, exp: Math.floor(Date.now() / 1000) + expiresIn, sid: 's1' })
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

/** A linked account of one embedded Ethereum wallet (index 0, automatic recovery), as the server sends it. */
export function wireEmbeddedWallet(overrides: Partial<WireLinkedAccount> = {}): WireLinkedAccount {
  return {
    type: 'wallet',
    id: 'w1',
    address: '0x2222222222222222222222222222222222222222',
    verified_at: 1,
    first_verified_at: 1,
    latest_verified_at: 1,
    chain_type: 'ethereum',
    chain_id: 'eip155:1',
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    wallet_index: 0,
    recovery_method: 'privy',
    imported: false,
    delegated: false,
    entropy_id: '0xABC',
    entropy_id_verifier: 'ethereum-address-verifier',
    ...overrides,
  }
}

export function authResponse(overrides: Partial<AuthResponse> = {}): AuthResponse {
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

import { DEVICE_PROOF_HEADER, needsTokenProof, SESSION_ISSUING_PATH } from '@gatehouse/contract'
import type { RouteBody, RouteQuery, RouteResponse, Routes } from '@gatehouse/contract/routes'
import { API_PREFIX } from '@gatehouse/contract/routes/prefix'
import { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { CLIENT_NAME } from '../version.ts'

/** Statuses worth another attempt (spec §7). */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 500, 502, 503, 504]
export const DEFAULT_TIMEOUT_MS = 20_000
export const DEFAULT_RETRIES = 3
export const RETRY_BASE_DELAY_MS = 500

/**
 * 409 is retried because a conflicting concurrent write may clear up, but these 409 codes are
 * verdicts about the account, earned by a request that spent a single-use proof (a code, a nonce):
 * a retry would answer invalid_credentials and hide the verdict. Reasons per code: ARCHITECTURE.md,
 * 'Retries'.
 */
const FINAL_CONFLICT_CODES = new Set([
  'linked_to_another_user',
  'cannot_link_more_of_type',
  'account_transfer_required',
  'user_already_exists',
  'account_has_embedded_wallet',
])

/** Delay before retry number `retry` (0-based): 500 ms, then tripled (500, 1500, 4500). */
export const retryDelay = (retry: number): number => RETRY_BASE_DELAY_MS * 3 ** retry

export interface ApiClientConfig {
  apiUrl: string
  appId: string
  /** The analytics client uuid, sent as privy-client-id and privy-ca-id. */
  clientId: string
  /** Read on every call so a refreshed token is picked up. */
  getAccessToken?: () => string | null | undefined
  fetch?: (url: string, init: RequestInit) => Promise<Response>
  /**
   * A proof by the wallet frame's device key (null: none to be had) for a login or refresh request,
   * or, with `ath` (the hash of the access token sent), for any other state-changing call of a
   * signed-in session. Asked per attempt, since the server spends each proof once.
   */
  deviceProof?: (htm: string, htu: string, ath?: string) => Promise<string | null>
  /** Injectable so retry tests run on fake timers. */
  sleep?: (ms: number) => Promise<void>
  timeoutMs?: number
  retries?: number
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  body?: unknown
  /** Overrides the retry count (analytics uses 0). */
  retries?: number
  /** A fixed delay between attempts instead of 500 ms tripled (the account query waits 500 ms each time). */
  retryDelayMs?: number
  /** Overrides the bearer token (refresh sends the stored, maybe expired, token). */
  bearer?: string | null
  /** Extra headers (Farcaster's status poll sends its channel token in one). */
  headers?: Record<string, string>
}

export type ApiClient = ReturnType<typeof createApiClient>

/** The methods the widget calls the API with. */
export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'
/** The paths the route map lists for a method, in its syntax (`'/apps/:app_id'`). */
export type ApiPath<M extends ApiMethod> = keyof Routes extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never
/** The route the map lists for a method and path. */
export type ApiRoute<M extends ApiMethod, P extends ApiPath<M>> = Routes[`${M} ${P}` & keyof Routes]
/** The body a route takes; a route that declares none takes nothing or `{}` (the server counts a bare POST as `{}`). */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> = [RouteBody<ApiRoute<M, P>>] extends [undefined]
  ? Record<string, never> | undefined
  : RouteBody<ApiRoute<M, P>>
/** The answer of a route's success status, as the server's tests check it against the route's schema. */
export type ApiAnswer<M extends ApiMethod, P extends ApiPath<M>> = RouteResponse<ApiRoute<M, P>>

/** The `:name` segments of a path. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
type ParamsOption<P extends string> = [ParamNames<P>] extends [never] ? { params?: never } : { params: Record<ParamNames<P>, string> }
type QueryOption<Q> = [Q] extends [undefined] ? { query?: never } : {} extends Q ? { query?: Q } : { query: Q }

/**
 * A typed call's options: RequestOptions' own (retries, bearer, headers…), the path's parameters
 * (filled in and URI-encoded: `{ params: { app_id } }`) and the route's query.
 */
export type CallOptions<M extends ApiMethod, P extends ApiPath<M>> = Omit<RequestOptions, 'method' | 'body'> &
  ParamsOption<P> &
  QueryOption<RouteQuery<ApiRoute<M, P>>>
/** The options argument, required when the path has parameters or the query required fields. */
type OptionsArg<O> = {} extends O ? [options?: O] : [options: O]

/** The typed methods, keyed by the route map (see createApiClient). */
export interface TypedMethods {
  /** GET a route of the map: `api.get('/apps/:app_id', { params: { app_id } })`. */
  get<P extends ApiPath<'GET'>>(path: P, ...[options]: OptionsArg<CallOptions<'GET', P>>): Promise<ApiAnswer<'GET', P>>
  /** POST a route's body: `api.post('/passwordless/authenticate', { email, code })` answers the auth response. */
  post<P extends ApiPath<'POST'>>(path: P, body: ApiBody<'POST', P>, ...[options]: OptionsArg<CallOptions<'POST', P>>): Promise<ApiAnswer<'POST', P>>
  /** PATCH a route's body. */
  patch<P extends ApiPath<'PATCH'>>(path: P, body: ApiBody<'PATCH', P>, ...[options]: OptionsArg<CallOptions<'PATCH', P>>): Promise<ApiAnswer<'PATCH', P>>
  /** DELETE a route (the map lists none today; typed like the others when it does). */
  delete<P extends ApiPath<'DELETE'>>(path: P, ...[options]: OptionsArg<CallOptions<'DELETE', P>>): Promise<ApiAnswer<'DELETE', P>>
}

/** What request takes: RequestOptions and a path's parameters and query. */
type CallShape = RequestOptions & { params?: Record<string, string>; query?: Record<string, string> }

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** base64url(SHA-256(token)): the `ath` claim that binds a proof to the access token it goes with (RFC 9449). */
export async function accessTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))
  let binary = ''
  for (const byte of digest) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Joins the base URL and the API prefix (`/api/v1`) and path; an empty base means the page's own origin. */
export function apiEndpoint(apiUrl: string, path: string): string {
  return `${apiUrl.replace(/\/+$/, '')}${API_PREFIX}${path}`
}

/**
 * Creates the fetch client every action uses: wire headers, cookies, a 20 s timeout per
 * attempt and 3 retries on 408/409/425/5xx, errors mapped to `ApiError`.
 *
 * Calls go through the typed methods (`get`, `post`, `patch`, `delete`): the path is one the route
 * map (contract/src/routes) lists for that method, the body and answer are that route's types.
 * `request` is the untyped transport under them, for the client's own tests.
 *
 * @example
 * const api = createApiClient({ apiUrl: 'https://auth.example.com', appId, clientId })
 * const config = await api.get('/apps/:app_id', { params: { app_id: appId } })
 * await api.post('/passwordless/init', { email, token })
 */
export function createApiClient(config: ApiClientConfig) {
  const sleep = config.sleep ?? defaultSleep
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS

  function headers(bearer?: string | null): Record<string, string> {
    const result: Record<string, string> = {
      'privy-app-id': config.appId,
      'privy-client-id': config.clientId,
      'privy-client': CLIENT_NAME,
      'privy-ca-id': config.clientId,
    }
    const token = bearer === undefined ? config.getAccessToken?.() : bearer
    if (token) result.Authorization = `Bearer ${token}`
    return result
  }

  async function attempt(url: string, init: RequestInit): Promise<Response> {
    const doFetch = config.fetch ?? globalThis.fetch
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    try {
      return await doFetch(url, { ...init, signal: controller.signal })
    } catch (cause) {
      if (timedOut) throw new TimeoutError({ url, timeoutMs })
      throw new NetworkError({ url, cause })
    } finally {
      clearTimeout(timer)
    }
  }

  async function toApiError(response: Response): Promise<ApiError> {
    const body = (await response.json().catch(() => undefined)) as { error?: unknown; code?: unknown; data?: unknown } | undefined
    return new ApiError({
      status: response.status,
      code: typeof body?.code === 'string' ? body.code : undefined,
      message: typeof body?.error === 'string' ? body.error : undefined,
      data: body?.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : undefined,
    })
  }

  async function request<T>(path: string, options: CallShape = {}): Promise<T> {
    // The route's `:name` segments filled in, URI-encoded (the typed methods require each); its query,
    // when it has one, has required fields (never empty).
    const bare = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(options.params![name]!))
    const url = apiEndpoint(config.apiUrl, bare) + (options.query ? `?${new URLSearchParams(options.query)}` : '')
    const json = options.body !== undefined
    const method = options.method ?? (json ? 'POST' : 'GET')
    const retries = options.retries ?? config.retries ?? DEFAULT_RETRIES
    const sentHeaders = headers(options.bearer)
    const init: RequestInit = {
      method,
      credentials: 'include',
      headers: { ...sentHeaders, ...options.headers, ...(json && { 'Content-Type': 'application/json' }) },
      body: json ? JSON.stringify(options.body) : undefined,
    }
    const bindsSession = method === 'POST' && SESSION_ISSUING_PATH.test(bare) && config.deviceProof !== undefined
    // A signed-in session's change carries the device's proof bound to its token (contract/src/device-binding.ts).
    const token = sentHeaders.Authorization?.slice('Bearer '.length)
    const ath = !bindsSession && token && config.deviceProof && needsTokenProof(method, bare) ? await accessTokenHash(token) : undefined
    for (let retry = 0; ; retry++) {
      let error: Error
      try {
        // `htu` is absolute: an empty apiUrl (the page's own origin) gives a relative request URL.
        const htu = new URL(url, globalThis.location?.href).href.split('?')[0]!
        const proof = bindsSession ? await config.deviceProof!(method, htu) : ath ? await config.deviceProof!(method, htu, ath) : null
        const sent = proof ? { ...init, headers: { ...(init.headers as Record<string, string>), [DEVICE_PROOF_HEADER]: proof } } : init
        const response = await attempt(url, sent)
        if (response.ok) {
          if (response.status === 204) return undefined as T
          const text = await response.text()
          return (text ? JSON.parse(text) : undefined) as T
        }
        error = await toApiError(response)
        const retryable = RETRY_STATUSES.includes(response.status) && !FINAL_CONFLICT_CODES.has((error as ApiError).code)
        if (!retryable) throw error
      } catch (caught) {
        // Timeouts and network failures are transient like a 503; anything else is final.
        if (!(caught instanceof TimeoutError || caught instanceof NetworkError)) throw caught
        error = caught
      }
      if (retry >= retries) throw error
      await sleep(options.retryDelayMs ?? retryDelay(retry))
    }
  }

  // One untyped implementation under TypedMethods' signatures: request fills the path in.
  return {
    // Without a body, request sends a GET.
    get: request,
    post: (path: string, body: unknown, options?: CallShape) => request(path, { ...options, method: 'POST', body }),
    patch: (path: string, body: unknown, options?: CallShape) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path: string, options?: CallShape) => request(path, { ...options, method: 'DELETE' }),
    request,
    headers,
  } as unknown as TypedMethods & { request: typeof request; headers: typeof headers }
}

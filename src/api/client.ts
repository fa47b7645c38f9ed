import { DEVICE_PROOF_HEADER, needsTokenProof, SESSION_ISSUING_PATH } from '@gatehouse/contract'
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
 * verdicts about the account: asking again only delays the screen the user must see.
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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Joins the base URL and the API prefix (`/api/v1`) and path; an empty base means the page's own origin. */
/** base64url(SHA-256(token)): the `ath` claim that binds a proof to the access token it goes with (RFC 9449). */
export async function accessTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))
  let binary = ''
  for (const byte of digest) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function apiEndpoint(apiUrl: string, path: string): string {
  return `${apiUrl.replace(/\/+$/, '')}${API_PREFIX}${path}`
}

/**
 * Creates the fetch client every action uses: wire headers, cookies, a 20 s timeout per
 * attempt and 3 retries on 408/409/425/5xx, errors mapped to `ApiError`.
 *
 * @example
 * const api = createApiClient({ apiUrl: 'https://auth.example.com', appId, clientId })
 * const config = await api.request<AppConfig>(`/apps/${appId}`)
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
    let body: { error?: unknown; code?: unknown; data?: unknown } | undefined
    try {
      body = (await response.json()) as typeof body
    } catch {
      body = undefined
    }
    return new ApiError({
      status: response.status,
      code: typeof body?.code === 'string' ? body.code : undefined,
      message: typeof body?.error === 'string' ? body.error : undefined,
      data: body?.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : undefined,
    })
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const url = apiEndpoint(config.apiUrl, path)
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
    const retries = options.retries ?? config.retries ?? DEFAULT_RETRIES
    const sentHeaders = headers(options.bearer)
    const init: RequestInit = {
      method,
      credentials: 'include',
      headers: {
        ...sentHeaders,
        ...options.headers,
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    }
    const bare = path.split('?')[0]!
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

  return { request, headers }
}

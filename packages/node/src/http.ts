/** The one HTTP path of the SDK: the app secret as Basic auth plus `privy-app-id`, JSON in and out, errors as GatehouseApiError. */
import { API_PREFIX } from '@gatehouse/contract/routes/prefix'
import { GatehouseApiError } from './errors.ts'

export interface HttpOptions {
  appId: string
  appSecret?: string
  /** The API server's origin, e.g. `https://auth.example.com` (the `/api/v1` prefix is added). */
  apiUrl: string
  fetch?: typeof fetch
  /** Per request, ms (default 20 000). */
  timeoutMs?: number
}

export type Query = Record<string, string | number | boolean | undefined>

export interface RequestInit {
  query?: Query
  body?: unknown
  headers?: Record<string, string>
}

export class Http {
  readonly base: string
  constructor(readonly options: HttpOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '')
  }

  /** The absolute URL of an API path (`/apps/…` → `https://host/api/v1/apps/…?query`). */
  url(path: string, query?: Query): string {
    const search = new URLSearchParams()
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, String(v))
    const qs = search.toString()
    return `${this.base}${API_PREFIX}${path}${qs ? `?${qs}` : ''}`
  }

  async request<T>(method: string, path: string, init: RequestInit = {}): Promise<T> {
    const { appId, appSecret } = this.options
    if (!appSecret) throw new GatehouseApiError(0, 'missing_app_secret', 'This call needs the app secret: pass appSecret to createGatehouseClient')
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${appId}:${appSecret}`).toString('base64')}`,
      'privy-app-id': appId,
      accept: 'application/json',
      ...init.headers,
    }
    let body: string | undefined
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.body)
    }
    const response = await (this.options.fetch ?? fetch)(this.url(path, init.query), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
    })
    const text = await response.text()
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      // Not JSON: reported below with the status.
    }
    if (!response.ok) {
      const e = (json ?? {}) as { error?: string; code?: string; data?: Record<string, unknown> }
      throw new GatehouseApiError(response.status, e.code ?? `http_${response.status}`, e.error ?? (text.slice(0, 200) || response.statusText), e.data)
    }
    return json as T
  }
}

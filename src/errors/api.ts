import type { ApiErrorCode } from '@gatehouse/contract'
import { BaseError } from './base.ts'

export type ApiErrorType = ApiError & { name: 'ApiError' }

/** A non-2xx answer of the API, carrying the `{ error, code }` body. */
export class ApiError extends BaseError {
  override name = 'ApiError'
  status: number
  declare code: ApiErrorCode | 'unknown_error'
  /** Extra answer fields (`account_transfer_required` carries `{ nonce, account, display_name }`). */
  data?: Record<string, unknown>

  constructor({ status, code, message, cause, data }: { status: number; code?: string; message?: string; cause?: unknown; data?: Record<string, unknown> }) {
    const shortMessage = message || `Request failed with status ${status}`
    super(shortMessage, { code: code || 'unknown_error', details: `HTTP status code ${status}`, cause })
    this.status = status
    if (data) this.data = data
  }
}

export type TimeoutErrorType = TimeoutError & { name: 'TimeoutError' }

/** The HTTP layer gave up waiting (20 s per attempt). */
export class TimeoutError extends BaseError {
  override name = 'TimeoutError'
  constructor({ url, timeoutMs }: { url: string; timeoutMs: number }) {
    super('The request timed out.', { code: 'TIMEOUT', details: `${url} did not answer within ${timeoutMs} ms` })
  }
}

export type NetworkErrorType = NetworkError & { name: 'NetworkError' }

/** fetch itself failed (offline, DNS, CORS refusal). */
export class NetworkError extends BaseError {
  override name = 'NetworkError'
  constructor({ url, cause }: { url: string; cause: unknown }) {
    super('Could not reach the authentication server.', { code: 'NETWORK_ERROR', details: url, cause })
  }
}

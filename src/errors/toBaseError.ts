import { ApiError } from './api.ts'
import { BaseError } from './base.ts'

/** Normalises anything thrown into a BaseError so events and screens get a code and a message. */
export function toBaseError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  return new BaseError(error instanceof Error ? error.message : 'Unknown error', {
    code: 'UNKNOWN_AUTH_ERROR',
    cause: error,
  })
}

/** The `auth-error` event detail for an error. */
export function errorDetail(error: unknown): { code: string; message: string } {
  const base = toBaseError(error)
  return { code: base.code, message: base.shortMessage }
}

export function apiErrorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null
}

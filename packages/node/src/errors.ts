/** Errors the SDK throws. Each has a stable `code`: the server's error code, or one of the SDK's own. */

/** An answer of the Gatehouse API that was not a success: its HTTP status and the server's `{ error, code }`. */
export class GatehouseApiError extends Error {
  override readonly name = 'GatehouseApiError'
  constructor(
    readonly status: number,
    /** The server's error code (e.g. `invalid_authorization_signature`, `policy_denied`), or `http_<status>` when it sent none. */
    readonly code: string,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message)
  }
}

/** A token that does not verify: bad signature, expired, another app's, or the wrong kind of token. */
export class GatehouseTokenError extends Error {
  override readonly name = 'GatehouseTokenError'
  readonly code = 'invalid_token'
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** A webhook whose signature, timestamp or body does not verify. */
export class GatehouseWebhookError extends Error {
  override readonly name = 'GatehouseWebhookError'
  readonly code = 'invalid_webhook'
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

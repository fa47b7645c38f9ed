/**
 * The error-code table shared by the server (server/errors.ts) and the browser client
 * (src/api). Every non-2xx answer of the API carries `{ "error": message, "code": ApiErrorCode }`.
 * Codes are snake_case on the wire, like the established clients of this API family expect.
 */
export const API_ERROR_CODES = {
  invalid_data: 400,
  missing_or_invalid_app_id: 400,
  invalid_credentials: 401,
  missing_or_invalid_token: 401,
  must_be_authenticated: 401,
  allowlist_rejected: 403,
  disallowed_login_method: 403,
  disallowed_plus_email: 422,
  max_accounts_reached: 403,
  user_does_not_exist: 404,
  linked_to_another_user: 409,
  cannot_link_more_of_type: 409,
  account_transfer_required: 409,
  /** A transfer would delete a user who holds an embedded wallet (and with it the wallet's key shares). */
  account_has_embedded_wallet: 409,
  user_already_exists: 409,
  invalid_captcha: 400,
  captcha_failure: 400,
  captcha_timeout: 400,
  not_supported: 422,
  sms_verification_failed: 422,
  too_many_requests: 429,
  /** The OAuth provider reports the user's account as suspended. */
  oauth_account_suspended: 403,
  embedded_wallet_not_found: 404,
  forbidden_origin: 403,
  /** A device-bound call without a valid proof by the session's device key (DPoP). */
  invalid_device_proof: 401,
  /**
   * An account holding an embedded wallet changes login methods and contacts only from a session
   * its wallet frame took part in (a device-bound session, whose every change carries the proof).
   */
  session_not_device_bound: 403,
  /**
   * The session logged in with a method linked (or an address changed) too recently to recover the
   * wallet with it; `data.opens_at` says when (ms), or a second factor older than the change unlocks it.
   */
  recovery_on_hold: 403,
  /** The device does not hold a share of this wallet: it must recover it first. */
  device_not_enrolled: 403,
  /** Replacing a wallet's shares without a valid signature by the key of its entropy id over the new shares. */
  invalid_share_set_proof: 403,
  /** Export needs a login ceremony within the last 5 minutes. */
  reauthentication_required: 403,
  /** MFA: the user has a second factor and this session holds no live verification of it (spec part 2 §8). */
  missing_or_invalid_mfa: 403,
  /** MFA: a wrong verification or enrollment code ('The code you entered is not valid'). */
  invalid_mfa_code: 400,
  /** MFA: the wrong-code budget is spent; verification is locked for a while (spec part 2 §8). */
  mfa_verification_max_attempts_reached: 429,
  /** The owner's API: the caller is known, but its role or credential does not allow this (services/owner-auth.ts). */
  insufficient_permission: 403,
  /** Delegated actions: the wallet is not (or no longer) delegated to the app. */
  not_delegated: 403,
  /** Revoking needs an existing delegation (spec part 3 §5). */
  no_delegated_wallets: 400,
  /** The signing service cannot sign for this delegation (not reachable, or its key no longer opens the share). */
  delegation_unavailable: 503,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** Node's own refusals before a request exists: headers over its limit, a client too slow to send them. */
  headers_too_large: 431,
  request_timeout: 408,
  internal_error: 500,
  /** A funding provider (card or exchange on-ramp) answered an error or could not be reached. */
  funding_provider_error: 502,
  /** A service the server reads for the caller (a Solana cluster's RPC) did not answer. */
  upstream_unavailable: 502,
  /**
   * The server-side wallet API: the request carries no valid `privy-authorization-signature` by a
   * live authorization key of the app allowed on this wallet (missing, wrong, expired or replayed).
   */
  invalid_authorization_signature: 401,
  /** The wallet's policy refuses the request; `data.rule` names the rule (services/wallet-policy.ts). */
  policy_violation: 403,
  /** The server-side wallet API: this `privy-idempotency-key` was used with another request (method, path or body). */
  idempotency_key_reused: 409,
  /** The server-side wallet API: the first request with this `privy-idempotency-key` is still running; ask again. */
  idempotency_key_in_progress: 409,
} as const

export type ApiErrorCode = keyof typeof API_ERROR_CODES

/**
 * The `account_has_embedded_wallet` message, which the transfer screen shows as it is: the spec
 * has no text for it, and the server and the widget must say the same thing.
 */
export const TRANSFER_BLOCKED_BY_WALLET_MESSAGE =
  'The other account holds an embedded wallet, and transferring would delete it with its assets. Log in with that account to use its wallet, or keep both accounts.'

/** The `session_not_device_bound` message: shown as it is by the link and update screens. */
export const UNBOUND_SESSION_MESSAGE =
  'This account holds a wallet, so its login methods can only be changed in the app where you logged in with the wallet. Log in again there and try once more.'

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  error: string
  code: ApiErrorCode
  /** Extra fields of some answers: `account_transfer_required` carries `{ nonce, account, display_name }`. */
  data?: Record<string, unknown>
}

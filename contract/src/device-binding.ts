/**
 * Which API requests carry the wallet frame's device proof (DPoP header) from the host page. Paths
 * are relative to `/api/v1`.
 *
 * - Login and refresh requests (`SESSION_ISSUING_PATH`): the proof binds the session they create
 *   to the device; it names no access token.
 * - Every other state-changing request of a signed-in session (`needsTokenProof`): the proof names
 *   the access token it goes with (`ath`), so a token copied out of the page changes nothing
 *   without the device. The server enforces it for device-bound sessions (server/routes/api.ts).
 * - Never for `FRAME_ONLY_PATH`: the frame signs those only for its own requests, so the host
 *   cannot borrow the device key to reach key material.
 */
export const SESSION_ISSUING_PATH = /^\/(?:sessions|[a-z_]+\/authenticate|passkeys\/register)$/

/** Requests that change nothing a copied token could abuse: ending the session, analytics. */
export const PROOF_EXEMPT_PATH = /^\/(?:sessions\/logout|analytics_events)$/

/**
 * Key material, wallet registration and recovery data, redeeming a cloud-recovery grant (the cloud
 * token stays in the frame), delegating a wallet, MFA verification and enrollment, and registering a
 * Farcaster signer key: the frame's own calls.
 */
export const FRAME_ONLY_PATH =
  /^\/(?:farcaster\/signer\/init|wallets|recovery\/oauth\/authenticate|embedded_wallets\/[^/]+\/(?:recovery(?:\/key_material)?|delegated_actions)|mfa\/(?:totp\/(?:init|enroll|verify|unenroll)|passwordless_sms\/(?:enroll|verify|unenroll)|passkeys\/(?:verify|enrollment)))$/

/** Link, unlink, update and transfer of a login method or contact. */
export const ACCOUNT_CHANGE_PATH = /^\/[a-z_]+\/(?:link|unlink|update|transfer)$/

/** Whether a request of a signed-in session must carry its device's proof bound to the access token. */
export function needsTokenProof(method: string, path: string): boolean {
  const m = method.toUpperCase()
  return m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS' && !SESSION_ISSUING_PATH.test(path) && !PROOF_EXEMPT_PATH.test(path)
}

/** The HTTP header of the proof (RFC 9449). */
export const DEVICE_PROOF_HEADER = 'DPoP'

/**
 * Which API requests carry the wallet frame's device proof (DPoP header) from the host page: the
 * ones that end a login ceremony in a session, and the refresh. Paths are relative to `/api/v1`.
 * The frame signs proofs for these only; the server binds the sessions they create to the device.
 */
export const SESSION_ISSUING_PATH = /^\/(?:sessions|[a-z_]+\/authenticate|passkeys\/register)$/

/** The HTTP header of the proof (RFC 9449). */
export const DEVICE_PROOF_HEADER = 'DPoP'

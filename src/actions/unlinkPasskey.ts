import { getApiClient } from '../api/instance.ts'
import type { User, WireUser } from '../api/user.ts'
import { ApiError } from '../errors/api.ts'
import { MustBeAuthenticatedError } from '../errors/auth.ts'
import { PasskeyUnknownError, PASSKEY_TEXT } from '../errors/passkey.ts'
import { publish } from '../events/bus.ts'
import { $session } from '../stores/session.ts'
import { applyUser } from './internal/accountChange.ts'

export interface UnlinkPasskeyParameters {
  /** The passkey's `credentialId` (base64url), as on the user's linked account. */
  credentialId: string
}
export interface UnlinkPasskeyReturnType {
  user: User
}
export type UnlinkPasskeyErrorType = MustBeAuthenticatedError | ApiError | PasskeyUnknownError

/**
 * Unlinks one of the signed-in user's passkeys (`POST /passkeys/unlink`) and publishes
 * `unlink-success`. A passkey enrolled in MFA is refused ('Cannot unlink a passkey enrolled in
 * MFA'); a failure the server did not explain rejects with 'Unknown error occurred.'.
 *
 * @example
 * const { user } = await unlinkPasskey({ credentialId: user.linkedAccounts.find((a) => a.type === 'passkey').credentialId })
 */
export async function unlinkPasskey({ credentialId }: UnlinkPasskeyParameters): Promise<UnlinkPasskeyReturnType> {
  const { status, user: before } = $session.get()
  if (status !== 'authenticated' || !before) throw new MustBeAuthenticatedError()
  let wire: WireUser
  try {
    wire = await getApiClient().post('/passkeys/unlink', { credentialId })
  } catch (error) {
    // The server's 4xx messages are the spec's ('Cannot unlink a passkey enrolled in MFA'); anything else is unknown.
    if (error instanceof ApiError && error.status < 500) throw error
    throw new PasskeyUnknownError({ cause: error, message: PASSKEY_TEXT.unlinkUnknown })
  }
  const user = applyUser(wire)
  const linkedAccount = before.linkedAccounts.find((a) => a.type === 'passkey' && a.credentialId === credentialId) ?? null
  publish('unlink-success', { user, unlinkMethod: 'passkey', linkedAccount })
  return { user }
}

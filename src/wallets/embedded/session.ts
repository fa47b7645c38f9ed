import { getAccessToken } from '../../actions/getAccessToken.ts'
import { toUser, type WireUser } from '../../api/user.ts'
import { EmbeddedWalletError } from '../../errors/wallet.ts'
import { setSessionUser } from '../../stores/session.ts'

/** The access token, or the given spec error with code MUST_BE_AUTHENTICATED. */
export async function requireAccessToken(message: string): Promise<string> {
  const token = await getAccessToken()
  if (!token) throw new EmbeddedWalletError(message, { code: 'MUST_BE_AUTHENTICATED' })
  return token
}

/** The frame answers with the server's wire user after a change; the session takes it over. */
export function adoptWireUser(wire: unknown): void {
  if (wire && typeof wire === 'object') setSessionUser(toUser(wire as WireUser))
}

import { trackEvent } from '../api/analytics.ts'
import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { $wallets } from '../stores/wallets.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'
import { adoptWireUser, requireAccessToken } from '../wallets/embedded/session.ts'
import { connectEmbeddedWallet } from './connectEmbeddedWallet.ts'

export interface SetWalletRecoveryParameters {
  recoveryMethod: 'privy' | 'user-passcode'
  /** Required for 'user-passcode'. */
  recoveryPassword?: string
}
export type SetWalletRecoveryReturnType = void
export type SetWalletRecoveryErrorType = EmbeddedWalletError

/**
 * Changes how the user's embedded wallets are recovered: the frame splits the secret anew, seals
 * the recovery share for the method (server key, or the password) and replaces the server shares.
 *
 * @example
 * await setWalletRecovery({ recoveryMethod: 'user-passcode', recoveryPassword: 'correct-horse-battery-staple' })
 */
export async function setWalletRecovery({ recoveryMethod, recoveryPassword }: SetWalletRecoveryParameters): Promise<SetWalletRecoveryReturnType> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToConnect)
  const wallet = $wallets.get().find((w) => !w.imported && w.entropyId)
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.notFound, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  trackEvent('embedded_wallet_set_recovery_started', { method: recoveryMethod })
  try {
    await connectEmbeddedWallet({ address: wallet.address })
    const { user } = await getWalletProxy().request('wallets:set-recovery', { accessToken, entropyId: wallet.entropyId!, recoveryMethod, recoveryPassword })
    adoptWireUser(user)
  } catch (error) {
    trackEvent(recoveryMethod === 'user-passcode' ? 'embedded_wallet_set_password_failed' : 'embedded_wallet_set_recovery_failed')
    const message = recoveryMethod === 'user-passcode' ? WALLET_MESSAGES.setPasswordFailed : WALLET_MESSAGES.unableToSetRecovery
    throw new EmbeddedWalletError(message, { code: 'UNABLE_TO_SET_RECOVERY', cause: error })
  }
  trackEvent('embedded_wallet_set_recovery_completed', { method: recoveryMethod })
}

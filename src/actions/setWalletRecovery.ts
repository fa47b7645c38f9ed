import { trackEvent } from '../api/analytics.ts'
import { EmbeddedWalletError, WALLET_MESSAGES, WalletProxyError } from '../errors/wallet.ts'
import { $wallets } from '../stores/wallets.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'
import { adoptWireUser, requireAccessToken } from '../wallets/embedded/session.ts'
import { connectEmbeddedWallet } from './connectEmbeddedWallet.ts'
import type { CloudGrant } from '../../frame/src/protocol.ts'

export interface SetWalletRecoveryParameters {
  recoveryMethod: 'privy' | 'user-passcode' | 'google-drive' | 'icloud'
  /** Required for 'user-passcode'. */
  recoveryPassword?: string
  /** Required for 'google-drive' and 'icloud': the user's grant from the recovery OAuth popup (src/wallets/embedded/cloudGrant.ts). */
  cloud?: CloudGrant
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
export async function setWalletRecovery({ recoveryMethod, recoveryPassword, cloud }: SetWalletRecoveryParameters): Promise<SetWalletRecoveryReturnType> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToConnect)
  const wallet = $wallets.get().find((w) => !w.imported && w.entropyId)
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.notFound, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  trackEvent('embedded_wallet_set_recovery_started', { method: recoveryMethod })
  try {
    await connectEmbeddedWallet({ address: wallet.address })
    const { user } = await getWalletProxy().request('wallets:set-recovery', {
      accessToken,
      entropyId: wallet.entropyId!,
      recoveryMethod,
      recoveryPassword,
      ...(cloud ? { cloud } : {}),
    })
    adoptWireUser(user)
  } catch (error) {
    trackEvent(recoveryMethod === 'user-passcode' ? 'embedded_wallet_set_password_failed' : 'embedded_wallet_set_recovery_failed')
    const message = recoveryMethod === 'user-passcode' ? WALLET_MESSAGES.setPasswordFailed : WALLET_MESSAGES.unableToSetRecovery
    // The frame's reason (a cloud refusal, an empty account) is what the user can act on.
    const details = error instanceof WalletProxyError ? error.shortMessage : undefined
    throw new EmbeddedWalletError(message, { code: 'UNABLE_TO_SET_RECOVERY', details, cause: error })
  }
  trackEvent('embedded_wallet_set_recovery_completed', { method: recoveryMethod })
}

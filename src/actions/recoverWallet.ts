import { trackEvent } from '../api/analytics.ts'
import { EmbeddedWalletError, WALLET_MESSAGES, WalletProxyError } from '../errors/wallet.ts'
import { findWallet } from '../stores/wallets.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'
import { $pendingRecovery } from '../wallets/embedded/recoveryPrompt.ts'
import { requireAccessToken } from '../wallets/embedded/session.ts'
import type { CloudGrant } from '../../frame/src/protocol.ts'

export interface RecoverWalletParameters {
  address: string
  /** Needed for 'user-passcode' wallets; must be non-empty. */
  recoveryPassword?: string
  /** Needed for 'google-drive' and 'icloud' wallets: the user's grant from the recovery OAuth popup. */
  cloud?: CloudGrant
}
export type RecoverWalletReturnType = void
export type RecoverWalletErrorType = EmbeddedWalletError

/**
 * Recovers an embedded wallet onto this device (auth share + recovery share). A wrong password
 * fails with 'Invalid recovery password, please try again.' (code invalid_recovery_pin).
 *
 * @example
 * await recoverWallet({ address, recoveryPassword: 'correct-horse' })
 */
export async function recoverWallet({ address, recoveryPassword, cloud }: RecoverWalletParameters): Promise<RecoverWalletReturnType> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToConnect)
  const wallet = findWallet(address)
  if (!wallet?.entropyId) throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  trackEvent('embedded_wallet_recovery_started', { method: wallet.recoveryMethod })
  try {
    await getWalletProxy().request('wallets:recover', { accessToken, entropyId: wallet.entropyId, recoveryPassword, ...(cloud ? { cloud } : {}) })
  } catch (error) {
    if (error instanceof WalletProxyError && error.type === 'recovery_on_hold')
      throw new EmbeddedWalletError(error.message, { code: 'RECOVERY_ON_HOLD', cause: error })
    const invalid = !cloud && error instanceof WalletProxyError && (error.type === 'invalid_recovery_pin' || error.type === 'invalid_request_arguments')
    throw new EmbeddedWalletError(invalid ? WALLET_MESSAGES.invalidRecoveryPassword : WALLET_MESSAGES.genericRetry, {
      code: invalid ? 'invalid_recovery_pin' : 'UNABLE_TO_RECOVER',
      // A cloud recovery's reason (no backup in this account, access refused) is what the user can act on.
      details: cloud && error instanceof WalletProxyError ? error.shortMessage : undefined,
      cause: error,
    })
  }
  trackEvent('embedded_wallet_recovery_completed', { method: wallet.recoveryMethod })
  // An action waiting on this wallet (sign, export) goes on.
  const pending = $pendingRecovery.get()
  if (pending && pending.wallet.entropyId === wallet.entropyId) pending.resolve()
}

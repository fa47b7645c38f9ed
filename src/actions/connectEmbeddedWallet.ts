import { trackEvent } from '../api/analytics.ts'
import { EmbeddedWalletError, WALLET_MESSAGES, WalletProxyError } from '../errors/wallet.ts'
import { findWallet, type Wallet } from '../stores/wallets.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'
import { promptCloudRecovery, promptRecoveryPassword } from '../wallets/embedded/recoveryPrompt.ts'
import { requireAccessToken } from '../wallets/embedded/session.ts'

export interface ConnectEmbeddedWalletParameters {
  address: string
  /** Open 'Enter your password' when the wallet needs it (default true); false throws PASSWORD_REQUIRED instead. */
  promptPassword?: boolean
}
export type ConnectEmbeddedWalletReturnType = Wallet
export type ConnectEmbeddedWalletErrorType = EmbeddedWalletError

/**
 * Makes an embedded wallet usable on this device before a sensitive action (spec part 3, wallet
 * connect interstitial): device share + auth share; on a new device, automatic ('privy') wallets
 * recover without a PIN, password wallets ask for the recovery password.
 *
 * @example
 * await connectEmbeddedWallet({ address: wallet.address })
 */
export async function connectEmbeddedWallet({ address, promptPassword = true }: ConnectEmbeddedWalletParameters): Promise<ConnectEmbeddedWalletReturnType> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToConnect)
  const wallet = findWallet(address)
  if (!wallet?.entropyId) throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  const proxy = getWalletProxy()
  try {
    await proxy.request('wallets:connect', { accessToken, entropyId: wallet.entropyId })
    return wallet
  } catch (error) {
    if (error instanceof WalletProxyError && error.type === 'session_not_on_device') {
      throw new EmbeddedWalletError(WALLET_MESSAGES.loginAgainOnDevice, { code: 'SESSION_NOT_ON_DEVICE', cause: error })
    }
    if (!(error instanceof WalletProxyError && error.type === 'wallet_not_on_device')) {
      throw new EmbeddedWalletError(WALLET_MESSAGES.unableToConnect, { code: 'UNKNOWN_CONNECT_WALLET_ERROR', cause: error })
    }
  }
  if (wallet.recoveryMethod === 'privy' || wallet.recoveryMethod === 'privy-v2') {
    trackEvent('embedded_wallet_pinless_recovery_started')
    try {
      await proxy.request('wallets:recover', { accessToken, entropyId: wallet.entropyId })
    } catch (error) {
      // The server's text says when recovery with this login method opens (recovery-hold.ts).
      if (error instanceof WalletProxyError && error.type === 'recovery_on_hold')
        throw new EmbeddedWalletError(error.message, { code: 'RECOVERY_ON_HOLD', cause: error })
      throw new EmbeddedWalletError(WALLET_MESSAGES.unableToRecover, { code: 'UNABLE_TO_RECOVER', cause: error })
    }
    trackEvent('embedded_wallet_recovery_completed', { method: wallet.recoveryMethod })
    return wallet
  }
  if (wallet.recoveryMethod === 'user-passcode') {
    if (!promptPassword) throw new EmbeddedWalletError('The recovery password is required', { code: 'PASSWORD_REQUIRED' })
    await promptRecoveryPassword(wallet)
    return wallet
  }
  // Spec part 2 §4: another recovery method set goes to the recovery OAuth screen.
  if (wallet.recoveryMethod === 'google-drive' || wallet.recoveryMethod === 'icloud') {
    if (!promptPassword) throw new EmbeddedWalletError('The wallet must be recovered from the cloud first', { code: 'CLOUD_RECOVERY_REQUIRED' })
    await promptCloudRecovery({ ...wallet, recoveryMethod: wallet.recoveryMethod })
    return wallet
  }
  throw new EmbeddedWalletError(WALLET_MESSAGES.unableToRecover, {
    code: 'UNABLE_TO_RECOVER',
    details: `Recovery method ${wallet.recoveryMethod} is not available`,
  })
}

import { trackEvent } from '../../api/analytics.ts'
import { createWallet, type CreateWalletParameters } from '../../actions/createWallet.ts'
import { endSession } from '../../actions/logout.ts'
import { EmbeddedWalletError, WALLET_MESSAGES } from '../../errors/wallet.ts'
import { publish } from '../../events/bus.ts'
import { $config } from '../../stores/config.ts'
import { $session } from '../../stores/session.ts'
import { chainsToCreate } from './config.ts'

/**
 * The wallets this login calls for, Ethereum first (its address names the secret). A failure logs
 * the user out (spec part 2 §4) and publishes `auth-error` 'Failed to create wallet'.
 */
export async function createWalletsOnLogin(recovery: Pick<CreateWalletParameters, 'recoveryMethod' | 'recoveryPassword' | 'cloud'>): Promise<void> {
  const user = $session.get().user
  if (!user) throw new EmbeddedWalletError(WALLET_MESSAGES.mustBeAuthenticated, { code: 'MUST_BE_AUTHENTICATED' })
  try {
    for (const chainType of chainsToCreate($config.get().app, user)) await createWallet({ chainType, ...recovery })
  } catch (error) {
    trackEvent('embedded_wallet_creation_failure_logout')
    const failure = new EmbeddedWalletError(WALLET_MESSAGES.failedToCreate, { code: 'FAILED_TO_CREATE_WALLET', cause: error })
    publish('auth-error', { code: failure.code, message: failure.shortMessage })
    await endSession() // publishes `logout`
    throw failure
  }
}

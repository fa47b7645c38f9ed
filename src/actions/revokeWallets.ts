import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { $session } from '../stores/session.ts'
import { $wallets } from '../stores/wallets.ts'

export type RevokeWalletsParameters = void
export type RevokeWalletsReturnType = void
/** EmbeddedWalletError: USER_DECLINED ('User declined revoking access to their delegated wallet.'), NO_DELEGATED_WALLETS, MUST_BE_AUTHENTICATED, or the failure shown on the error screen. */
export type RevokeWalletsErrorType = EmbeddedWalletError

/**
 * Asks the user to revoke the app's offline access to every delegated wallet ('Revoke offline
 * access to wallet', with 'Deny' and 'Confirm'). On 'Confirm' the server deletes what the signing
 * service would need (`POST /api/v1/wallets/revoke`), the wallets' `delegated` flags turn off,
 * 'Success!' shows, and the modal closes 2.5 s later, when the promise resolves. Needs an existing
 * delegation.
 *
 * @example
 * await revokeWallets()
 */
export async function revokeWallets(): Promise<RevokeWalletsReturnType> {
  if ($session.get().status !== 'authenticated') {
    throw new EmbeddedWalletError(WALLET_MESSAGES.mustBeAuthenticatedToConnect, { code: 'MUST_BE_AUTHENTICATED' })
  }
  if (!$wallets.get().some((w) => w.delegated)) throw new EmbeddedWalletError(WALLET_MESSAGES.noDelegatedWallets, { code: 'NO_DELEGATED_WALLETS' })
  const { runDelegationScreen } = await import('../wallets/embedded/delegation.ts')
  await runDelegationScreen({ kind: 'revoke' })
}

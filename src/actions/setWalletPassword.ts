import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { $wallets, type Wallet } from '../stores/wallets.ts'
import { modalClosed, openWalletScreen } from '../wallets/embedded/modal.ts'
import { nextPasswordSet } from '../wallets/embedded/passwordOutcome.ts'
import { requireAccessToken } from '../wallets/embedded/session.ts'

export type SetWalletPasswordReturnType = { wallet: Wallet }
export type SetWalletPasswordErrorType = EmbeddedWalletError

/**
 * Opens the password flow ('Set your password' … 'Confirm you have saved') for the user's embedded
 * wallet. Resolves once the password is on the wallet (the spec's success callback); rejects with
 * 'Exited before password was added to wallet' (USER_EXITED_SET_PASSWORD_FLOW) when the modal closes
 * before that, the spec's failure callback.
 *
 * @example
 * const { wallet } = await setWalletPassword()
 */
export async function setWalletPassword(): Promise<SetWalletPasswordReturnType> {
  await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticated)
  const wallet = $wallets.get()[0]
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.notFound, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  const set = nextPasswordSet()
  openWalletScreen({ name: 'embedded-wallet-password', purpose: 'update', startedByUser: true })
  const outcome = await Promise.race([set.promise.then(() => 'set' as const), modalClosed().then(() => 'closed' as const)])
  set.cancel()
  if (outcome === 'closed') throw new EmbeddedWalletError(WALLET_MESSAGES.exitedBeforePassword, { code: 'USER_EXITED_SET_PASSWORD_FLOW' })
  return { wallet: $wallets.get().find((w) => w.address === wallet.address) ?? wallet }
}

import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { $session } from '../stores/session.ts'
import { $wallets, type ChainType } from '../stores/wallets.ts'

export interface DelegateWalletParameters {
  /** An embedded wallet of the signed-in user. */
  address: string
  /** 'ethereum' or 'solana' (delegation supports only these). */
  chainType: ChainType
}
export type DelegateWalletReturnType = void
/** EmbeddedWalletError: USER_DECLINED ('User declined delegating actions.'), the address is not the user's, MUST_BE_AUTHENTICATED, or the failure shown on the error screen. */
export type DelegateWalletErrorType = EmbeddedWalletError

/**
 * Asks the user for offline access to one of their embedded wallets ('Enable offline access', with
 * 'Not now' and 'Accept'). On 'Accept' the wallet frame hands the signing service what it needs
 * (the device share sealed to the service's key); the wallet account's `delegated` flag turns on,
 * 'Success!' shows, and the modal closes 2.5 s later, when the promise resolves. Your backend can
 * then sign for the wallet through the server-side wallet API while the user is offline.
 *
 * @example
 * await delegateWallet({ address: wallet.address, chainType: 'ethereum' })
 */
export async function delegateWallet({ address, chainType }: DelegateWalletParameters): Promise<DelegateWalletReturnType> {
  if ($session.get().status !== 'authenticated') {
    throw new EmbeddedWalletError(WALLET_MESSAGES.mustBeAuthenticatedToConnect, { code: 'MUST_BE_AUTHENTICATED' })
  }
  if (chainType !== 'ethereum' && chainType !== 'solana') {
    throw new EmbeddedWalletError(WALLET_MESSAGES.delegationChainUnsupported, { code: 'UNSUPPORTED_CHAIN_TYPE' })
  }
  const wanted = chainType === 'ethereum' ? String(address).toLowerCase() : String(address)
  const wallet = $wallets.get().find((w) => w.chainType === chainType && (chainType === 'ethereum' ? w.address.toLowerCase() : w.address) === wanted)
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.delegateAddressNotFound, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  const { runDelegationScreen } = await import('../wallets/embedded/delegation.ts')
  await runDelegationScreen({ kind: 'delegate', wallet: { address: wallet.address, chainType } })
}

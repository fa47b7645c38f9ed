import type { ProviderRpcError } from '../errors/wallet.ts'
import type { EthereumTransactionRequest } from '../stores/txRequest.ts'
import { transact } from './internal/transact.ts'
import type { SendTransactionOptions } from './sendTransaction.ts'

export type SignTransactionOptions = SendTransactionOptions
export interface SignTransactionReturnType {
  /** The signed serialized transaction, 0x-hex, ready for eth_sendRawTransaction. */
  signature: string
}
/** ProviderRpcError: 4001 declined, 4902 UNSUPPORTED_CHAIN_ID, -32603 when preparing or signing failed. */
export type SignTransactionErrorType = ProviderRpcError

/**
 * Signs an Ethereum transaction without sending it: nonce, gas and fees are filled from the chain,
 * the confirmation screen shows it (unless `uiOptions.showWalletUIs` is false) and the wallet frame
 * signs. Spec part 3 §4: in this sign-only mode success shows for 1.4 s.
 *
 * @example
 * const { signature } = await signTransaction({ to: '0x…', value: 1n, chainId: 31337 })
 */
export async function signTransaction(request: EthereumTransactionRequest, options: SignTransactionOptions = {}): Promise<SignTransactionReturnType> {
  const [result] = await transact('eth_signTransaction', request, options)
  return { signature: result!.signature! }
}

import { TRANSACTION_MESSAGES, TransactionError } from '../errors/transaction.ts'
import type { ProviderRpcError } from '../errors/wallet.ts'
import { $externalWallets } from '../stores/externalWallets.ts'
import type { EthereumTransactionRequest, TransactionUiOptions, TxMethod } from '../stores/txRequest.ts'
import { $wallets, findWallet } from '../stores/wallets.ts'
import { defaultChainId, parseChainId } from '../wallets/ethereum/chains.ts'
import { toProviderError } from './getEthereumProvider.ts'

export type { EthereumTransactionRequest, TransactionUiOptions }

export interface SendTransactionOptions {
  /** Which wallet sends: an embedded wallet, or a connected external wallet (sent through that wallet). Default: the first embedded Ethereum wallet. */
  address?: string
  uiOptions?: TransactionUiOptions
}
export interface SendTransactionReturnType {
  /** The transaction hash, once its receipt is on chain (the last step's, for a batch). */
  hash: string
  /** Every step's hash, in order (one for a single request). */
  hashes: string[]
}
/** ProviderRpcError: 4001 declined, 4902 UNSUPPORTED_CHAIN_ID, -32603 with `errorCode` TRANSACTION_FAILURE ('Transaction failed' on revert, `hash` set). */
export type SendTransactionErrorType = ProviderRpcError

/**
 * Sends an Ethereum transaction (or a batch, one step at a time through '(n / total)') from the
 * user's wallet, showing the confirmation screen unless `uiOptions.showWalletUIs` is false. An
 * embedded wallet fills nonce, gas and fees from the chain, signs in the wallet frame, broadcasts
 * and waits for the receipt; an external wallet gets the request directly.
 *
 * @example
 * const { hash } = await sendTransaction({ to: '0x…', value: 10n ** 15n, chainId: 8453 })
 */
export async function sendTransaction(
  request: EthereumTransactionRequest | EthereumTransactionRequest[],
  options: SendTransactionOptions = {},
): Promise<SendTransactionReturnType> {
  const results = await transact('eth_sendTransaction', request, options)
  const hashes = results.map((r) => r.hash!)
  return { hash: hashes[hashes.length - 1]!, hashes }
}

/** @internal Shared by sendTransaction and signTransaction. */
export async function transact(method: TxMethod, request: EthereumTransactionRequest | EthereumTransactionRequest[], options: SendTransactionOptions) {
  const requests = Array.isArray(request) ? request : [request]
  if (requests.length === 0 || requests.some((r) => !r || typeof r !== 'object')) {
    throw toProviderError(new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE' }))
  }
  const external = options.address
    ? $externalWallets.get().find((w) => w.chainType === 'ethereum' && w.address.toLowerCase() === options.address!.toLowerCase())
    : undefined
  if (external?.getEthereumProvider) return viaExternalWallet(method, external.address, (await external.getEthereumProvider()) as Eip1193, requests)
  const wallet = options.address ? findWallet(options.address) : $wallets.get().find((w) => w.chainType === 'ethereum')
  if (!wallet || wallet.chainType !== 'ethereum')
    throw toProviderError(new TransactionError('No wallet found for address', { code: 'EMBEDDED_WALLET_NOT_FOUND' }))
  try {
    const { requestTransaction } = await import('../wallets/embedded/transactions.ts')
    return await requestTransaction({ method, address: wallet.address, requests, chainId: defaultChainId(), uiOptions: options.uiOptions })
  } catch (error) {
    throw toProviderError(error)
  }
}

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>
}

const rpcQuantity = (value: unknown) => (value === undefined || value === null ? undefined : `0x${BigInt(value as string).toString(16)}`)

/** Spec part 3 §6: an address that is a connected external wallet signs or sends through that wallet directly. */
async function viaExternalWallet(method: TxMethod, address: string, provider: Eip1193, requests: EthereumTransactionRequest[]) {
  const results = []
  for (const request of requests) {
    const chainId = parseChainId(request.chainId) ?? parseChainId(await provider.request({ method: 'eth_chainId' }))
    if (request.chainId !== undefined && chainId !== parseChainId(await provider.request({ method: 'eth_chainId' }))) {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainId!.toString(16)}` }] })
    }
    const tx = {
      from: address,
      to: request.to ?? undefined,
      data: request.data,
      value: rpcQuantity(request.value),
      gas: rpcQuantity(request.gas),
      gasPrice: rpcQuantity(request.gasPrice),
      maxFeePerGas: rpcQuantity(request.maxFeePerGas),
      maxPriorityFeePerGas: rpcQuantity(request.maxPriorityFeePerGas),
      nonce: rpcQuantity(request.nonce),
    }
    const answer = (await provider.request({ method, params: [tx] })) as string
    results.push({ chainId: chainId ?? 0, hash: method === 'eth_sendTransaction' ? answer : null, signature: method === 'eth_signTransaction' ? answer : null })
  }
  return results
}

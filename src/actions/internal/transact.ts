import { TRANSACTION_MESSAGES, TransactionError, toProviderError } from '../../errors/transaction.ts'
import { $externalWallets } from '../../stores/externalWallets.ts'
import { crossAppAccountOf } from '../../crossapp/account.ts'
import type { EthereumTransactionRequest, TransactionUiOptions, TxMethod } from '../../transactions/types.ts'
import { $wallets, findWallet } from '../../stores/wallets.ts'
import { defaultChainId, parseChainId } from '../../wallets/ethereum/chains.ts'

/** Shared by sendTransaction and signTransaction: an embedded wallet through the screen (or headless), an external wallet directly. */
export async function transact(
  method: TxMethod,
  request: EthereumTransactionRequest | EthereumTransactionRequest[],
  options: { address?: string; uiOptions?: TransactionUiOptions },
) {
  const requests = Array.isArray(request) ? request : [request]
  if (requests.length === 0 || requests.some((r) => !r || typeof r !== 'object')) {
    throw toProviderError(new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE' }))
  }
  if (crossAppAccountOf(options.address)) {
    // The provider's popup confirms and sends (or signs) with its own wallet: one request at a time.
    const { crossAppRequest } = await import('../../crossapp/request.ts')
    const results = []
    for (const r of requests) results.push(await crossAppRequest(options.address!, method, [r]))
    return results
  }
  const external = options.address
    ? $externalWallets.get().find((w) => w.chainType === 'ethereum' && w.address.toLowerCase() === options.address!.toLowerCase())
    : undefined
  if (external?.getEthereumProvider) return viaExternalWallet(method, external.address, (await external.getEthereumProvider()) as Eip1193, requests)
  const wallet = options.address ? findWallet(options.address) : $wallets.get().find((w) => w.chainType === 'ethereum')
  if (!wallet || wallet.chainType !== 'ethereum')
    throw toProviderError(new TransactionError('No wallet found for address', { code: 'EMBEDDED_WALLET_NOT_FOUND' }))
  try {
    const { requestTransaction } = await import('../../transactions/drivers/ethereum.ts')
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

/**
 * Ethereum transactions of an embedded wallet (spec part 3 §4): prepare (nonce, gas and fees from
 * the chain's RPC), sign in the wallet frame, broadcast, wait for the receipt: the steps the
 * transaction controller's Ethereum driver (src/transactions/drivers/ethereum.ts) runs. The frame gets a
 * fully filled transaction and never touches the network; the host never sees the key.
 * Loaded with the first transaction.
 */
import type { TransactionToSign } from '../../../frame/src/protocol.ts'
import { connectEmbeddedWallet } from '../../actions/connectEmbeddedWallet.ts'
import { getApiClient } from '../../api/instance.ts'
import { insufficientFunds, isInsufficientFundsMessage, TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import { EmbeddedWalletError, WALLET_MESSAGES, WalletProxyError } from '../../errors/wallet.ts'
import type { EthereumTransactionRequest, TxParameters } from '../../transactions/types.ts'
import { findWallet, walletRef } from '../../stores/wallets.ts'
import { chainRpc, requireChain, RpcResponseError, type ChainConfig } from '../ethereum/chains.ts'
import { getWalletProxy } from './proxy.ts'
import { requireAccessToken } from './session.ts'

/** A transaction ready to sign, with what the confirmation screen shows of its cost. */
export interface PreparedTransaction {
  chain: ChainConfig
  tx: TransactionToSign
  /** gas × max fee per gas (or gas price), in wei: the most the network fee can be. */
  maxFee: bigint
  value: bigint
}

/** Receipt polling: often at first (local chains mine at once), then every 2 s; the spec sets no interval. */
const RECEIPT_POLL_MS = [250, 500, 1000, 2000]
const RECEIPT_TIMEOUT_MS = 5 * 60_000

const toQuantity = (value: bigint | number | string | undefined, field: string): bigint | undefined => {
  if (value === undefined || value === null || value === '') return undefined
  try {
    const n = BigInt(value)
    if (n < 0n) throw new Error(field)
    return n
  } catch {
    throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE', details: `Invalid ${field}` })
  }
}
const hex = (n: bigint) => `0x${n.toString(16)}`

/** Fills nonce, gas and fees from the chain (what the caller left out); checks the RPC is that chain. */
export async function prepareTransaction(
  address: string,
  request: EthereumTransactionRequest,
  chainId: number,
  nonceOverride?: number,
): Promise<PreparedTransaction> {
  const chain = requireChain(request.chainId ?? chainId)
  if (request.from && request.from.toLowerCase() !== address.toLowerCase()) {
    throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE', details: 'from is not this wallet' })
  }
  const value = toQuantity(request.value, 'value') ?? 0n
  const call = { from: address, to: request.to ?? undefined, data: request.data, value: hex(value) }
  try {
    const [rpcChain, nonce, gas, block, priority, gasPrice] = await Promise.all([
      chainRpc(chain, 'eth_chainId'),
      nonceOverride ??
        (request.nonce !== undefined ? Number(request.nonce) : chainRpc(chain, 'eth_getTransactionCount', [address, 'pending']).then((n) => Number(n))),
      toQuantity(request.gas, 'gas') ?? chainRpc(chain, 'eth_estimateGas', [call]).then((g) => BigInt(g as string)),
      chainRpc(chain, 'eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: string } | null>,
      chainRpc(chain, 'eth_maxPriorityFeePerGas').then(
        (p) => BigInt(p as string),
        () => 1_000_000_000n,
      ),
      chainRpc(chain, 'eth_gasPrice').then((p) => BigInt(p as string)),
    ])
    if (Number(rpcChain) !== chain.id) throw new RpcResponseError(`The RPC URL of chain ${chain.id} serves chain ${Number(rpcChain)}`, -32603)
    const base = { from: address, to: request.to ?? null, data: request.data, value: hex(value), chainId: chain.id, nonce: Number(nonce), gas: hex(gas) }
    const legacy = request.type === 'legacy' || request.type === 0 || request.gasPrice !== undefined || !block?.baseFeePerGas
    if (legacy) {
      const price = toQuantity(request.gasPrice, 'gasPrice') ?? gasPrice
      return { chain, value, maxFee: gas * price, tx: { ...base, type: 'legacy', gasPrice: hex(price) } }
    }
    const maxPriorityFeePerGas = toQuantity(request.maxPriorityFeePerGas, 'maxPriorityFeePerGas') ?? priority
    // viem's default: room for the base fee to rise 20% before the transaction is mined.
    const maxFeePerGas = toQuantity(request.maxFeePerGas, 'maxFeePerGas') ?? (BigInt(block!.baseFeePerGas!) * 12n) / 10n + maxPriorityFeePerGas
    return {
      chain,
      value,
      maxFee: gas * maxFeePerGas,
      tx: { ...base, type: 'eip1559', maxFeePerGas: hex(maxFeePerGas), maxPriorityFeePerGas: hex(maxPriorityFeePerGas) },
    }
  } catch (error) {
    if (error instanceof TransactionError) throw error
    throw new TransactionError(TRANSACTION_MESSAGES.preparing, { code: 'TRANSACTION_FAILURE', details: (error as Error).message, cause: error })
  }
}

/** Connects (recovering if needed) and signs in the frame: the signed serialized transaction. */
export async function signPrepared(address: string, prepared: PreparedTransaction): Promise<string> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToSign)
  const wallet = findWallet(address)
  const ref = wallet && walletRef(wallet)
  if (!wallet || !ref || wallet.chainType !== 'ethereum') {
    throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  }
  await connectEmbeddedWallet({ address })
  try {
    const { signature } = await getWalletProxy().request('wallets:rpc', {
      accessToken,
      wallet: ref,
      request: { method: 'eth_signTransaction', params: [prepared.tx] },
    })
    return signature
  } catch (error) {
    const details = error instanceof WalletProxyError ? error.shortMessage : undefined
    throw new TransactionError(TRANSACTION_MESSAGES.failedToSign, { code: 'UNABLE_TO_SIGN', details, cause: error })
  }
}

/** Broadcasts a signed transaction: its hash. */
export async function broadcast(chain: ChainConfig, signed: string): Promise<string> {
  try {
    return (await chainRpc(chain, 'eth_sendRawTransaction', [signed])) as string
  } catch (error) {
    if (isInsufficientFundsMessage((error as Error).message)) throw insufficientFunds(chain.name, error)
    throw new TransactionError(TRANSACTION_MESSAGES.generic, { code: 'TRANSACTION_FAILURE', details: (error as Error).message, cause: error })
  }
}

/** Whether the app pays this transaction's gas: a sponsored chain, and a transaction that is sent (not only signed). */
export const isSponsored = (prepared: PreparedTransaction, method: TxParameters['method']) =>
  method === 'eth_sendTransaction' && prepared.chain.sponsored === true

/**
 * Sends a signed transaction: straight to the chain, or on a sponsored chain through our server
 * (`POST /wallets/:wallet_id/rpc`, `sponsor: true`), which tops the wallet up with the gas and broadcasts it.
 */
export async function submitSigned(address: string, prepared: PreparedTransaction, signed: string): Promise<string> {
  if (!prepared.chain.sponsored) return broadcast(prepared.chain, signed)
  const wallet = findWallet(address)
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  try {
    const { data } = await getApiClient().post(
      '/wallets/:wallet_id/rpc',
      {
        chain_type: 'ethereum',
        method: 'eth_sendTransaction',
        caip2: `eip155:${prepared.chain.id}`,
        sponsor: true,
        params: { signed_transaction: signed },
      },
      { params: { wallet_id: wallet.id }, retries: 0 },
    )
    // The route also answers the app backend's signing methods; a sponsored send answers its hash.
    return (data as { hash: string }).hash
  } catch (error) {
    const details = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message
    if (isInsufficientFundsMessage(details) || isInsufficientFundsMessage((error as { details?: string }).details)) {
      throw insufficientFunds(prepared.chain.name, error)
    }
    throw new TransactionError(TRANSACTION_MESSAGES.generic, { code: 'TRANSACTION_FAILURE', details, cause: error })
  }
}

/** Waits for the receipt; a reverted status is 'Transaction failed' (TRANSACTION_FAILURE, with the hash). */
export async function waitForReceipt(chain: ChainConfig, hash: string): Promise<{ status: string; blockNumber: string }> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS
  for (let attempt = 0; ; attempt++) {
    const receipt = (await chainRpc(chain, 'eth_getTransactionReceipt', [hash]).catch(() => null)) as { status: string; blockNumber: string } | null
    if (receipt) {
      if (receipt.status !== '0x1') throw new TransactionError(TRANSACTION_MESSAGES.failed, { code: 'TRANSACTION_FAILURE', hash })
      return receipt
    }
    if (Date.now() > deadline)
      throw new TransactionError(TRANSACTION_MESSAGES.generic, { code: 'TRANSACTION_FAILURE', hash, details: 'No receipt in 5 minutes' })
    await new Promise((r) => setTimeout(r, RECEIPT_POLL_MS[Math.min(attempt, RECEIPT_POLL_MS.length - 1)]))
  }
}

/**
 * The Ethereum driver of the transaction controller: an embedded wallet's request (one or a batch)
 * reviewed with what the chain and our server say of it, prepared (nonce, gas, fees), signed in the
 * wallet frame, broadcast (or sponsored through our server) and confirmed by its receipt. Loaded
 * with the first transaction.
 */
import type { BaseError } from '../../errors/base.ts'
import { errorDetail } from '../../errors/toBaseError.ts'
import { insufficientFunds, TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import { chainRpc, explorerLink, requireChain } from '../../wallets/ethereum/chains.ts'
import { decodeCall, readToken, readTokenBalance, type DecodedCallInfo, type TokenInfo } from '../../wallets/ethereum/decode.ts'
import { fetchUsdPrice, scanTransaction, type ScanInsight } from '../../wallets/ethereum/insights.ts'
import { isSponsored, prepareTransaction, signPrepared, submitSigned, waitForReceipt, type PreparedTransaction } from '../../wallets/embedded/transactions.ts'
import type { TxController, TxDriver } from '../../stores/transaction.ts'
import { runTransaction } from '../run.ts'
import type { TxParameters, TxStepResult } from '../types.ts'

/** What the confirmation screen shows of one step, read from the chain and our server. */
export interface StepView {
  prepared: PreparedTransaction
  info: DecodedCallInfo
  token: TokenInfo | null
  /** The wallet's balance of the ERC-20 token the call moves or approves (the balance card); null for other calls. */
  tokenBalance: bigint | null
  balance: bigint
  /** USD per native token; null when no price (no USD shown). */
  usd: number | null
  /** The transaction scan (verdict, the user's asset changes, exposures); null when off or failed (the basic amount view). */
  scan: ScanInsight | null
  /** The app pays the gas (spec part 3 §2: the fee reads 'Sponsored'). */
  sponsored: boolean
}

/**
 * Spec part 3 §4: funds are missing when the balance cannot pay the value, and the fee unless it is
 * sponsored (sponsorship pays gas, not value).
 */
export const fundsMissing = (view: Pick<StepView, 'balance' | 'prepared' | 'sponsored'>) =>
  view.balance < view.prepared.value + (view.sponsored ? 0n : view.prepared.maxFee)

export class EthereumDriver implements TxDriver<StepView, PreparedTransaction, string, TxStepResult> {
  readonly kind = 'ethereum'
  readonly parameters: TxParameters
  readonly total: number
  readonly signOnly: boolean
  readonly uiOptions

  constructor(parameters: TxParameters) {
    this.parameters = parameters
    this.total = parameters.requests.length
    this.signOnly = parameters.method === 'eth_signTransaction'
    this.uiOptions = parameters.uiOptions ?? {}
  }

  async review(step: number): Promise<StepView> {
    const { address, requests, chainId, method } = this.parameters
    const tx = requests[step]!
    const prepared = await prepareTransaction(address, tx, chainId)
    const [token, balance, usd, scan] = await Promise.all([
      tx.to && tx.data && tx.data !== '0x' ? readToken(prepared.chain, tx.to) : Promise.resolve(null),
      chainRpc(prepared.chain, 'eth_getBalance', [address, 'latest']).then((b) => BigInt(b as string)),
      fetchUsdPrice(prepared.chain.id, prepared.chain.nativeCurrency.symbol),
      scanTransaction(method, prepared.tx, address),
    ])
    const info = decodeCall(tx.data, token?.isErc20 ?? false)
    const tokenBalance = info.isErc20Ish && tx.to ? await readTokenBalance(prepared.chain, tx.to, address) : null
    return { prepared, info, token, tokenBalance, balance, usd, scan, sponsored: isSponsored(prepared, method) }
  }

  /**
   * A batch's steps are prepared again right before signing: each nonce follows the previous step's
   * receipt. Headless reviews nothing, so a transaction is checked for funds here, before it is signed.
   */
  async prepare(i: number, reviewed: StepView | null): Promise<PreparedTransaction> {
    if (this.total === 1 && reviewed) return reviewed.prepared
    const { address, requests, chainId, method } = this.parameters
    const prepared = await prepareTransaction(address, requests[i]!, chainId)
    if (reviewed === null && method === 'eth_sendTransaction') {
      const balance = BigInt((await chainRpc(prepared.chain, 'eth_getBalance', [address, 'latest'])) as string)
      if (fundsMissing({ balance, prepared, sponsored: isSponsored(prepared, method) })) throw insufficientFunds(prepared.chain.name)
    }
    return prepared
  }

  /** What the host gets when the user leaves a step that lacks funds: INSUFFICIENT_BALANCE, not a plain decline. */
  insufficient(view: StepView): BaseError | null {
    return !this.signOnly && fundsMissing(view) ? insufficientFunds(view.prepared.chain.name) : null
  }

  sign(_i: number, prepared: PreparedTransaction): Promise<string> {
    return signPrepared(this.parameters.address, prepared)
  }

  submit(prepared: PreparedTransaction, signed: string): Promise<string> {
    return submitSigned(this.parameters.address, prepared, signed)
  }

  async confirm(prepared: PreparedTransaction, hash: string): Promise<void> {
    await waitForReceipt(prepared.chain, hash)
  }

  result(prepared: PreparedTransaction, signed: string, hash: string | null): TxStepResult {
    return { chainId: prepared.chain.id, hash, signature: this.signOnly ? signed : null }
  }

  /** The block explorer page of a step's hash (the error and success screens' link); null when the chain has no explorer or is unknown. */
  explorer(step: number, hash: string): string | null {
    try {
      return explorerLink(requireChain(this.parameters.requests[step]?.chainId ?? this.parameters.chainId), 'tx', hash)
    } catch {
      return null
    }
  }

  successDetail(results: TxStepResult[]) {
    const last = results[results.length - 1]!
    const { method, address } = this.parameters
    return { method, address, chainId: last.chainId, hash: last.hash, signature: last.signature }
  }

  errorDetail(error: BaseError, hash: string | null) {
    const { method, address, chainId } = this.parameters
    return { method, address, chainId, hash, ...errorDetail(error) }
  }
}

/** Every step's result, through the confirmation screen unless `showWalletUIs` is false; published once as `tx-success` or `tx-error`. */
export async function requestTransaction(parameters: TxParameters): Promise<TxStepResult[]> {
  if (parameters.requests.length === 0) throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE' })
  return runTransaction(new EthereumDriver(parameters))
}

/** The controller of an Ethereum request, as its screen reads it. */
export type EthereumTxController = TxController<EthereumDriver>

/**
 * The smart-wallet driver of the transaction controller: each call of a request (one, or an
 * EIP-5792 batch) is reviewed as a step ('(n / total)', 'Continue'), and approving the last one
 * sends them all as ONE user operation: prepared with the bundler and our paymaster (the fee reads
 * 'Sponsored' when the paymaster pays), signed by the owner in the wallet frame, carried by the
 * bundler, confirmed by its receipt. Every failure before the bundler takes it (bundler or paymaster
 * down, a revert in simulation, a refused sponsorship) is shown before anything is sent or charged.
 */
import type { BaseError } from '../../errors/base.ts'
import { errorDetail } from '../../errors/toBaseError.ts'
import { insufficientFunds, TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import type { TxController, TxDriver } from '../../stores/transaction.ts'
import { chainRpc, explorerLink } from '../../wallets/ethereum/chains.ts'
import { decodeCall, readToken, readTokenBalance } from '../../wallets/ethereum/decode.ts'
import { fetchUsdPrice, scanTransaction } from '../../wallets/ethereum/insights.ts'
import {
  freshOperation,
  prepareOperation,
  signOperation,
  smartWalletContext,
  submitOperation,
  waitForOperation,
  type PreparedOperation,
  type SmartCall,
  type SmartWalletContext,
} from '../../wallets/smart/client.ts'
import type { Hex } from 'viem'
import { runTransaction } from '../run.ts'
import type { EthereumTransactionRequest, TxParameters, TxStepResult } from '../types.ts'
import { fundsMissing, type StepView } from './ethereum.ts'

const quantity = (value: EthereumTransactionRequest['value']): bigint => {
  try {
    const n = value === undefined || value === null || value === '' ? 0n : BigInt(value)
    if (n < 0n) throw new Error('negative')
    return n
  } catch {
    throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE', details: 'Invalid value' })
  }
}

/** A request as one call of the operation: a target is required (an operation does not deploy contracts from a call). */
export function toSmartCall(request: EthereumTransactionRequest, smartAddress: string): SmartCall {
  if (!request || typeof request !== 'object' || typeof request.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(request.to)) {
    throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE', details: 'A smart-wallet call needs a `to` address' })
  }
  if (request.from && request.from.toLowerCase() !== smartAddress.toLowerCase()) {
    throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE', details: 'from is not this smart wallet' })
  }
  if (request.data !== undefined && !/^0x([0-9a-fA-F]{2})*$/.test(request.data)) {
    throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE', details: 'Invalid data' })
  }
  return { to: request.to as Hex, data: (request.data as Hex | undefined) ?? '0x', value: quantity(request.value) }
}

export interface SmartTxParameters extends TxParameters {
  /** The embedded wallet that owns the smart wallet (default: the user's primary Ethereum wallet). */
  owner?: string
}

export class SmartWalletDriver implements TxDriver<StepView, PreparedOperation, Hex, TxStepResult> {
  readonly kind = 'ethereum'
  readonly combined = true
  readonly signOnly = false
  readonly parameters: SmartTxParameters
  readonly total: number
  readonly uiOptions
  readonly #calls: SmartCall[]
  #operation: Promise<PreparedOperation> | null = null
  #userOpHash: string | null = null

  constructor(
    parameters: SmartTxParameters,
    readonly context: SmartWalletContext,
  ) {
    this.parameters = parameters
    this.total = parameters.requests.length
    this.uiOptions = parameters.uiOptions ?? {}
    this.#calls = parameters.requests.map((r) => toSmartCall(r, context.address))
  }

  #prepare(again: boolean): Promise<PreparedOperation> {
    if (again || !this.#operation) {
      this.#operation = prepareOperation(this.context, this.#calls)
      this.#operation.catch(() => (this.#operation = null))
    }
    return this.#operation
  }

  /** The whole operation is prepared with the first review (so every step shows its real fee and sponsorship); a retry prepares it again. */
  async review(step: number, retryFrom: number | null): Promise<StepView> {
    const { chain } = this.context.settings
    const address = this.context.address
    const call = this.#calls[step]!
    const [operation, token, balance, usd] = await Promise.all([
      this.#prepare(retryFrom !== null),
      call.data && call.data !== '0x' ? readToken(chain, call.to) : Promise.resolve(null),
      chainRpc(chain, 'eth_getBalance', [address, 'latest']).then((b) => BigInt(b as string)),
      fetchUsdPrice(chain.id, chain.nativeCurrency.symbol),
    ])
    const tx = {
      from: address,
      to: call.to,
      data: call.data,
      value: `0x${(call.value ?? 0n).toString(16)}`,
      chainId: chain.id,
      nonce: 0,
      gas: '0x0',
      type: 'eip1559' as const,
    }
    const scan = await scanTransaction('eth_sendTransaction', tx, address)
    const info = decodeCall(call.data, token?.isErc20 ?? false)
    const tokenBalance = info.isErc20Ish ? await readTokenBalance(chain, call.to, address) : null
    return {
      prepared: { chain, tx, maxFee: operation.maxFee, value: call.value ?? 0n },
      info,
      token,
      tokenBalance,
      balance,
      usd,
      scan,
      sponsored: operation.sponsored,
    }
  }

  /** The operation as reviewed, prepared again when the paymaster's signature is near its expiry; headless checks the funds of an unsponsored one here. */
  async prepare(_i: number, reviewed: StepView | null): Promise<PreparedOperation> {
    const prepared = await freshOperation(this.context, await this.#prepare(false), this.#calls)
    if (reviewed === null && !prepared.sponsored) {
      const balance = BigInt((await chainRpc(this.context.settings.chain, 'eth_getBalance', [this.context.address, 'latest'])) as string)
      if (balance < prepared.value + prepared.maxFee) throw insufficientFunds(this.context.settings.chain.name)
    }
    return prepared
  }

  insufficient(view: StepView): BaseError | null {
    return fundsMissing(view) ? insufficientFunds(view.prepared.chain.name) : null
  }

  sign(_i: number, prepared: PreparedOperation): Promise<Hex> {
    return signOperation(this.context, prepared)
  }

  async submit(prepared: PreparedOperation, signed: Hex): Promise<string> {
    // Spent: a retry after this point prepares a new operation (a new nonce).
    this.#operation = null
    this.#userOpHash = await submitOperation(this.context, prepared, signed)
    return this.#userOpHash
  }

  async confirm(_prepared: PreparedOperation, userOpHash: string): Promise<string> {
    return waitForOperation(this.context, userOpHash as Hex)
  }

  result(_prepared: PreparedOperation, _signed: Hex, hash: string | null): TxStepResult {
    return { chainId: this.context.settings.chain.id, hash, signature: null, ...(this.#userOpHash ? { userOperationHash: this.#userOpHash } : {}) }
  }

  /** A transaction hash's explorer page; none for the user-operation hash shown while the bundler carries it. */
  explorer(_step: number, hash: string): string | null {
    return hash === this.#userOpHash ? null : explorerLink(this.context.settings.chain, 'tx', hash)
  }

  successDetail(results: TxStepResult[]) {
    const last = results[results.length - 1]!
    return { method: 'eth_sendTransaction' as const, address: this.context.address, chainId: last.chainId, hash: last.hash, signature: null }
  }

  errorDetail(error: BaseError, hash: string | null) {
    return { method: 'eth_sendTransaction' as const, address: this.context.address, chainId: this.context.settings.chain.id, hash, ...errorDetail(error) }
  }
}

/** Sends the requests from the smart wallet as one user operation, through the confirmation screen unless headless. */
export async function requestSmartTransaction(parameters: Omit<SmartTxParameters, 'address' | 'method'>): Promise<TxStepResult> {
  if (parameters.requests.length === 0) throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE' })
  const context = await smartWalletContext(parameters.chainId, parameters.owner)
  const driver = new SmartWalletDriver({ ...parameters, method: 'eth_sendTransaction', address: context.address }, context)
  const [result] = await runTransaction(driver)
  return result!
}

export type SmartTxController = TxController<SmartWalletDriver>

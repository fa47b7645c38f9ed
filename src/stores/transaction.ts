/**
 * The transaction controller, a store (spec part 3 §4): the one loop prepare → review → sign →
 * submit → confirm, step by step for a batch, over a per-chain driver (src/transactions/drivers/:
 * ethereum.ts, solana.ts; src/transactions/run.ts starts a request). The phase
 * lives in a store the confirmation screens render; the screens send approve / decline / retry /
 * step and nothing else. Headless (`showWalletUIs: false`) is the same controller approving by
 * itself, shown nowhere. The host's promise lives here: it settles when the outcome is known (the
 * receipt on chain, the cluster's confirmation, the signature), with `tx-success` / `tx-error`;
 * the success screen's 'All Done' only closes.
 */
import { atom, type ReadableAtom } from 'nanostores'
import type { BaseError } from '../errors/base.ts'
import { toBaseError } from '../errors/toBaseError.ts'
import { TRANSACTION_MESSAGES, TransactionError } from '../errors/transaction.ts'
import { publish } from '../events/bus.ts'
import type { TxErrorEventDetail } from '../events/tx-error.ts'
import type { TxSuccessEventDetail } from '../events/tx-success.ts'
import { txTransition, type TxEvent } from '../transactions/flow.ts'
import type { TransactionUiOptions } from '../transactions/types.ts'
import { $txPrompt } from './txPrompt.ts'

/**
 * One chain's side of the loop. V: what the review screen shows of a step; T: a step ready to
 * sign; S: a signed step; R: a step's outcome as the host gets it.
 */
export interface TxDriver<V, T, S, R> {
  readonly kind: 'ethereum' | 'solana'
  readonly total: number
  readonly signOnly: boolean
  readonly uiOptions: TransactionUiOptions
  /**
   * The steps are reviewed one by one but go as ONE signature and send (a smart wallet's batch is one
   * user operation): approving the last step prepares, signs and sends them together, one result.
   */
  readonly combined?: boolean
  /** What the screen shows of `step`, read from the chain; `retryFrom` after an error or a top-up: the first step not done yet. */
  review(step: number, retryFrom: number | null): Promise<V>
  /** Step `i` ready to sign, right before signing; `reviewed` is the last step's review (null headless). */
  prepare(i: number, reviewed: V | null): Promise<T>
  sign(i: number, prepared: T): Promise<S>
  /** Broadcasts: the hash (Solana: the signature). */
  submit(prepared: T, signed: S): Promise<string>
  /**
   * Resolves once the receipt is on chain (Solana: the cluster confirmed); a revert throws with the
   * hash. May answer the hash that carried it when `submit`'s was not a transaction's (a user operation's).
   */
  confirm(prepared: T, hash: string): Promise<void | string>
  result(prepared: T, signed: S, hash: string | null): R
  /** The explorer page of a step's hash or signature; null when the chain has no explorer. */
  explorer(step: number, hash: string): string | null
  /** The error the host gets when the user leaves step view `view` because it lacks funds; null when it has them. */
  insufficient(view: V): BaseError | null
  successDetail(results: R[]): TxSuccessEventDetail
  errorDetail(error: BaseError, hash: string | null): TxErrorEventDetail
}

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDriver = TxDriver<any, any, any, any>
type ViewOf<D> = D extends TxDriver<infer V, any, any, any> ? V : never
type ResultOf<D> = D extends TxDriver<any, any, any, infer R> ? R : never
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Spec part 3 §4 (the names of flow.ts): `view` is the reviewed step (null headless, which reviews nothing). */
export type TxPhase<V> =
  | { name: 'preparing' }
  | { name: 'ready'; view: V }
  | { name: 'submitting'; view: V | null }
  | { name: 'awaiting-receipt'; view: V | null; hash: string }
  /** `hash`: the last step's hash or signature once sent (null sign-only), shown with its explorer link. */
  | { name: 'success'; hash: string | null; at: number }
  | { name: 'error'; error: BaseError; hash: string | null; at: number }

export interface TxState<V> {
  /** The step on screen (0-based): '(step + 1 / total)'. */
  step: number
  phase: TxPhase<V>
}

let ids = 0

export class TxController<D extends AnyDriver> {
  /** A fresh screen for every request. */
  readonly id = ++ids
  readonly driver: D
  readonly headless: boolean
  /** The host's answer: every step's outcome, once the last one is on chain (or signed). */
  readonly result: Promise<ResultOf<D>[]>
  readonly #state = atom<TxState<ViewOf<D>>>({ step: 0, phase: { name: 'preparing' } })
  readonly $state: ReadableAtom<TxState<ViewOf<D>>> = this.#state
  readonly #results: ResultOf<D>[] = []
  #settle!: { resolve(results: ResultOf<D>[]): void; reject(error: BaseError): void }
  #settled = false
  /** Bumped by every load and by close: an answer of an older one is dropped. */
  #generation = 0

  constructor(driver: D) {
    this.driver = driver
    this.headless = driver.uiOptions.showWalletUIs === false
    this.result = new Promise((resolve, reject) => (this.#settle = { resolve, reject }))
  }

  /** Reviews the first step for the screen (src/transactions/run.ts has shown it in `<sign-prompt>`); headless runs at once. */
  start(): Promise<ResultOf<D>[]> {
    if (this.headless) {
      this.#move('auto', { name: 'submitting', view: null })
      void this.#run(null)
    } else {
      this.#load(0, null, null)
    }
    return this.result
  }

  /** The main button: 'Continue' reviews the next step; on the last step, signs and sends every step not done yet. */
  approve(): void {
    const { step, phase } = this.#state.get()
    if (phase.name !== 'ready') return
    if (step < this.driver.total - 1) return this.#load(step + 1, 'step', null)
    if (this.#move('approve', { name: 'submitting', view: phase.view })) void this.#run(phase.view)
  }

  /** A batch's back arrow (or any other step). */
  step(to: number): void {
    if (to >= 0 && to < this.driver.total) this.#load(to, 'step', null)
  }

  /** 'Retry transaction' on the error screen: review the step again (Solana: over a fresh blockhash). */
  retry(): void {
    this.#load(this.#state.get().step, 'retry', this.#results.length)
  }

  /** After 'Add funds': the balance changed, so the step is reviewed again. */
  refresh(): void {
    this.#load(this.#state.get().step, 'step', this.#results.length)
  }

  /**
   * 'Not now' or the close control: the user declined (4001 / USER_REJECTED); leaving a step that
   * lacks funds tells the host why instead (INSUFFICIENT_BALANCE): approving could not have succeeded.
   */
  decline(): void {
    const { phase } = this.#state.get()
    const shortfall = phase.name === 'ready' ? this.driver.insufficient(phase.view) : null
    this.fail(shortfall ?? new TransactionError(TRANSACTION_MESSAGES.rejected, { code: 'USER_REJECTED' }))
  }

  /** Rejects the host's promise (unless settled) with `tx-error`, and closes. */
  fail(error: BaseError, hash: string | null = null): void {
    if (!this.#settled) {
      this.#settled = true
      publish('tx-error', this.driver.errorDetail(error, hash ?? (error instanceof TransactionError ? error.hash : null)))
      this.#settle.reject(error)
    }
    this.close()
  }

  /** 'All Done', the sign-only success's own close, or the error screen's 'Not now' after a rejection: the prompt goes away. */
  close(): void {
    this.#generation++
    if ($txPrompt.get() === (this as unknown)) $txPrompt.set(null)
  }

  /** Every move goes through the state table (flow.ts); a move it does not allow is ignored. */
  #move(event: TxEvent, phase: TxPhase<ViewOf<D>>, step = this.#state.get().step): boolean {
    if (txTransition(this.#state.get().phase.name, event) !== phase.name) return false
    this.#state.set({ step, phase })
    return true
  }

  #load(step: number, event: 'step' | 'retry' | null, retryFrom: number | null): void {
    if (event && !this.#move(event, { name: 'preparing' }, step)) return
    const generation = ++this.#generation
    this.driver.review(step, retryFrom).then(
      (view) => generation === this.#generation && this.#move('prepared', { name: 'ready', view }),
      (error) => generation === this.#generation && this.#move('fail', { name: 'error', error: toBaseError(error), hash: null, at: step }),
    )
  }

  /** Signs every step not done yet, in order, each sent (unless sign-only) after the previous one is on chain. */
  async #run(view: ViewOf<D> | null): Promise<void> {
    const { driver } = this
    let hash: string | null = null
    let i = driver.combined ? driver.total - 1 : this.#results.length
    try {
      for (; i < driver.total; i++) {
        hash = null
        const prepared = await driver.prepare(i, view)
        if (i > 0) this.#move('approve', { name: 'submitting', view })
        const signed = await driver.sign(i, prepared)
        if (driver.signOnly) {
          this.#results.push(driver.result(prepared, signed, null))
          continue
        }
        hash = await driver.submit(prepared, signed)
        this.#move('broadcast', { name: 'awaiting-receipt', view, hash })
        hash = (await driver.confirm(prepared, hash)) ?? hash
        this.#results.push(driver.result(prepared, signed, hash))
      }
      this.#move(driver.signOnly ? 'signed' : 'receipt', { name: 'success', hash, at: driver.total - 1 })
      this.#succeed()
    } catch (error) {
      const base = toBaseError(error)
      // The error's own hash first: a smart wallet's revert names the transaction, not the operation.
      const failedHash = (error instanceof TransactionError ? error.hash : null) ?? hash
      // Headless has no error screen to retry from; leaving the recovery prompt ends the request.
      if (this.headless || base.code === 'USER_EXITED_AUTH_FLOW') return this.fail(base, failedHash)
      this.#move('fail', { name: 'error', error: base, hash: failedHash, at: i })
    }
  }

  #succeed(): void {
    if (this.#settled) return
    this.#settled = true
    const results = [...this.#results]
    publish('tx-success', this.driver.successDetail(results))
    this.#settle.resolve(results)
  }
}

/**
 * The funding flow in progress: its config (what the screens render) and the promise
 * `fundWallet()` answers. Screens end it with `completeFunding` (fund-success) or
 * `failFunding` (fund-error); closing the modal first rejects with USER_EXITED_FUNDING_FLOW.
 */
import { trackEvent } from '../api/analytics.ts'
import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import { publish } from '../events/bus.ts'
import type { FundErrorEventDetail } from '../events/fund-error.ts'
import type { FundSuccessEventDetail } from '../events/fund-success.ts'
import { $funding } from '../stores/funding.ts'
import { $modal, resetScreens, type ScreenEntry } from '../stores/modal.ts'
import { openWalletScreen } from '../wallets/embedded/modal.ts'
import type { FundingConfig, FundingMethod } from './config.ts'

export { $funding }

let pending: { resolve: (detail: FundSuccessEventDetail) => void; reject: (error: Error) => void } | null = null
let stopWatching: (() => void) | null = null

export function caip(config: FundingConfig): string {
  return config.chainType === 'solana' ? `solana:${config.cluster!.name}` : `eip155:${config.chain!.id}`
}

/** The screen a funding method starts on. */
export function methodScreen(method: FundingMethod, provider?: 'moonpay' | 'coinbase'): ScreenEntry {
  if (method === 'card') return provider === 'coinbase' ? { name: 'funding-exchange', via: 'card' } : { name: 'funding-card' }
  if (method === 'exchange') return { name: 'funding-exchange', via: 'exchange' }
  if (method === 'wallet') return { name: 'funding-wallets' }
  return { name: 'funding-receive' }
}

/** Starts a flow: the promise settles when a screen completes it, or rejects when the modal closes first. */
export function startFunding(config: FundingConfig, first: ScreenEntry): Promise<FundSuccessEventDetail> {
  settle(new FundingError(FUNDING_MESSAGES.exited, { code: 'USER_EXITED_FUNDING_FLOW' }))
  $funding.set(config)
  const promise = new Promise<FundSuccessEventDetail>((resolve, reject) => (pending = { resolve, reject }))
  openWalletScreen(first)
  stopWatching = $modal.listen(({ open }) => {
    if (!open) failFunding(new FundingError(FUNDING_MESSAGES.exited, { code: 'USER_EXITED_FUNDING_FLOW' }))
  })
  trackEvent('sdk_fiat_on_ramp_started', { destinationAddress: config.address, destinationChain: caip(config) })
  return promise
}

function settle(error?: Error, detail?: FundSuccessEventDetail) {
  stopWatching?.()
  stopWatching = null
  const current = pending
  pending = null
  if (!current) return
  if (error) current.reject(error)
  else current.resolve(detail!)
}

/** The funding-result event's fields for this flow (spec §7 `sdk_fiat_on_ramp_completed_with_status`). */
export function fundingResult(
  config: FundingConfig,
  fields: Partial<FundSuccessEventDetail> & Pick<FundSuccessEventDetail, 'provider' | 'status'>,
): FundSuccessEventDetail {
  return {
    txHash: null,
    sourceAddress: null,
    sourceValue: null,
    sourceToken: null,
    sourceChain: null,
    destinationAddress: config.address,
    destinationValue: config.amount,
    destinationToken: config.symbol || config.erc20Address || '',
    destinationChain: caip(config),
    ...fields,
  }
}

/** The funding-result analytics event alone: a provider's terminal status is reported when it is reached (spec §4). */
export function reportFundingResult(detail: FundSuccessEventDetail): void {
  trackEvent('sdk_fiat_on_ramp_completed_with_status', { ...detail })
}

/** Ends the flow with its result (`fund-success`); `reported` when the screen already sent the result's analytics event. */
export function completeFunding(detail: FundSuccessEventDetail, { reported = false }: { reported?: boolean } = {}): void {
  if (!reported) reportFundingResult(detail)
  publish('fund-success', detail)
  settle(undefined, detail)
}

export function failFunding(error: FundingError, fields: Partial<FundSuccessEventDetail> = {}): void {
  if (!pending) return
  const detail: FundErrorEventDetail = { ...fields, code: error.code, message: error.shortMessage }
  if (fields.provider) trackEvent('sdk_fiat_on_ramp_completed_with_status', { ...fields })
  publish('fund-error', detail)
  settle(error)
}

/** Spec §4: a failed provider flow returns to the method chooser with the error message in its banner. */
export function backToChooser(errorMessage: string | null): void {
  const config = $funding.get()
  if (config) $funding.set({ ...config, errorMessage })
  const state = $modal.get()
  const at = state.stack.map((s) => s.name).lastIndexOf('funding-methods')
  if (at >= 0) $modal.set({ ...state, stack: state.stack.slice(0, at + 1) })
  else resetScreens({ name: 'funding-methods' })
}

/** A provider's failure (spec §4 analytics of terminal events): fund-error without ending the flow, which goes back to the chooser. */
export function reportFundingFailure(error: FundingError, fields: Partial<FundSuccessEventDetail>): void {
  trackEvent('sdk_fiat_on_ramp_completed_with_status', { ...fields })
  publish('fund-error', { ...fields, code: error.code, message: error.shortMessage })
}

/**
 * The funding state machines of spec part 3 §4, as pure functions (tested without a DOM), and the
 * §9 constants. Screens drive them with timers and calls; these decide the next state.
 */

/** Spec §9. */
export const FUNDING_TIMING = {
  coinbasePollMs: 1500,
  coinbasePopupClosedLimit: 3,
  moonpayPollMs: 3000,
  moonpayErrorLimit: 3,
  /** The partner user id is stored (and polling starts) 5 s after the popup got the provider's page. */
  coinbasePartnerIdStoreMs: 5000,
  /** The card provider's external transaction id is stored (and polling starts) 8 s after the popup got the widget. */
  moonpayTransactionIdStoreMs: 8000,
  receivePollMs: 2000,
  bridgePollMs: 1000,
  bridgeSuccessCloseMs: 4000,
} as const

// Coinbase-style on-ramp: pending-in-flow → pending-after-flow → success | error.
export type CoinbaseStatus = 'pending-in-flow' | 'pending-after-flow' | 'success' | 'error'
export interface CoinbaseState {
  status: CoinbaseStatus
  closedCount: number
  /** True once the chooser should show again (3 closed-popup counts without success, or an error). */
  backToChooser: boolean
}
export type CoinbaseEvent = { type: 'popup-closed' } | { type: 'status'; status: 'pending' | 'success' | 'failure' } | { type: 'exception' }

export const initialCoinbaseState: CoinbaseState = { status: 'pending-in-flow', closedCount: 0, backToChooser: false }

export function coinbaseReducer(state: CoinbaseState, event: CoinbaseEvent): CoinbaseState {
  if (state.status === 'success' || state.status === 'error') return state
  switch (event.type) {
    case 'popup-closed': {
      const closedCount = state.closedCount + 1
      return { status: 'pending-after-flow', closedCount, backToChooser: closedCount >= FUNDING_TIMING.coinbasePopupClosedLimit }
    }
    case 'status':
      if (event.status === 'success') return { ...state, status: 'success' }
      if (event.status === 'failure') return { ...state, status: 'error', backToChooser: true }
      return state
    case 'exception':
      return { ...state, status: 'error', backToChooser: true }
  }
}

// Card provider (MoonPay-style).
export type MoonpayTxStatus = 'pending' | 'waitingPayment' | 'waitingAuthorization' | 'awaitingAuthorization' | 'completed' | 'failed' | 'serviceFailure'
export interface MoonpayTransaction {
  status: string
  paymentMethod?: string
  cardPaymentType?: string
  currency?: { code?: string }
  baseCurrencyAmount?: number | null
  quoteCurrencyAmount?: number | null
  feeAmount?: number | null
  extraFeeAmount?: number | null
  networkFeeAmount?: number | null
  cryptoTransactionId?: string | null
}
export interface MoonpayState {
  /** What the status screen shows: 'In Progress' (pending), 'Processing payment' (authorization), 'You've funded your account!' (completed). */
  status: 'pending' | 'processing' | 'completed' | 'failed' | 'serviceFailure'
  errors: number
  transaction: MoonpayTransaction | null
  /** Terminal: polling stops and the result is reported (analytics). */
  done: boolean
}
export type MoonpayEvent = { type: 'transaction'; transaction: MoonpayTransaction | null } | { type: 'poll-error'; notFound: boolean }

export const initialMoonpayState: MoonpayState = { status: 'pending', errors: 0, transaction: null, done: false }

export function moonpayReducer(state: MoonpayState, event: MoonpayEvent): MoonpayState {
  if (state.done) return state
  if (event.type === 'poll-error') {
    // A 404 is 'no transaction yet'; three other errors are a service failure.
    if (event.notFound) return state
    const errors = state.errors + 1
    return errors >= FUNDING_TIMING.moonpayErrorLimit ? { ...state, errors, status: 'serviceFailure', done: true } : { ...state, errors }
  }
  const tx = event.transaction
  if (!tx) return state
  const isCard = tx.paymentMethod === 'credit_debit_card' || Boolean(tx.cardPaymentType)
  switch (tx.status) {
    case 'completed':
      return { ...state, transaction: tx, status: 'completed', done: true }
    case 'failed':
      return { ...state, transaction: tx, status: 'failed', done: true }
    case 'waitingAuthorization':
    case 'awaitingAuthorization':
      // A card payment waiting authorization is still pending; any other method's is terminal.
      return isCard ? { ...state, transaction: tx, status: 'pending' } : { ...state, transaction: tx, status: 'processing', done: true }
    default:
      return { ...state, transaction: tx, status: tx.status === 'pending' ? 'processing' : 'pending' }
  }
}

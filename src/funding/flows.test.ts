import { describe, expect, it } from 'vitest'
import { coinbaseReducer, FUNDING_TIMING, initialCoinbaseState, initialMoonpayState, moonpayReducer, type CoinbaseState, type MoonpayState } from './flows.ts'

describe('Coinbase-style on-ramp (spec part 3 §4)', () => {
  it('pending-in-flow → pending-after-flow when the popup is seen closed; success on a success status', () => {
    let s: CoinbaseState = coinbaseReducer(initialCoinbaseState, { type: 'popup-closed' })
    expect(s).toEqual({ status: 'pending-after-flow', closedCount: 1, backToChooser: false })
    s = coinbaseReducer(s, { type: 'status', status: 'pending' })
    expect(s.status).toBe('pending-after-flow')
    s = coinbaseReducer(s, { type: 'status', status: 'success' })
    expect(s.status).toBe('success')
    // Terminal: nothing moves it any more.
    expect(coinbaseReducer(s, { type: 'popup-closed' })).toBe(s)
  })

  it('error: 3 closed-popup counts without success return to the chooser', () => {
    let s = initialCoinbaseState
    for (let i = 0; i < FUNDING_TIMING.coinbasePopupClosedLimit; i++) s = coinbaseReducer(s, { type: 'popup-closed' })
    expect(s.closedCount).toBe(3)
    expect(s.backToChooser).toBe(true)
  })

  it('error: a failure status or an exception is an error that returns to the chooser', () => {
    expect(coinbaseReducer(initialCoinbaseState, { type: 'status', status: 'failure' })).toMatchObject({ status: 'error', backToChooser: true })
    expect(coinbaseReducer(initialCoinbaseState, { type: 'exception' })).toMatchObject({ status: 'error', backToChooser: true })
  })

  it('polls every 1.5 s; the card provider every 3 s; receive every 2 s; bridge every 1 s, closing 4 s after success', () => {
    expect(FUNDING_TIMING).toMatchObject({ coinbasePollMs: 1500, moonpayPollMs: 3000, receivePollMs: 2000, bridgePollMs: 1000, bridgeSuccessCloseMs: 4000 })
  })
})

describe('card provider, MoonPay-style (spec part 3 §4)', () => {
  const tx = (status: string, more = {}) => ({ type: 'transaction' as const, transaction: { status, ...more } })
  it('pending → Processing payment → completed (terminal)', () => {
    let s: MoonpayState = moonpayReducer(initialMoonpayState, tx('waitingPayment'))
    expect(s.status).toBe('pending')
    s = moonpayReducer(s, tx('pending'))
    expect(s.status).toBe('processing')
    s = moonpayReducer(s, tx('completed'))
    expect(s).toMatchObject({ status: 'completed', done: true })
    expect(moonpayReducer(s, tx('failed'))).toBe(s)
  })

  it('a card payment waiting authorization is treated as pending; another method waiting authorization is terminal', () => {
    expect(moonpayReducer(initialMoonpayState, tx('waitingAuthorization', { paymentMethod: 'credit_debit_card' }))).toMatchObject({
      status: 'pending',
      done: false,
    })
    expect(moonpayReducer(initialMoonpayState, tx('awaitingAuthorization', { paymentMethod: 'sepa_bank_transfer' }))).toMatchObject({ done: true })
  })

  it('error: failed is terminal; 404s are not errors, three other polling errors give serviceFailure', () => {
    expect(moonpayReducer(initialMoonpayState, tx('failed'))).toMatchObject({ status: 'failed', done: true })
    let s = initialMoonpayState
    for (let i = 0; i < 5; i++) s = moonpayReducer(s, { type: 'poll-error', notFound: true })
    expect(s.errors).toBe(0)
    for (let i = 0; i < 3; i++) s = moonpayReducer(s, { type: 'poll-error', notFound: false })
    expect(s).toMatchObject({ status: 'serviceFailure', done: true, errors: 3 })
  })
})

import { describe, expect, it } from 'vitest'
import { insufficientFunds, isInsufficientFundsMessage, toProviderError } from './transaction.ts'

describe('missing funds (issue 26)', () => {
  it("a node's and our sponsor's refusals for want of funds are recognised; other failures are not", () => {
    expect(isInsufficientFundsMessage('insufficient funds for gas * price + value: have 0 want 1')).toBe(true)
    expect(isInsufficientFundsMessage('The wallet does not hold the value it sends (sponsorship pays gas only)')).toBe(true)
    expect(isInsufficientFundsMessage('nonce too low')).toBe(false)
    expect(isInsufficientFundsMessage(undefined)).toBe(false)
  })
  it("error: the host's provider error carries INSUFFICIENT_BALANCE and the spec's text, not 'An error has occurred'", () => {
    const error = toProviderError(insufficientFunds('Base'))
    expect(error).toMatchObject({ code: -32603, errorCode: 'INSUFFICIENT_BALANCE', message: 'Add funds on Base to complete transaction.' })
  })
})

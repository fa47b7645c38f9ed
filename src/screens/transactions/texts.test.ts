import { describe, expect, it } from 'vitest'
import { TransactionError } from '../../errors/transaction.ts'
import { errorTitle } from './texts.ts'

describe("the transaction error screen's title (spec part 2 §8, part 3 §4)", () => {
  it("names the wallet failures with the spec's error-screen texts", () => {
    expect(errorTitle({ code: 'INSUFFICIENT_BALANCE' })).toBe('Insufficient balance')
    expect(errorTitle({ code: 'insufficient_funds' })).toBe('Insufficient balance')
    for (const code of ['TIMEOUT', 'WALLET_TIMEOUT', 'wallet_timeout']) expect(errorTitle({ code })).toBe('Timed out')
    expect(errorTitle({ code: 'USER_REJECTED' })).toBe('User rejected connection')
    expect(errorTitle(new TransactionError('An error has occurred, please try again.', { code: 'TRANSACTION_FAILURE' }))).toBe('Transaction failure')
  })

  it('a wallet that could not be reached or found, or a signature the wallet failed, reads the spec part 3 §8 texts', () => {
    expect(errorTitle({ code: 'UNKNOWN_CONNECT_WALLET_ERROR' })).toBe('Unable to connect to wallet')
    expect(errorTitle({ code: 'EMBEDDED_WALLET_NOT_FOUND' })).toBe('No wallet found for address')
    expect(errorTitle({ code: 'UNABLE_TO_SIGN' })).toBe('Failed to sign transaction')
  })

  it("a reverted transaction stays 'Transaction failed'; other codes keep their texts, never the code", () => {
    expect(errorTitle(new TransactionError('Transaction failed', { code: 'TRANSACTION_FAILURE', hash: '0xabc' }))).toBe('Transaction failed')
    expect(errorTitle({ code: 'UNABLE_TO_SIGN' })).toBe('Failed to sign transaction')
    expect(errorTitle({ code: 'SOMETHING_ELSE' })).toBe('Transaction failed')
  })
})

import { describe, expect, it } from 'vitest'
import { errorTitle } from '../screens/transactions/texts.ts'
import { AaEndpointError, SMART_WALLET_MESSAGES, toSmartWalletError } from './smartWallet.ts'
import { TransactionError } from './transaction.ts'

/** How viem wraps what a transport threw: its own error classes, ours as a cause some levels down. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error('UserOperationExecutionError: Execution reverted'), { name: 'UserOperationExecutionError', cause: { cause } })

describe('toSmartWalletError: each failure on the way of a user operation has its own screen text', () => {
  it('error: the bundler not answering says so, and that nothing was sent or charged', () => {
    const error = toSmartWalletError(wrapped(new AaEndpointError('bundler', 'network', 'fetch failed')), 'Local')
    expect(error).toMatchObject({ code: 'TRANSACTION_FAILURE', shortMessage: SMART_WALLET_MESSAGES.bundlerDown })
    expect(errorTitle(error)).toBe('Transaction failure')
    expect(error.shortMessage).toMatch(/Nothing was sent and nothing was charged/)
  })

  it('error: the paymaster not answering is an outage of sponsorship, not a refusal', () => {
    expect(toSmartWalletError(wrapped(new AaEndpointError('paymaster', 'network', 'HTTP 503')), 'Local').shortMessage).toBe(SMART_WALLET_MESSAGES.paymasterDown)
  })

  it("error: the paymaster refusing (outside the app's policy, budget spent) shows the server's reason", () => {
    const error = toSmartWalletError(
      wrapped(new AaEndpointError('paymaster', 'rpc', "This app has used up today's sponsored network fees. Please try again later.", -32011)),
      'Local',
    )
    expect(error.shortMessage).toBe("This app has used up today's sponsored network fees. Please try again later. Nothing was sent and nothing was charged.")
    expect(error.code).toBe('TRANSACTION_FAILURE')
  })

  it("error: a call reverting in the bundler's simulation is the spec's preparing text, the reason in the details", () => {
    const error = toSmartWalletError(
      wrapped(new AaEndpointError('bundler', 'rpc', 'UserOperation reverted during simulation with reason: 0x08c379a0', -32521)),
      'Local',
    )
    expect(error.shortMessage).toBe('There was an error preparing your transaction. Your transaction request will likely fail.')
    expect(error.details).toMatch(/reverted during simulation/)
  })

  it("error: preparing, a bundler refusal without a code (Alto: 'could not parse simulate validation result') is the simulation text; sending, the generic one", () => {
    const refusal = () =>
      Object.assign(new Error('An unknown RPC error occurred.'), {
        cause: new AaEndpointError('bundler', 'rpc', 'Unknown error, could not parse simulate validation result.'),
      })
    expect(toSmartWalletError(refusal(), 'Local', null, 'prepare').shortMessage).toBe(SMART_WALLET_MESSAGES.simulation)
    expect(toSmartWalletError(refusal(), 'Local', null, 'send').shortMessage).toBe('An error has occurred, please try again.')
  })

  it('error: an unsponsored account without ether (AA21) is INSUFFICIENT_BALANCE with the spec text', () => {
    const error = toSmartWalletError(wrapped(new AaEndpointError('bundler', 'rpc', "AA21 didn't pay prefund", -32500)), 'Local')
    expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', shortMessage: 'Add funds on Local to complete transaction.' })
  })

  it('a paymaster failing in validation (AA3x) is a refused sponsorship', () => {
    expect(toSmartWalletError(wrapped(new AaEndpointError('bundler', 'rpc', 'AA34 signature error', -32500)), 'Local').shortMessage).toBe(
      SMART_WALLET_MESSAGES.notSponsoredGeneric,
    )
  })

  it('our own errors pass through unchanged', () => {
    const own = new TransactionError('Transaction failed', { code: 'TRANSACTION_FAILURE', hash: '0x1' })
    expect(toSmartWalletError(own, 'Local')).toBe(own)
  })
})

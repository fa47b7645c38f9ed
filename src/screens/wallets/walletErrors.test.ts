import { describe, expect, it } from 'vitest'
import { ApiError } from '../../errors/api.ts'
import { isPhantomMultichainFailure, mapWalletError, providerCode, WALLET_TEXT, WalletTimeoutError, withWalletTimeout } from './walletErrors.ts'

const api = (code: string, status = 409) => new ApiError({ status, code, message: `server says ${code}` })

describe('wallet error mapping (spec part 2 §8)', () => {
  it('error: 4001 (also wrapped by viem/wagmi) is "You rejected the request", retryable', () => {
    const wrapped = Object.assign(new Error('User rejected the request.'), { cause: { code: 4001 } })
    expect(providerCode(wrapped)).toBe(4001)
    expect(mapWalletError({ code: 4001, message: 'nope' })).toEqual({ kind: 'error', error: { title: WALLET_TEXT.rejected, detail: null, retryable: true } })
    expect(mapWalletError(wrapped)).toMatchObject({ error: { title: 'You rejected the request', retryable: true } })
  })

  it('error: a timeout is "Wallet request timed out / Please try connecting again.", retryable', async () => {
    await expect(withWalletTimeout(new Promise(() => undefined), 5)).rejects.toBeInstanceOf(WalletTimeoutError)
    expect(mapWalletError(new WalletTimeoutError())).toMatchObject({
      error: { title: 'Wallet request timed out', detail: 'Please try connecting again.', retryable: true },
    })
  })

  it('error: an address of another user offers only "Use a different wallet"', () => {
    expect(mapWalletError(api('linked_to_another_user'))).toMatchObject({
      error: { title: 'User already exists for this address', detail: 'Try another address!', retryable: false },
    })
    expect(mapWalletError(api('cannot_link_more_of_type'))).toMatchObject({
      error: { title: 'Unable to link', detail: "You've reached the maximum number of linked wallets", retryable: false },
    })
  })

  it('error: user limit, unknown user and allowlist go to their screens', () => {
    expect(mapWalletError(api('max_accounts_reached', 403))).toEqual({ kind: 'screen', screen: { name: 'user-limit' } })
    expect(mapWalletError(api('user_does_not_exist', 404))).toEqual({ kind: 'screen', screen: { name: 'account-not-found' } })
    expect(mapWalletError(api('allowlist_rejected', 403))).toEqual({ kind: 'screen', screen: { name: 'allowlist-rejected' } })
  })

  it('error: 4900/4901/4200 and anything else are "Could not log in with wallet"', () => {
    for (const code of [4900, 4901, 4200]) expect(mapWalletError({ code })).toMatchObject({ error: { title: WALLET_TEXT.couldNotLogIn } })
    expect(mapWalletError(new Error('boom'))).toMatchObject({ error: { title: 'Could not log in with wallet', retryable: true } })
  })

  it('error: Phantom failing without a rejection is the multichain failure; a rejection, a timeout or another wallet is not', () => {
    const disabled = Object.assign(new Error('Ethereum is turned off in Phantom'), { code: -32603 })
    expect(isPhantomMultichainFailure('phantom', disabled)).toBe(true)
    expect(isPhantomMultichainFailure('phantom', { code: 4001, message: 'User rejected the request.' })).toBe(false)
    expect(isPhantomMultichainFailure('phantom', new WalletTimeoutError())).toBe(false)
    expect(isPhantomMultichainFailure('phantom', api('linked_to_another_user'))).toBe(false)
    expect(isPhantomMultichainFailure('metamask', disabled)).toBe(false)
    expect(WALLET_TEXT.multichainFailed).toBe('Could not connect with wallet')
  })
})

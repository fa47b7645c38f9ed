import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser } from '../api/user.ts'
import { $delegation, DELEGATION_TIMING } from '../stores/delegation.ts'
import { $modal, currentScreen } from '../stores/modal.ts'
import { $session } from '../stores/session.ts'
import { $wallets } from '../stores/wallets.ts'
import { accessToken, configured, fakeFetch, resetAll, wireEmbeddedWallet, wireUser } from '../testing/harness.ts'
import { confirmDelegation, declineDelegation } from '../wallets/embedded/delegation.ts'
import { delegateWallet } from './delegateWallet.ts'
import { revokeWallets } from './revokeWallets.ts'

const ETH = '0x2222222222222222222222222222222222222222'
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const eth = (delegated = false) => wireEmbeddedWallet({ id: 'w-eth', address: ETH, delegated })
const sol = wireEmbeddedWallet({ id: 'w-sol', address: SOL, chain_type: 'solana', chain_id: 'solana:mainnet', delegated: false })

function signedIn(accounts: Record<string, unknown>[]) {
  const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, ...(accounts as never[])] }))
  $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
}

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    () => 'resolved',
    (error: { shortMessage?: string; code?: string }) => `${error.code}: ${error.shortMessage}`,
  )

describe('delegateWallet and revokeWallets', () => {
  beforeEach(() => {
    resetAll()
    configured()
  })
  afterEach(() => vi.useRealTimers())

  it('error: a logged-out user cannot delegate or revoke', async () => {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    await expect(delegateWallet({ address: ETH, chainType: 'ethereum' })).rejects.toMatchObject({ code: 'MUST_BE_AUTHENTICATED' })
    await expect(revokeWallets()).rejects.toMatchObject({ code: 'MUST_BE_AUTHENTICATED' })
  })

  it('error: an address that is not one of the user’s embedded wallets never opens the screen', async () => {
    signedIn([eth(), sol])
    await expect(delegateWallet({ address: '0x000000000000000000000000000000000000dEaD', chainType: 'ethereum' })).rejects.toMatchObject({
      shortMessage: 'Address to delegate is not associated with current user.',
    })
    // The Solana address named as Ethereum is not the user's Ethereum wallet either.
    await expect(delegateWallet({ address: SOL, chainType: 'ethereum' })).rejects.toMatchObject({
      shortMessage: 'Address to delegate is not associated with current user.',
    })
    expect($modal.get().open).toBe(false)
  })

  it('error: only Ethereum and Solana wallets delegate', async () => {
    signedIn([eth()])
    await expect(delegateWallet({ address: ETH, chainType: 'bitcoin' as never })).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN_TYPE' })
  })

  it('error: revoking needs an existing delegation', async () => {
    signedIn([eth()])
    await expect(revokeWallets()).rejects.toMatchObject({ code: 'NO_DELEGATED_WALLETS' })
    expect($modal.get().open).toBe(false)
  })

  it("'Not now' and closing the modal decline with the spec's text", async () => {
    signedIn([eth()])
    let answer = settle(delegateWallet({ address: ETH.toUpperCase().replace('0X', '0x'), chainType: 'ethereum' }))
    await vi.waitFor(() => expect($delegation.get()?.status).toBe('consent'))
    expect(currentScreen()).toEqual({ name: 'delegated-actions' })
    expect($delegation.get()).toMatchObject({ kind: 'delegate', wallet: { address: ETH, chainType: 'ethereum' } })
    declineDelegation()
    expect(await answer).toBe('USER_DECLINED: User declined delegating actions.')
    expect($modal.get().open).toBe(false)

    signedIn([eth(true)])
    answer = settle(revokeWallets())
    await vi.waitFor(() => expect($delegation.get()?.kind).toBe('revoke'))
    $modal.set({ ...$modal.get(), open: false })
    expect(await answer).toBe('USER_DECLINED: User declined revoking access to their delegated wallet.')
  })

  it("'Confirm' revokes: submitting, then 'Success!' for 2.5 s, then the modal closes and the flags are off", async () => {
    signedIn([eth(true)])
    const { calls } = fakeFetch({ 'POST /wallets/revoke': { body: { user: wireUser({ linked_accounts: [...wireUser().linked_accounts, eth(false)] }) } } })
    const answer = settle(revokeWallets())
    await vi.waitFor(() => expect($delegation.get()?.status).toBe('consent'))
    vi.useFakeTimers()
    const confirmed = confirmDelegation()
    expect($delegation.get()?.status).toBe('submitting')
    await confirmed
    expect($delegation.get()?.status).toBe('success')
    expect($wallets.get().find((w) => w.address === ETH)?.delegated).toBe(false)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /wallets/revoke')
    // Spec part 2 §9: 2.5 s delegation close.
    vi.advanceTimersByTime(2499)
    expect($modal.get().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(await answer).toBe('resolved')
    expect($modal.get().open).toBe(false)
  })

  it('error: a refused revoke shows the error for 2.5 s, then rejects with it', async () => {
    signedIn([eth(true)])
    fakeFetch({ 'POST /wallets/revoke': { status: 401, body: { error: 'A proof by the device of this session is required', code: 'invalid_device_proof' } } })
    const answer = settle(revokeWallets())
    await vi.waitFor(() => expect($delegation.get()?.status).toBe('consent'))
    vi.useFakeTimers()
    await confirmDelegation()
    expect($delegation.get()?.status).toBe('error')
    vi.advanceTimersByTime(DELEGATION_TIMING.closeMs)
    expect(await answer).not.toBe('resolved')
    expect($modal.get().open).toBe(false)
  })
})

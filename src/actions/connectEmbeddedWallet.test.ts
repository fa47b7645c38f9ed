/**
 * Connecting and recovering an embedded wallet, and setting its recovery (spec part 2 §8 'Set
 * password', part 3 §8): what the frame answers decides the error a host reads. The frame is not
 * here; its proxy records the calls and answers as the test says.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser } from '../api/user.ts'
import { WalletProxyError } from '../errors/wallet.ts'
import { $session } from '../stores/session.ts'
import { accessToken, configured, resetAll, wireEmbeddedWallet, wireUser } from '../testing/harness.ts'
import { onScreen } from '../ui/onScreen.ts'
import { connectEmbeddedWallet } from './connectEmbeddedWallet.ts'
import { setWalletRecovery } from './setWalletRecovery.ts'

const frame = vi.hoisted(() => ({ calls: [] as string[], answer: (_method: string): unknown => ({}) }))
vi.mock('../wallets/embedded/proxy.ts', () => ({
  getWalletProxy: () => ({
    request: async (method: string) => {
      frame.calls.push(method)
      const answer = frame.answer(method)
      if (answer instanceof Error) throw answer
      return answer
    },
  }),
}))
vi.mock('../api/analytics.ts', () => ({ trackEvent: () => {} }))

const ADDRESS = '0x2222222222222222222222222222222222222222'
const proxyError = (type: string, message = 'frame said no') => new WalletProxyError({ type, message })

function signedIn(recoveryMethod = 'privy') {
  const wallet = wireEmbeddedWallet({ recovery_method: recoveryMethod } as never)
  const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, wallet] }))
  $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
}

beforeEach(() => {
  resetAll()
  configured()
  frame.calls.length = 0
  frame.answer = () => ({})
})

describe('connectEmbeddedWallet', () => {
  it('error: a logged-out user (MUST_BE_AUTHENTICATED)', async () => {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    await expect(connectEmbeddedWallet({ address: ADDRESS })).rejects.toMatchObject({
      code: 'MUST_BE_AUTHENTICATED',
      shortMessage: 'User must be authenticated and have a Privy wallet before it can be connected',
    })
    expect(frame.calls).toEqual([])
  })

  it("error: an address that is none of the user's wallets (EMBEDDED_WALLET_NOT_FOUND)", async () => {
    signedIn()
    await expect(connectEmbeddedWallet({ address: '0x9999999999999999999999999999999999999999' })).rejects.toMatchObject({
      code: 'EMBEDDED_WALLET_NOT_FOUND',
      shortMessage: 'No wallet found for address',
    })
  })

  it("error: the frame failing for another reason than 'wallet_not_on_device' gives UNKNOWN_CONNECT_WALLET_ERROR, keeping the cause", async () => {
    signedIn()
    const cause = proxyError('error')
    frame.answer = () => cause
    await expect(connectEmbeddedWallet({ address: ADDRESS })).rejects.toMatchObject({
      code: 'UNKNOWN_CONNECT_WALLET_ERROR',
      shortMessage: 'Unable to connect to wallet',
      cause,
    })
    expect(frame.calls).toEqual(['wallets:connect'])
  })

  it("'wallet_not_on_device' recovers an automatic wallet without a PIN; a failed recovery reads 'Unable to recover wallet'", async () => {
    signedIn('privy')
    frame.answer = (method) => (method === 'wallets:connect' ? proxyError('wallet_not_on_device') : {})
    await expect(connectEmbeddedWallet({ address: ADDRESS })).resolves.toMatchObject({ address: ADDRESS })
    expect(frame.calls).toEqual(['wallets:connect', 'wallets:recover'])

    frame.calls.length = 0
    frame.answer = (method) => proxyError(method === 'wallets:connect' ? 'wallet_not_on_device' : 'invalid_recovery_pin')
    await expect(connectEmbeddedWallet({ address: ADDRESS })).rejects.toMatchObject({ code: 'UNABLE_TO_RECOVER', shortMessage: 'Unable to recover wallet' })
    expect(frame.calls).toEqual(['wallets:connect', 'wallets:recover'])
  })
})

describe('setWalletRecovery', () => {
  it("error: the frame refusing a new password reads 'Error setting password on privy wallet' (on screen: '… embedded wallet'), with the frame's reason", async () => {
    signedIn()
    frame.answer = (method) => (method === 'wallets:set-recovery' ? proxyError('invalid_request_arguments', 'Password too short') : {})
    const error = await setWalletRecovery({ recoveryMethod: 'user-passcode', recoveryPassword: 'correct-horse' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'UNABLE_TO_SET_RECOVERY', shortMessage: 'Error setting password on privy wallet', details: 'Password too short' })
    expect(onScreen((error as { shortMessage: string }).shortMessage)).toBe('Error setting password on embedded wallet')
    expect(frame.calls).toEqual(['wallets:connect', 'wallets:set-recovery'])
  })

  it("error: another recovery method failing reads 'Unable to set recovery on wallet'", async () => {
    signedIn()
    frame.answer = (method) => (method === 'wallets:set-recovery' ? proxyError('error') : {})
    await expect(setWalletRecovery({ recoveryMethod: 'privy' })).rejects.toMatchObject({
      code: 'UNABLE_TO_SET_RECOVERY',
      shortMessage: 'Unable to set recovery on wallet',
    })
  })
})

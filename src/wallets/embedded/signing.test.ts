import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser } from '../../api/user.ts'
import { WalletProxyError } from '../../errors/wallet.ts'
import { $session } from '../../stores/session.ts'
import { accessToken, configured, resetAll, wireEmbeddedWallet, wireUser } from '../../testing/harness.ts'
import { signInFrame } from './signing.ts'

// The frame is not here: the connection succeeds and the frame's signing request fails.
vi.mock('../../actions/connectEmbeddedWallet.ts', () => ({ connectEmbeddedWallet: async () => ({}) }))
vi.mock('./proxy.ts', () => ({
  getWalletProxy: () => ({
    request: async () => {
      throw new WalletProxyError({ type: 'frame_error', message: 'the key share is gone' })
    },
  }),
}))

const ETH = '0x1111111111111111111111111111111111111111'

describe('signInFrame', () => {
  beforeEach(() => {
    resetAll()
    configured()
    const wallet = wireEmbeddedWallet({ id: ETH, address: ETH, chain_type: 'ethereum', entropy_id: ETH, entropy_id_verifier: 'ethereum-address-verifier' })
    const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, wallet as never] }))
    $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
  })

  it('error: the frame failing to sign is UNABLE_TO_SIGN, with the frame error as the cause', async () => {
    const failure = await signInFrame({ method: 'personal_sign', address: ETH, data: '0x68656c6c6f' }).catch((e: unknown) => e)
    expect(failure).toMatchObject({
      code: 'UNABLE_TO_SIGN',
      shortMessage: 'Failed to sign message',
      details: 'the key share is gone',
      cause: expect.any(WalletProxyError),
    })
  })

  it('error: a logged-out user cannot sign (MUST_BE_AUTHENTICATED)', async () => {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    await expect(signInFrame({ method: 'personal_sign', address: ETH, data: '0x68656c6c6f' })).rejects.toMatchObject({
      code: 'MUST_BE_AUTHENTICATED',
      shortMessage: 'User must be authenticated before signing with a Privy wallet',
    })
  })
})

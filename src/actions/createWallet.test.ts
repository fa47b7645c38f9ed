import { beforeEach, describe, expect, it } from 'vitest'
import { toUser } from '../api/user.ts'
import { accessToken, configured, resetAll, wireEmbeddedWallet, wireUser } from '../testing/harness.ts'
import { $session } from '../stores/session.ts'
import { createWallet } from './createWallet.ts'

const ethWallet = wireEmbeddedWallet({ address: '0xabc' })

function signedIn(accounts: Record<string, unknown>[] = []) {
  const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, ...(accounts as never[])] }))
  $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
}

// Rule checks happen before the wallet frame is involved, so these run without a DOM.
describe('createWallet rules', () => {
  beforeEach(() => {
    resetAll()
    configured()
  })

  it('error: a logged-out user cannot create a wallet', async () => {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    await expect(createWallet()).rejects.toMatchObject({
      shortMessage: 'User must be authenticated before creating a Privy wallet',
      code: 'MUST_BE_AUTHENTICATED',
    })
  })

  it('error: a second wallet on the same chain needs createAdditional', async () => {
    signedIn([ethWallet])
    await expect(createWallet({ chainType: 'ethereum' })).rejects.toMatchObject({ shortMessage: 'User already has an embedded wallet.' })
  })

  it('error: a negative walletIndex is invalid', async () => {
    signedIn([ethWallet])
    await expect(createWallet({ walletIndex: -1 })).rejects.toMatchObject({ shortMessage: 'A negative walletIndex is invalid' })
  })

  it('error: createAdditional and walletIndex together are refused', async () => {
    signedIn([ethWallet])
    await expect(createWallet({ createAdditional: true, walletIndex: 2 })).rejects.toMatchObject({
      shortMessage: 'Invalid input, use createAdditional instead of walletIndex...',
    })
  })

  it('error: an additional wallet requires an existing primary wallet', async () => {
    signedIn()
    await expect(createWallet({ chainType: 'solana', createAdditional: true })).rejects.toMatchObject({
      shortMessage: 'An additional wallet requires an existing primary wallet',
    })
  })

  it('error: password recovery the app does not offer is refused', async () => {
    configured({ ...(await import('../testing/harness.ts')).appConfig(), embeddedWallets: { userOwnedRecoveryOptions: [] } } as never)
    signedIn()
    await expect(createWallet({ recoveryMethod: 'user-passcode', recoveryPassword: 'secret-pass' })).rejects.toMatchObject({
      shortMessage: 'User owned recovery not yet supported for this app.',
    })
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { toUser } from '../api/user.ts'
import { $session } from '../stores/session.ts'
import { accessToken, configured, resetAll, wireUser } from '../testing/harness.ts'
import { exportWallet } from './exportWallet.ts'

// The rule checks come before the modal opens, so these run without a DOM.
describe('exportWallet rules (spec part 3 §8)', () => {
  beforeEach(() => {
    resetAll()
    configured()
  })

  it('error: a logged-out user cannot export (MUST_BE_AUTHENTICATED)', async () => {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    await expect(exportWallet()).rejects.toMatchObject({
      code: 'MUST_BE_AUTHENTICATED',
      shortMessage: 'User must be authenticated before exporting their wallet',
    })
  })

  it("error: an address that is none of the user's embedded wallets (EMBEDDED_WALLET_NOT_FOUND)", async () => {
    $session.set({ status: 'authenticated', user: toUser(wireUser()), tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
    await expect(exportWallet({ address: '0x9999999999999999999999999999999999999999' })).rejects.toMatchObject({
      code: 'EMBEDDED_WALLET_NOT_FOUND',
      shortMessage: 'No wallet found for address',
    })
  })
})

import { describe, expect, it } from 'vitest'
import { toUser } from '../api/user.ts'
import { wireEmbeddedWallet, wireUser } from '../testing/fixtures.ts'
import { embeddedWalletsOf, walletRef } from './wallets.ts'

const walletOf = (overrides: Parameters<typeof wireEmbeddedWallet>[0]) =>
  embeddedWalletsOf(toUser(wireUser({ linked_accounts: [wireEmbeddedWallet(overrides)] })))[0]!

describe('walletRef', () => {
  it('names the wallet as the frame holds it: entropy id, chain, index, imported, address', () => {
    expect(walletRef(walletOf({ address: '0xabc', entropy_id: '0xSEED', wallet_index: 2, imported: true }))).toEqual({
      entropyId: '0xSEED',
      chainType: 'ethereum',
      walletIndex: 2,
      imported: true,
      address: '0xabc',
    })
  })

  it('an imported wallet without an index is index 0', () => {
    expect(walletRef(walletOf({ wallet_index: null }))?.walletIndex).toBe(0)
  })

  it('error: a wallet without an entropy id has no reference (the frame cannot hold it)', () => {
    expect(walletRef(walletOf({ entropy_id: null }))).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import type { AppConfig } from '../../api/types.ts'
import { toUser, type WireLinkedAccount } from '../../api/user.ts'
import { embeddedWalletsOf } from '../../stores/wallets.ts'
import { wireEmbeddedWallet } from '../../testing/fixtures.ts'
import { chainsToCreate, embeddedWalletsConfig } from './config.ts'

const app = (embeddedWallets: Record<string, unknown>) => ({ embeddedWallets }) as unknown as AppConfig
const email: WireLinkedAccount = { type: 'email', address: 'ada@example.com', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const wallet = (chain: string, extra: Record<string, unknown> = {}): WireLinkedAccount =>
  wireEmbeddedWallet({ address: chain === 'ethereum' ? '0xabc' : 'Sol1', id: `w-${chain}`, chain_type: chain, ...extra })
const user = (...accounts: WireLinkedAccount[]) =>
  toUser({ id: 'u', created_at: 1, linked_accounts: [email, ...accounts], has_accepted_terms: true, is_guest: false })

describe('embedded wallet creation on login', () => {
  it('is off by default', () => {
    expect(embeddedWalletsConfig(null)).toMatchObject({ ethereum: { createOnLogin: 'off' }, solana: { createOnLogin: 'off' } })
    expect(chainsToCreate(app({}), user())).toEqual([])
  })

  it('users-without-wallets: only a user with no wallet at all gets them', () => {
    const config = app({ ethereum: { createOnLogin: 'users-without-wallets' }, solana: { createOnLogin: 'users-without-wallets' } })
    expect(chainsToCreate(config, user())).toEqual(['ethereum', 'solana'])
    expect(chainsToCreate(config, user(wallet('ethereum')))).toEqual([])
    // An external wallet counts as a wallet too.
    expect(chainsToCreate(config, user({ type: 'wallet', address: '0xdef', wallet_client_type: 'metamask', chain_type: 'ethereum' }))).toEqual([])
  })

  it('all-users: each chain without an embedded wallet gets one', () => {
    const config = app({ ethereum: { createOnLogin: 'all-users' }, solana: { createOnLogin: 'all-users' } })
    expect(chainsToCreate(config, user(wallet('ethereum')))).toEqual(['solana'])
  })

  it('maps wallet accounts to the spec Wallet fields', () => {
    expect(embeddedWalletsOf(user(wallet('ethereum')))).toEqual([
      {
        id: 'w-ethereum',
        address: '0xabc',
        chainType: 'ethereum',
        chainId: 'eip155:1',
        walletClientType: 'privy',
        connectorType: 'embedded',
        walletIndex: 0,
        imported: false,
        delegated: false,
        recoveryMethod: 'privy',
        entropyId: '0xABC',
        entropyIdVerifier: 'ethereum-address-verifier',
      },
    ])
  })
})

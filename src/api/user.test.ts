import { describe, expect, it } from 'vitest'
import { wireUser } from '../testing/harness.ts'
import { toUser } from './user.ts'

describe('toUser', () => {
  it('maps the snake_case wire user to the camelCase spec User', () => {
    const user = toUser(wireUser({ has_accepted_terms: true }))
    expect(user).toEqual({
      id: 'user-1',
      createdAt: new Date(1_700_000_000_000),
      linkedAccounts: [
        {
          type: 'email',
          address: 'ada@example.com',
          verifiedAt: new Date(1_700_000_000_000),
          firstVerifiedAt: new Date(1_700_000_000_000),
          latestVerifiedAt: new Date(1_700_000_100_000),
        },
      ],
      mfaMethods: [],
      email: { address: 'ada@example.com' },
      hasAcceptedTerms: true,
      isGuest: false,
    })
  })

  it('leaves email out when no e-mail account is linked and tolerates missing times', () => {
    const user = toUser(wireUser({ linked_accounts: [{ type: 'phone', phone_number: '+15555550100' }], mfa_methods: [{ type: 'totp' }] }))
    expect(user.email).toBeUndefined()
    expect(user.phone).toEqual({ number: '+15555550100' })
    expect(user.mfaMethods).toEqual(['totp'])
    expect(user.linkedAccounts[0]!.verifiedAt).toBeNull()
  })

  it('exposes the linked Farcaster account as user.farcaster (spec §3: fid, signerPublicKey)', () => {
    const wire = {
      type: 'farcaster',
      address: '42',
      fid: 42,
      owner_address: '0x00000000000000000000000000000000000000Aa',
      username: 'ada',
      display_name: 'Ada',
      bio: null,
      pfp: null,
      signer_public_key: null,
    }
    expect(toUser(wireUser({ linked_accounts: [wire] })).farcaster).toEqual({
      fid: 42,
      ownerAddress: '0x00000000000000000000000000000000000000Aa',
      username: 'ada',
      displayName: 'Ada',
      bio: null,
      pfp: null,
      signerPublicKey: null,
    })
    expect(toUser(wireUser()).farcaster).toBeUndefined()
  })

  it("maps a wallet account's chain and client fields", () => {
    const wire = {
      type: 'wallet',
      address: '0xAbC',
      chain_type: 'ethereum',
      chain_id: 'eip155:1',
      wallet_client_type: 'metamask',
      connector_type: 'injected',
      verified_at: 1,
    }
    expect(toUser(wireUser({ linked_accounts: [wire] })).linkedAccounts[0]).toMatchObject({
      type: 'wallet',
      address: '0xAbC',
      chainType: 'ethereum',
      chainId: 'eip155:1',
      walletClientType: 'metamask',
      connectorType: 'injected',
    })
  })
})

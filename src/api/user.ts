/** Wire (snake_case, unix seconds) and spec (camelCase, Date) shapes of a user. */

import type { RouteResponse, Routes } from '@gatehouse/contract/routes'

/** The user as the server answers it (the contract's schema, contract/src/routes/shared.ts). */
export type WireUser = RouteResponse<Routes['GET /users/me']>['user']
export type WireLinkedAccount = WireUser['linked_accounts'][number]

export interface LinkedAccount {
  type: string
  address?: string
  /** Wallet accounts (type 'wallet'): spec Wallet account fields. */
  chainType?: 'ethereum' | 'solana'
  chainId?: string
  walletClientType?: string
  connectorType?: string
  verifiedAt: Date | null
  firstVerifiedAt: Date | null
  latestVerifiedAt: Date | null
  /** Type-specific fields (phoneNumber, subject, credentialId; wallet: chainType, walletClientType, walletIndex, recoveryMethod…), camelCased from the wire. */
  [field: string]: unknown
}

export interface User {
  id: string
  createdAt: Date
  linkedAccounts: LinkedAccount[]
  mfaMethods: ('sms' | 'totp' | 'passkey')[]
  email?: { address: string }
  phone?: { number: string }
  /** Spec §3: the linked Farcaster account (fid, signerPublicKey; ownerAddress, username…). */
  farcaster?: FarcasterUser
  hasAcceptedTerms: boolean
  isGuest: boolean
}

export interface FarcasterUser {
  fid: number
  ownerAddress: string
  username: string | null
  displayName: string | null
  bio: string | null
  pfp: string | null
  /** A Farcaster signer's public key, once one is requested; null after login. */
  signerPublicKey: string | null
}

const toDate = (seconds: number | null | undefined): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null)

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
/** Type-specific wire fields (snake_case) become camelCase fields of the spec's linked account. */
function camelKeys(record: Record<string, unknown>): Record<string, unknown> & { type: string } {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [camel(k), v])) as Record<string, unknown> & { type: string }
}

/** Maps the server's snake_case user to the spec's camelCase `User`. */
export function toUser(wire: WireUser): User {
  const linkedAccounts = (wire.linked_accounts ?? []).map(({ verified_at, first_verified_at, latest_verified_at, ...rest }) => ({
    ...camelKeys(rest),
    verifiedAt: toDate(verified_at),
    firstVerifiedAt: toDate(first_verified_at),
    latestVerifiedAt: toDate(latest_verified_at),
  }))
  const email = wire.linked_accounts?.find((a) => a.type === 'email')
  const phone = wire.linked_accounts?.find((a) => a.type === 'phone')
  const farcaster = linkedAccounts.find((a) => a.type === 'farcaster') as (LinkedAccount & FarcasterUser) | undefined
  return {
    id: wire.id,
    createdAt: new Date(wire.created_at * 1000),
    linkedAccounts,
    mfaMethods: (wire.mfa_methods ?? []).map((m) => m.type),
    ...(email?.address ? { email: { address: email.address } } : {}),
    ...(phone ? { phone: { number: String(phone.phone_number ?? phone.address ?? '') } } : {}),
    ...(farcaster
      ? {
          farcaster: {
            fid: Number(farcaster.fid),
            ownerAddress: farcaster.ownerAddress,
            username: farcaster.username,
            displayName: farcaster.displayName,
            bio: farcaster.bio,
            pfp: farcaster.pfp,
            signerPublicKey: farcaster.signerPublicKey ?? null,
          },
        }
      : {}),
    hasAcceptedTerms: Boolean(wire.has_accepted_terms),
    isGuest: Boolean(wire.is_guest),
  }
}

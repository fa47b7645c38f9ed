/** Wire (snake_case, unix seconds) and spec (camelCase, Date) shapes of a user. */

export interface WireLinkedAccount {
  type: string
  address?: string
  phone_number?: string
  verified_at?: number | null
  first_verified_at?: number | null
  latest_verified_at?: number | null
  [key: string]: unknown
}

export interface WireUser {
  id: string
  created_at: number
  linked_accounts: WireLinkedAccount[]
  mfa_methods?: { type: 'sms' | 'totp' | 'passkey' }[]
  has_accepted_terms: boolean
  is_guest: boolean
}

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
}

export interface User {
  id: string
  createdAt: Date
  linkedAccounts: LinkedAccount[]
  mfaMethods: ('sms' | 'totp' | 'passkey')[]
  email?: { address: string }
  phone?: { number: string }
  hasAcceptedTerms: boolean
  isGuest: boolean
}

const toDate = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null

const walletFields = (account: WireLinkedAccount) => ({
  chainType: account.chain_type as 'ethereum' | 'solana',
  ...(typeof account.chain_id === 'string' ? { chainId: account.chain_id } : {}),
  ...(typeof account.wallet_client_type === 'string' ? { walletClientType: account.wallet_client_type } : {}),
  ...(typeof account.connector_type === 'string' ? { connectorType: account.connector_type } : {}),
})

/** Maps the server's snake_case user to the spec's camelCase `User`. */
export function toUser(wire: WireUser): User {
  const linkedAccounts = (wire.linked_accounts ?? []).map((account) => ({
    type: account.type,
    ...(account.address !== undefined ? { address: account.address } : {}),
    ...(typeof account.chain_type === 'string' ? walletFields(account) : {}),
    verifiedAt: toDate(account.verified_at),
    firstVerifiedAt: toDate(account.first_verified_at),
    latestVerifiedAt: toDate(account.latest_verified_at),
  }))
  const email = wire.linked_accounts?.find((a) => a.type === 'email')
  const phone = wire.linked_accounts?.find((a) => a.type === 'phone')
  return {
    id: wire.id,
    createdAt: new Date(wire.created_at * 1000),
    linkedAccounts,
    mfaMethods: (wire.mfa_methods ?? []).map((m) => m.type),
    ...(email?.address ? { email: { address: email.address } } : {}),
    ...(phone ? { phone: { number: String(phone.phone_number ?? phone.address ?? '') } } : {}),
    hasAcceptedTerms: Boolean(wire.has_accepted_terms),
    isGuest: Boolean(wire.is_guest),
  }
}

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
  verifiedAt: Date | null
  firstVerifiedAt: Date | null
  latestVerifiedAt: Date | null
  /** Type-specific fields (wallet: chainType, walletClientType, walletIndex, recoveryMethod…), camelCased. */
  [field: string]: unknown
}

const COMMON_FIELDS = new Set(['type', 'address', 'verified_at', 'first_verified_at', 'latest_verified_at'])
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** The wire account's own fields (linked_accounts.details), in the spec's camelCase. */
function extraFields(account: WireLinkedAccount): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(account)) if (!COMMON_FIELDS.has(key)) out[camel(key)] = value
  return out
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

/** Maps the server's snake_case user to the spec's camelCase `User`. */
export function toUser(wire: WireUser): User {
  const linkedAccounts = (wire.linked_accounts ?? []).map((account) => ({
    ...extraFields(account),
    type: account.type,
    ...(account.address !== undefined ? { address: account.address } : {}),
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

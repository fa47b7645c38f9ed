/**
 * The user as it travels over the wire: snake_case fields, times in unix seconds. The server
 * builds it (server/services/users.ts); the widget maps it to the spec's camelCase `User`
 * (src/api/user.ts).
 */
export interface WireLinkedAccount {
  type: string
  address?: string
  phone_number?: string
  verified_at?: number | null
  first_verified_at?: number | null
  latest_verified_at?: number | null
  /** Type-specific fields from the account's details (snake_case, as on the wire). */
  [field: string]: unknown
}

export interface WireUser {
  id: string
  created_at: number
  linked_accounts: WireLinkedAccount[]
  mfa_methods?: { type: 'sms' | 'totp' | 'passkey' }[]
  has_accepted_terms: boolean
  is_guest: boolean
}

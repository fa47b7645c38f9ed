/** The user as it goes over the wire (snake_case, unix seconds; see ARCHITECTURE.md). */
import { listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable, MfaFactorsTable, UsersTable } from '../db/schema.js'
import { findUser } from '../db/users.js'
import { listMfaFactors } from '../db/mfa.js'
import type { WireUser } from '@gatehouse/contract'

export type { WireLinkedAccount, WireUser } from '@gatehouse/contract'

const seconds = (ms: number) => Math.floor(Number(ms) / 1000)

type MfaType = 'sms' | 'totp' | 'passkey'

/** The user's enrolled second factors: active SMS/TOTP rows, and a passkey when one is enrolled in MFA. */
export function mfaMethodsOf(accounts: LinkedAccountsTable[], factors: MfaFactorsTable[]): { type: MfaType }[] {
  const types: MfaType[] = factors.filter((f) => Number(f.active) === 1).map((f) => f.type)
  const passkey = accounts.some((a) => a.type === 'passkey' && (JSON.parse(a.details ?? '{}') as { enrolled_in_mfa?: boolean }).enrolled_in_mfa)
  if (passkey) types.push('passkey')
  return (['sms', 'totp', 'passkey'] as const).filter((t) => types.includes(t)).map((type) => ({ type }))
}

export function toWireUser(user: UsersTable, accounts: LinkedAccountsTable[], factors: MfaFactorsTable[] = []): WireUser {
  return {
    id: user.id,
    created_at: seconds(user.created_at),
    linked_accounts: accounts.map((a) => ({
      ...(a.details ? (JSON.parse(a.details) as Record<string, unknown>) : {}),
      type: a.type,
      address: a.address,
      verified_at: seconds(a.verified_at),
      first_verified_at: seconds(a.first_verified_at),
      latest_verified_at: seconds(a.latest_verified_at),
    })),
    mfa_methods: mfaMethodsOf(accounts, factors),
    has_accepted_terms: Boolean(Number(user.has_accepted_terms)),
    is_guest: Boolean(Number(user.is_guest)),
    ...(user.custom_metadata ? { custom_metadata: JSON.parse(user.custom_metadata) as Record<string, string | number | boolean> } : {}),
  }
}

export async function loadWireUser(db: Db, userId: string): Promise<WireUser | null> {
  const [user, accounts, factors] = await Promise.all([findUser(db, userId), listLinkedAccounts(db, userId), listMfaFactors(db, userId)])
  return user ? toWireUser(user, accounts, factors) : null
}

/** The user as it goes over the wire (snake_case, unix seconds; see ARCHITECTURE.md). */
import { listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable, UsersTable } from '../db/schema.js'
import { findUser } from '../db/users.js'
import type { WireUser } from '@gatehouse/contract'

export type { WireLinkedAccount, WireUser } from '@gatehouse/contract'

const seconds = (ms: number) => Math.floor(Number(ms) / 1000)

export function toWireUser(user: UsersTable, accounts: LinkedAccountsTable[]): WireUser {
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
    mfa_methods: [],
    has_accepted_terms: Boolean(Number(user.has_accepted_terms)),
    is_guest: Boolean(Number(user.is_guest)),
  }
}

export async function loadWireUser(db: Db, userId: string): Promise<WireUser | null> {
  const [user, accounts] = await Promise.all([findUser(db, userId), listLinkedAccounts(db, userId)])
  return user ? toWireUser(user, accounts) : null
}

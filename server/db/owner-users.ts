/**
 * The owner's view of an app's users (issue #27, point 2): keyset pages with filters, and the
 * per-page batch reads that build many users with a handful of queries. Search by e-mail or wallet
 * address is an equality on `linked_accounts_lookup` (app_id, type, address), the unique index every
 * login already uses: the address is normalised as stored (e-mail lower-case, Ethereum EIP-55).
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type Migration, type SqlBool } from 'kysely'
import type { Database, Db, LinkedAccountsTable, MfaFactorsTable, UsersTable, WalletSecretsTable } from './schema.js'

export const ownerUsersMigrations: Record<string, Migration> = {
  '0029_owner_users': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('custom_metadata', 'text').execute()
      // Listing and export walk an app's users by (created_at, id), both ways; the created filter rides on it.
      await db.schema.createIndex('users_app_created').on('users').columns(['app_id', 'created_at', 'id']).execute()
    },
  },
}

export interface UserFilter {
  /** Epoch ms, inclusive. */
  createdAfter?: number
  /** Epoch ms, exclusive. */
  createdBefore?: number
  linkedAccountType?: string
  hasEmbeddedWallet?: boolean
  hasMfa?: boolean
}

export interface UserKey {
  created_at: number
  id: string
}

type UsersEb = ExpressionBuilder<Database, 'users'>

// JSON.stringify writes details without spaces: these patterns match what the services store.
const EMBEDDED_DETAILS = '%"wallet_client_type":"privy"%'
const MFA_PASSKEY_DETAILS = '%"enrolled_in_mfa":true%'

function holdsEmbeddedWallet(eb: UsersEb): Expression<SqlBool> {
  return eb.or([
    eb.exists(eb.selectFrom('wallet_secrets').select(sql.lit(1).as('one')).whereRef('wallet_secrets.user_id', '=', 'users.id')),
    eb.exists(
      eb
        .selectFrom('linked_accounts')
        .select(sql.lit(1).as('one'))
        .whereRef('linked_accounts.user_id', '=', 'users.id')
        .where('linked_accounts.type', '=', 'wallet')
        .where('linked_accounts.details', 'like', EMBEDDED_DETAILS),
    ),
  ])
}

function hasMfa(eb: UsersEb): Expression<SqlBool> {
  return eb.or([
    eb.exists(eb.selectFrom('mfa_factors').select(sql.lit(1).as('one')).whereRef('mfa_factors.user_id', '=', 'users.id').where('mfa_factors.active', '=', 1)),
    eb.exists(
      eb
        .selectFrom('linked_accounts')
        .select(sql.lit(1).as('one'))
        .whereRef('linked_accounts.user_id', '=', 'users.id')
        .where('linked_accounts.type', '=', 'passkey')
        .where('linked_accounts.details', 'like', MFA_PASSKEY_DETAILS),
    ),
  ])
}

/**
 * One page of an app's users after `after` (exclusive) in (created_at, id) order: newest first for
 * listing, oldest first for export. Reads `limit` rows, never more.
 */
export async function pageUsers(db: Db, appId: string, filter: UserFilter, after: UserKey | null, limit: number, order: 'asc' | 'desc'): Promise<UsersTable[]> {
  const cmp = order === 'desc' ? '<' : '>'
  let query = db.selectFrom('users').selectAll().where('app_id', '=', appId)
  if (filter.createdAfter !== undefined) query = query.where('created_at', '>=', filter.createdAfter)
  if (filter.createdBefore !== undefined) query = query.where('created_at', '<', filter.createdBefore)
  if (after) {
    // The plain bound on created_at is what both databases turn into an index range (a bare OR is not:
    // PostgreSQL then re-reads the app's users from the start on every page); the OR settles ties.
    query = query
      .where('created_at', order === 'desc' ? '<=' : '>=', after.created_at)
      .where((eb) => eb.or([eb('created_at', cmp, after.created_at), eb('id', cmp, after.id)]))
  }
  if (filter.linkedAccountType !== undefined) {
    const type = filter.linkedAccountType
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('linked_accounts')
          .select(sql.lit(1).as('one'))
          .whereRef('linked_accounts.user_id', '=', 'users.id')
          .where('linked_accounts.type', '=', type),
      ),
    )
  }
  if (filter.hasEmbeddedWallet !== undefined) {
    const want = filter.hasEmbeddedWallet
    query = query.where((eb) => (want ? holdsEmbeddedWallet(eb) : eb.not(holdsEmbeddedWallet(eb))))
  }
  if (filter.hasMfa !== undefined) {
    const want = filter.hasMfa
    query = query.where((eb) => (want ? hasMfa(eb) : eb.not(hasMfa(eb))))
  }
  return query.orderBy('created_at', order).orderBy('id', order).limit(limit).execute()
}

/** The users holding `address` as an account of one of `types` in the app: one index equality, joined to the user in the same query. */
export async function usersByAccount(db: Db, appId: string, types: string[], address: string): Promise<UsersTable[]> {
  const rows = await db
    .selectFrom('linked_accounts')
    .innerJoin('users', 'users.id', 'linked_accounts.user_id')
    .selectAll('users')
    .where('linked_accounts.app_id', '=', appId)
    .where('linked_accounts.type', 'in', types)
    .where('linked_accounts.address', '=', address)
    .limit(10)
    .execute()
  return rows.filter((row, i) => rows.findIndex((r) => r.id === row.id) === i)
}

export function findAppUser(db: Db, appId: string, userId: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).where('app_id', '=', appId).executeTakeFirst()
}

/** Everything a page of users is built from, in five queries whatever the page size. */
export interface UserBatch {
  accounts: LinkedAccountsTable[]
  factors: MfaFactorsTable[]
  sessions: { user_id: string; n: number }[]
  secrets: Pick<WalletSecretsTable, 'user_id' | 'entropy_id' | 'recovery_method'>[]
  /** The secrets some device of the user holds a share of (none yet for a wallet made in advance). */
  devices: { user_id: string; entropy_id: string }[]
}

export async function loadUserBatch(db: Db, userIds: string[], withSessions: boolean): Promise<UserBatch> {
  if (userIds.length === 0) return { accounts: [], factors: [], sessions: [], secrets: [], devices: [] }
  const [accounts, factors, sessions, secrets, devices] = await Promise.all([
    db.selectFrom('linked_accounts').selectAll().where('user_id', 'in', userIds).orderBy('first_verified_at').orderBy('id').execute(),
    db.selectFrom('mfa_factors').selectAll().where('user_id', 'in', userIds).execute(),
    withSessions
      ? db
          .selectFrom('sessions')
          .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
          .where('user_id', 'in', userIds)
          .where('revoked_at', 'is', null)
          .groupBy('user_id')
          .execute()
      : Promise.resolve([]),
    db.selectFrom('wallet_secrets').select(['user_id', 'entropy_id', 'recovery_method']).where('user_id', 'in', userIds).execute(),
    db.selectFrom('wallet_devices').select(['user_id', 'entropy_id']).distinct().where('user_id', 'in', userIds).execute(),
  ])
  return { accounts, factors, sessions: sessions.map((s) => ({ user_id: s.user_id, n: Number(s.n) })), secrets, devices }
}

export async function setCustomMetadata(db: Db, userId: string, json: string | null): Promise<void> {
  await db.updateTable('users').set({ custom_metadata: json }).where('id', '=', userId).execute()
}

/** Ends every live session of the user at once (refresh is refused from the next call on); returns how many. */
export async function revokeUserSessions(db: Db, userId: string, now: number): Promise<number> {
  const result = await db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst()
  return Number(result.numUpdatedRows)
}

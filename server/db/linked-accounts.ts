import { prepare } from './prepared.js'
import type { Db, LinkedAccountsTable } from './schema.js'

const byAddress = prepare<{ app_id: string; type: string; address: string }, LinkedAccountsTable>((db, p) =>
  db.selectFrom('linked_accounts').selectAll().where('app_id', '=', p('app_id')).where('type', '=', p('type')).where('address', '=', p('address')),
)

export async function findLinkedAccount(db: Db, appId: string, type: string, address: string): Promise<LinkedAccountsTable | undefined> {
  return (await byAddress(db, { app_id: appId, type, address })).rows[0]
}

const byUser = prepare<{ user_id: string }, LinkedAccountsTable>((db, p) =>
  db.selectFrom('linked_accounts').selectAll().where('user_id', '=', p('user_id')).orderBy('first_verified_at'),
)

export async function listLinkedAccounts(db: Db, userId: string): Promise<LinkedAccountsTable[]> {
  return (await byUser(db, { user_id: userId })).rows
}

const insert = prepare<LinkedAccountsTable>((db, p) =>
  db.insertInto('linked_accounts').values({
    id: p('id'),
    user_id: p('user_id'),
    app_id: p('app_id'),
    type: p('type'),
    address: p('address'),
    verified_at: p('verified_at'),
    first_verified_at: p('first_verified_at'),
    latest_verified_at: p('latest_verified_at'),
    details: p('details'),
    bound_at: p('first_verified_at'),
  }),
)

export async function insertLinkedAccount(db: Db, account: LinkedAccountsTable): Promise<void> {
  await insert(db, account)
}

const verified = prepare<{ id: string; now: number }>((db, p) =>
  db
    .updateTable('linked_accounts')
    .set({ verified_at: p('now'), latest_verified_at: p('now') })
    .where('id', '=', p('id')),
)

export async function markVerified(db: Db, id: string, now: number): Promise<void> {
  await verified(db, { id, now })
}

export async function countLinkedAccountsOfType(db: Db, userId: string, type: string): Promise<number> {
  const row = await db
    .selectFrom('linked_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function deleteLinkedAccount(db: Db, id: string): Promise<void> {
  await db.deleteFrom('linked_accounts').where('id', '=', id).execute()
}

/** Moves an account to another user (account transfer). */
export async function moveLinkedAccount(db: Db, id: string, userId: string, now: number): Promise<void> {
  await db.updateTable('linked_accounts').set({ user_id: userId, verified_at: now, latest_verified_at: now, bound_at: now }).where('id', '=', id).execute()
}

/** Replaces the address (and details) of an account: e-mail and phone updates. */
export async function replaceLinkedAccountAddress(db: Db, id: string, address: string, details: string | null, now: number): Promise<void> {
  await db
    .updateTable('linked_accounts')
    .set({ address, details, verified_at: now, first_verified_at: now, latest_verified_at: now, bound_at: now })
    .where('id', '=', id)
    .execute()
}

export async function setLinkedAccountDetails(db: Db, id: string, details: string): Promise<void> {
  await db.updateTable('linked_accounts').set({ details }).where('id', '=', id).execute()
}

import { prepare } from './prepared.js'
import type { Db, UsersTable } from './schema.js'

const byId = prepare<{ id: string }, UsersTable>((db, p) => db.selectFrom('users').selectAll().where('id', '=', p('id')))

export async function findUser(db: Db, id: string): Promise<UsersTable | undefined> {
  return (await byId(db, { id })).rows[0]
}

/** The users the app's user limit counts: guests are not among them. */
export async function countNonGuestUsers(db: Db, appId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('app_id', '=', appId)
    .where('is_guest', '=', 0)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const insert = prepare<UsersTable>((db, p) =>
  db.insertInto('users').values({
    id: p('id'),
    app_id: p('app_id'),
    created_at: p('created_at'),
    has_accepted_terms: p('has_accepted_terms'),
    is_guest: p('is_guest'),
  }),
)

export async function insertUser(db: Db, user: UsersTable): Promise<void> {
  await insert(db, user)
}

export async function setAcceptedTerms(db: Db, id: string): Promise<void> {
  await db.updateTable('users').set({ has_accepted_terms: 1 }).where('id', '=', id).execute()
}

/** Deletes a user; linked accounts, sessions and refresh tokens go with it (foreign keys cascade). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute()
}

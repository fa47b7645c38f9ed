/**
 * The console's operators beyond their per-app roles (services/owner-access.ts): server-wide owners,
 * who own every app of the server and may create apps, and how an operator is found by e-mail.
 *
 * The first owner comes from one of three doors, each closed once any owner exists (ARCHITECTURE.md,
 * "Operators"): the development sign-in link `npm start` prints (routes/console.ts), the account
 * whose e-mail is GATEHOUSE_OWNER_EMAIL logging in to the console, or `npm run owner -- add EMAIL`
 * (server/cli.ts; the CLI may add further owners, it runs with the server's own database access).
 */
import { findLinkedAccount, listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db } from '../db/schema.js'
import { recordAudit } from './audit.js'
import { OwnerUserService } from './owner-users.js'

export type OwnerVia = 'claim' | 'owner_email' | 'cli'

export async function isServerOwner(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('server_owners').select('user_id').where('user_id', '=', userId).executeTakeFirst())
}

export async function hasServerOwner(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('server_owners').select('user_id').limit(1).executeTakeFirst())
}

/**
 * Makes `userId` a server-wide owner, with its audit row. `firstOnly`: only when there is no owner
 * yet (the sign-in link and GATEHOUSE_OWNER_EMAIL), decided inside one transaction. True when granted.
 */
export async function grantServerOwner(db: Db, userId: string, via: OwnerVia, now: number, firstOnly: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await isServerOwner(trx, userId)) return !firstOnly
    if (firstOnly && (await hasServerOwner(trx))) return false
    await trx.insertInto('server_owners').values({ user_id: userId, via, created_at: now }).execute()
    await recordAudit(trx, { appId: null, actor: { type: 'system' }, action: 'operator.server_owner', details: { operator: userId, via } }, now)
    return true
  })
}

/** An operator's e-mail (their console account's), or null when they have none. */
export async function operatorEmail(db: Db, userId: string): Promise<string | null> {
  const email = (await listLinkedAccounts(db, userId)).find((a) => a.type === 'email')
  return email ? String(email.address) : null
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/**
 * The console account of `email`, created when missing (an invited operator signs in later with an
 * e-mail code to that address, which proves it). Answers the user id.
 */
export async function consoleUserByEmail(
  db: Db,
  consoleAppId: string,
  email: string,
  now: () => number,
  by: { type: 'admin_token' | 'operator' | 'system'; id: string | null },
): Promise<string> {
  const address = normaliseEmail(email)
  const found = await findLinkedAccount(db, consoleAppId, 'email', address)
  if (found) return found.user_id
  const created = await new OwnerUserService(db, now).create(consoleAppId, { linked_accounts: [{ type: 'email', address }] }, { actor: by, ip: null })
  return created.id
}

/**
 * Farcaster signer requests (services/farcaster-signer.ts): one row per ed25519 key a user's wallet
 * frame asked to add, with the signed-key-request service's token for polling it. The public key
 * and the token are not secrets (the token only reads the request's state).
 */
import type { Kysely, Migration } from 'kysely'
import type { Db, FarcasterSignersTable } from './schema.js'

export const farcasterSignerMigrations: Record<string, Migration> = {
  '0040_farcaster_signers': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('farcaster_signers')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('fid', 'bigint', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('approval_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('deadline', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('farcaster_signers_pk', ['app_id', 'public_key'])
        .execute()
      await db.schema.createIndex('farcaster_signers_user').on('farcaster_signers').columns(['user_id']).execute()
    },
  },
}

export async function findFarcasterSigner(db: Db, appId: string, publicKey: string): Promise<FarcasterSignersTable | undefined> {
  return db.selectFrom('farcaster_signers').selectAll().where('app_id', '=', appId).where('public_key', '=', publicKey).executeTakeFirst()
}

/** A new request for a key replaces the old one of that key (a lapsed or rejected request). */
export async function saveFarcasterSigner(db: Db, row: FarcasterSignersTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('farcaster_signers').where('app_id', '=', row.app_id).where('public_key', '=', row.public_key).execute()
    await trx.insertInto('farcaster_signers').values(row).execute()
  })
}

export async function setFarcasterSignerStatus(db: Db, appId: string, publicKey: string, status: FarcasterSignersTable['status'], now: number): Promise<void> {
  await db.updateTable('farcaster_signers').set({ status, updated_at: now }).where('app_id', '=', appId).where('public_key', '=', publicKey).execute()
}

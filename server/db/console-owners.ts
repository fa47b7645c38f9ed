/**
 * The console's server-wide owners (services/console-owners.ts): users of the console app who own
 * every app of the server (the first one comes from the development sign-in link,
 * GATEHOUSE_OWNER_EMAIL or `npm run owner -- add EMAIL`), and the operator's e-mail on each audit
 * row, kept as it was when the change was made.
 */
import type { Kysely, Migration } from 'kysely'

export interface ServerOwnersTable {
  /** A user of the console app. */
  user_id: string
  /** How the role came: 'claim' (development link), 'owner_email' (GATEHOUSE_OWNER_EMAIL), 'cli'. */
  via: string
  created_at: number
}

export const consoleOwnerMigrations: Record<string, Migration> = {
  '0033_console_owners': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('server_owners')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('via', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.alterTable('audit_log').addColumn('actor_email', 'text').execute()
    },
  },
}

/**
 * What the recovery hold needs (services/recovery-hold.ts): when each linked account became a way
 * into its user, and which linked account each session logged in with.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const takeoverMigrations: Record<string, Migration> = {
  '0023_takeover_hold': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('linked_accounts').addColumn('bound_at', 'bigint').execute()
      // Existing accounts were bound when first verified (an address change resets that time too).
      await db
        .updateTable('linked_accounts')
        .set({ bound_at: sql`first_verified_at` })
        .execute()
      await db.schema.alterTable('sessions').addColumn('login_account_id', 'text').execute()
    },
  },
}

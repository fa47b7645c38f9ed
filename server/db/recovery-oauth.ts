/**
 * Recovery OAuth flows (services/recovery-oauth.ts) share `oauth_states` with login flows; a
 * recovery flow also names the signed-in user who started it, so another user's session cannot
 * redeem it.
 */
import type { Kysely, Migration } from 'kysely'

export const recoveryOAuthMigrations: Record<string, Migration> = {
  '0039_cloud_recovery': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('oauth_states').addColumn('user_id', 'text').execute()
    },
  },
}

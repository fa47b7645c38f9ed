import type { Db, OAuthStatesTable } from './schema.js'

export async function insertOAuthState(db: Db, row: OAuthStatesTable): Promise<void> {
  await db.insertInto('oauth_states').values(row).execute()
}

/** Reads without spending: the IdP callback only needs to know where to send the browser. */
export async function findOAuthState(db: Db, stateHash: string): Promise<OAuthStatesTable | undefined> {
  return db.selectFrom('oauth_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst()
}

/** Deletes and returns the flow (single use, one statement); expiry is the caller's check. */
export async function takeOAuthState(db: Db, appId: string, stateHash: string): Promise<OAuthStatesTable | undefined> {
  return db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).where('app_id', '=', appId).returningAll().executeTakeFirst()
}

/** What the provider posted about the user beside the code (Apple's `user`), for authenticate. */
export async function setOAuthProviderUser(db: Db, stateHash: string, providerUser: string): Promise<void> {
  await db.updateTable('oauth_states').set({ provider_user: providerUser }).where('state_hash', '=', stateHash).execute()
}

export async function deleteExpiredOAuthStates(db: Db, now: number): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute()
}

import { affected, prepare } from './prepared.js'
import type { Db, RefreshTokensTable, SessionsTable } from './schema.js'

const insertSessionRow = prepare<SessionsTable>((db, p) =>
  db.insertInto('sessions').values({
    id: p('id'),
    user_id: p('user_id'),
    app_id: p('app_id'),
    created_at: p('created_at'),
    revoked_at: null,
    device_jkt: p('device_jkt'),
    authenticated_at: p('authenticated_at'),
    login_account_id: p('login_account_id'),
    user_agent: p('user_agent'),
    ip: p('ip'),
  }),
)

const insertTokenRow = prepare<RefreshTokensTable>((db, p) =>
  db.insertInto('refresh_tokens').values({
    token_hash: p('token_hash'),
    session_id: p('session_id'),
    created_at: p('created_at'),
    expires_at: p('expires_at'),
    rotated_at: null,
  }),
)

/** Call inside the caller's transaction when the session comes with other writes. */
export async function insertSession(db: Db, session: SessionsTable, token: RefreshTokensTable): Promise<void> {
  await insertSessionRow(db, session)
  await insertTokenRow(db, token)
}

export async function insertRefreshToken(db: Db, token: RefreshTokensTable): Promise<void> {
  await insertTokenRow(db, token)
}

const byHash = prepare<
  { token_hash: string },
  Pick<RefreshTokensTable, 'token_hash' | 'session_id' | 'expires_at' | 'rotated_at'> & Pick<SessionsTable, 'user_id' | 'app_id' | 'revoked_at' | 'device_jkt'>
>((db, p) =>
  db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select([
      'refresh_tokens.token_hash',
      'refresh_tokens.session_id',
      'refresh_tokens.expires_at',
      'refresh_tokens.rotated_at',
      'sessions.user_id',
      'sessions.app_id',
      'sessions.revoked_at',
      'sessions.device_jkt',
    ])
    .where('refresh_tokens.token_hash', '=', p('token_hash')),
)

export async function findRefreshToken(db: Db, tokenHash: string) {
  return (await byHash(db, { token_hash: tokenHash })).rows[0]
}

const rotate = prepare<{ token_hash: string; now: number }>((db, p) =>
  db
    .updateTable('refresh_tokens')
    .set({ rotated_at: p('now') })
    .where('token_hash', '=', p('token_hash'))
    .where('rotated_at', 'is', null),
)

/** Marks the token used; false if another request already rotated it (a replay). */
export async function markRotated(db: Db, tokenHash: string, now: number): Promise<boolean> {
  return affected(await rotate(db, { token_hash: tokenHash, now })) === 1
}

/** Ends a session: its refresh tokens stop working because every use checks the session. */
export async function revokeSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
}

const active = prepare<{ id: string }, SessionsTable>((db, p) =>
  db.selectFrom('sessions').selectAll().where('id', '=', p('id')).where('revoked_at', 'is', null),
)

export async function findActiveSession(db: Db, sessionId: string): Promise<SessionsTable | undefined> {
  return (await active(db, { id: sessionId })).rows[0]
}

export async function deleteExpiredRefreshTokens(db: Db, now: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute()
}

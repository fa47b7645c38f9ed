/** The login_codes table: one live code per app and identifier (services/login-codes.ts says what an identifier is). */
import { affected, prepare } from './prepared.js'
import type { Db, LoginCodesTable } from './schema.js'

const put = prepare<LoginCodesTable & { cooldownStart: number; max: number }, { created_at: number }>((db, p) =>
  db
    .insertInto('login_codes')
    .values({
      app_id: p('app_id'),
      identifier: p('identifier'),
      code_hash: p('code_hash'),
      attempts: 0,
      created_at: p('created_at'),
      expires_at: p('expires_at'),
    })
    .onConflict((oc) =>
      oc
        .columns(['app_id', 'identifier'])
        .doUpdateSet({ code_hash: p('code_hash'), attempts: 0, created_at: p('created_at'), expires_at: p('expires_at') })
        // Only replace a code that is dead (expired or out of attempts) or older than the resend cooldown.
        .where((eb) =>
          eb.or([
            eb('login_codes.created_at', '<=', p('cooldownStart')),
            eb('login_codes.expires_at', '<=', p('created_at')),
            eb('login_codes.attempts', '>=', p('max')),
          ]),
        ),
    )
    .returning('created_at'),
)

/**
 * Stores a new code for the identifier, replacing the previous one (and its attempt count),
 * unless the previous one is still live (unexpired, with attempts left below `maxAttempts`) and
 * younger than `cooldownStart`: then nothing is written and false is returned. A code whose
 * attempts are spent is dead, so 'Resend code' right after the last wrong guess gets a new one.
 * One statement, so concurrent inits cannot both slip in.
 */
export async function putLoginCode(db: Db, row: Omit<LoginCodesTable, 'attempts'>, cooldownStart: number, maxAttempts: number): Promise<boolean> {
  const { rows } = await put(db, { ...row, attempts: 0, cooldownStart, max: maxAttempts })
  return rows.length === 1
}

const claim = prepare<{ app_id: string; identifier: string; now: number; max: number }, { code_hash: string }>((db, p) =>
  db
    .updateTable('login_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('app_id', '=', p('app_id'))
    .where('identifier', '=', p('identifier'))
    .where('expires_at', '>', p('now'))
    .where('attempts', '<', p('max'))
    .returning('code_hash'),
)

/**
 * Spends one attempt on the live code for the identifier and returns its hash, or undefined
 * when there is no live code (none, expired, or out of attempts). Spending before comparing
 * means concurrent guesses cannot all slip in under the attempt limit.
 */
export async function claimCodeAttempt(db: Db, appId: string, identifier: string, now: number, maxAttempts: number): Promise<string | undefined> {
  const { rows } = await claim(db, { app_id: appId, identifier, now, max: maxAttempts })
  return rows[0]?.code_hash
}

const spent = prepare<{ app_id: string; identifier: string; now: number; max: number }, { attempts: number }>((db, p) =>
  db
    .selectFrom('login_codes')
    .select('attempts')
    .where('app_id', '=', p('app_id'))
    .where('identifier', '=', p('identifier'))
    .where('expires_at', '>', p('now'))
    .where('attempts', '>=', p('max')),
)

/**
 * Whether the identifier's code is unexpired but out of attempts: the right code cannot pass any
 * more, and the user needs a new one (asked only after a failed check, to say so).
 */
export async function loginCodeUsedUp(db: Db, appId: string, identifier: string, now: number, maxAttempts: number): Promise<boolean> {
  const { rows } = await spent(db, { app_id: appId, identifier, now, max: maxAttempts })
  return rows.length > 0
}

const consume = prepare<{ app_id: string; identifier: string; code_hash: string }>((db, p) =>
  db.deleteFrom('login_codes').where('app_id', '=', p('app_id')).where('identifier', '=', p('identifier')).where('code_hash', '=', p('code_hash')),
)

/**
 * Deletes the code if it is still the one that was checked. False when another request
 * used it first, which keeps codes single-use across concurrent requests and instances.
 */
export async function consumeLoginCode(db: Db, appId: string, identifier: string, codeHash: string): Promise<boolean> {
  return affected(await consume(db, { app_id: appId, identifier, code_hash: codeHash })) === 1
}

export async function deleteExpiredLoginCodes(db: Db, now: number): Promise<void> {
  await db.deleteFrom('login_codes').where('expires_at', '<', now).execute()
}

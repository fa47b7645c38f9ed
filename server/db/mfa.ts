/**
 * MFA factors other than passkeys (a passkey's `enrolled_in_mfa` lives on its linked account):
 * one row per user and type. TOTP rows start pending (init) and become active on enrollment;
 * `secret` is the sealed TOTP key or the E.164 number for SMS.
 */
import type { Kysely, Migration } from 'kysely'
import type { Db, MfaFactorsTable } from './schema.js'

export type MfaFactorType = 'sms' | 'totp'

export const mfaMigrations: Record<string, Migration> = {
  '0022_mfa_factors': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('mfa_factors')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_step', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('mfa_factors_pk', ['user_id', 'type'])
        .execute()
      // The session's live MFA verification (the MFA proof): bound to the session, whose device key
      // every wallet call proves.
      await db.schema.alterTable('sessions').addColumn('mfa_verified_at', 'bigint').execute()
    },
  },
}

export async function listMfaFactors(db: Db, userId: string): Promise<MfaFactorsTable[]> {
  return db.selectFrom('mfa_factors').selectAll().where('user_id', '=', userId).execute()
}

export async function findMfaFactor(db: Db, userId: string, type: MfaFactorType): Promise<MfaFactorsTable | undefined> {
  return db.selectFrom('mfa_factors').selectAll().where('user_id', '=', userId).where('type', '=', type).executeTakeFirst()
}

/** Writes (or replaces) the user's factor of this type. */
export async function putMfaFactor(db: Db, row: MfaFactorsTable): Promise<void> {
  await db.deleteFrom('mfa_factors').where('user_id', '=', row.user_id).where('type', '=', row.type).execute()
  await db.insertInto('mfa_factors').values(row).execute()
}

export async function deleteMfaFactor(db: Db, userId: string, type: MfaFactorType): Promise<void> {
  await db.deleteFrom('mfa_factors').where('user_id', '=', userId).where('type', '=', type).execute()
}

/**
 * Records a used TOTP step: true only when `step` is newer than the last one used, in one
 * statement, so a code (or an older one) cannot be accepted twice even by concurrent requests.
 */
export async function useTotpStep(db: Db, userId: string, step: number, activate: boolean): Promise<boolean> {
  const result = await db
    .updateTable('mfa_factors')
    .set({ last_step: step, ...(activate ? { active: 1 } : {}) })
    .where('user_id', '=', userId)
    .where('type', '=', 'totp')
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function setSessionMfa(db: Db, sessionId: string, at: number | null): Promise<void> {
  await db.updateTable('sessions').set({ mfa_verified_at: at }).where('id', '=', sessionId).execute()
}

/** Spends the session's MFA verification if it is newer than `after` (export: one verification, one export). */
export async function spendSessionMfa(db: Db, sessionId: string, after: number): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ mfa_verified_at: null })
    .where('id', '=', sessionId)
    .where('mfa_verified_at', '>', after)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

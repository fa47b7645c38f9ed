/**
 * Migration 0026 renames login_codes.email to identifier (codes go to phones and second factors too):
 * a database at the migration before, with live codes in it, migrates in place and its codes still log in.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPostgresDatabase, dropPostgresDatabase } from '../../test/postgres.js'
import { hashCode } from '../crypto/codes.js'
import { forEachDatabase, sameDatabase, startHarness, TEST_SECRET, type Harness, type TestDatabase } from '../testing.js'
import { openDatabase, type DatabaseHandle } from './connect.js'
import { migrate, migrateTo } from './migrations.js'

const PREVIOUS = '0025_sponsorship_limits'

/** A fresh database migrated only up to PREVIOUS, and how to remove it. */
async function openAtPrevious(kind: TestDatabase['kind']): Promise<{ database: DatabaseHandle; remove(): Promise<void> }> {
  let database: DatabaseHandle
  let remove: () => Promise<void>
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'))
    database = await openDatabase({ dbFile: join(dir, 'test.db'), skipMigrations: true })
    remove = async () => rmSync(dir, { recursive: true, force: true })
  } else {
    const url = await createPostgresDatabase()
    if (!url) throw new Error('PostgreSQL is not available')
    database = await openDatabase({ databaseUrl: url, skipMigrations: true })
    remove = () => dropPostgresDatabase(url)
  }
  await migrateTo(database.db, PREVIOUS)
  return { database, remove }
}

forEachDatabase((target) => {
  let h: Harness
  let remove: () => Promise<void>
  let appId: string
  const phoneNumber = '+14155550199'
  beforeAll(async () => {
    const opened = await openAtPrevious(target.kind)
    remove = opened.remove
    h = await startHarness(sameDatabase(target.kind, opened.database))
    // Through the service, not the admin route: the route writes an audit row, a table this old schema lacks.
    appId = (await h.server.gatehouse.apps.create({ name: 'Test App', loginMethods: { email: true, sms: true } })).id
  })
  afterAll(async () => {
    await h?.close()
    await remove?.()
  })

  it('codes stored under the old column name survive the migration and still log in (e-mail and SMS)', async () => {
    const db = h.database.db as unknown as Kysely<any>
    const t = h.clock.now()
    const row = (identifier: string, code: string) => ({
      app_id: appId,
      email: identifier,
      code_hash: hashCode(TEST_SECRET, appId, identifier, code),
      attempts: 0,
      created_at: t,
      expires_at: t + 10 * 60 * 1000,
    })
    // What the code before the migration stored: e-mail codes under the address, SMS codes under `phone:<E.164>`.
    await db
      .insertInto('login_codes')
      .values([row('before@example.com', '123456'), row(`phone:${phoneNumber}`, '654321'), row('kept@example.com', '111111')])
      .execute()

    await migrate(h.database.db)

    const email = await h.post('/api/v1/passwordless/authenticate', { email: 'before@example.com', code: '123456', mode: 'login-or-sign-up' }, { appId })
    expect(email.statusCode).toBe(200)
    expect(email.json().user.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: 'before@example.com' })])
    const sms = await h.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: '654321', mode: 'login-or-sign-up' }, { appId })
    expect(sms.statusCode).toBe(200)
    expect(sms.json().user.linked_accounts).toEqual([expect.objectContaining({ type: 'phone', phone_number: phoneNumber })])
    // Used codes are gone; the unused one is kept, under the new column.
    const left = await h.database.db.selectFrom('login_codes').select(['identifier', 'attempts']).where('app_id', '=', appId).execute()
    expect(left).toEqual([{ identifier: 'kept@example.com', attempts: 0 }])
    // And new codes are issued and checked on the migrated table.
    await h.login(appId, 'after@example.com')
  })
})

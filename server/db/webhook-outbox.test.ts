/**
 * Migration 0032 moves the webhook outbox to one row per change (`webhook_outbox`): events written
 * before it and not yet fanned out move over with their ids (a receiver deduplicating on
 * `webhook-id` sees the same ids), events already fanned out stay, and the worker fans the moved
 * ones out as it does new ones.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPostgresDatabase, dropPostgresDatabase } from '../../test/postgres.js'
import { listEvents } from '../services/events.js'
import { forEachDatabase, sameDatabase, startHarness, type Harness } from '../testing.js'
import { openDatabase, type DatabaseHandle } from './connect.js'
import { migrate, migrateTo } from './migrations.js'

const PREVIOUS = '0031_owner_analytics'

forEachDatabase((target) => {
  let database: DatabaseHandle
  let remove: () => Promise<void>
  let h: Harness | undefined
  beforeAll(async () => {
    if (target.kind === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'))
      database = await openDatabase({ dbFile: join(dir, 'test.db'), skipMigrations: true })
      remove = async () => rmSync(dir, { recursive: true, force: true })
    } else {
      const url = (await createPostgresDatabase())!
      database = await openDatabase({ databaseUrl: url, skipMigrations: true })
      remove = () => dropPostgresDatabase(url)
    }
    await migrateTo(database.db, PREVIOUS)
  })
  afterAll(async () => {
    await h?.close()
    await remove?.()
  })

  it('events not yet fanned out move to the outbox with their ids and order; fanned-out ones stay; the worker fans the moved ones out', async () => {
    const db = database.db as unknown as Kysely<any>
    const event = (id: string, type: string, t: number, dispatched: number | null) => ({
      id,
      app_id: 'app-before',
      type,
      payload: JSON.stringify({ user: { id: `did:privy:${id}` } }),
      created_at: t,
      dispatched_at: dispatched,
    })
    await db
      .insertInto('webhook_events')
      .values([
        event('msg_sent', 'user.created', 1000, 1500),
        event('msg_second', 'user.authenticated', 3000, null),
        event('msg_first', 'user.created', 2000, null),
      ])
      .execute()

    await migrate(database.db)

    const outbox = await database.db.selectFrom('webhook_outbox').selectAll().orderBy('seq').execute()
    expect(outbox.map((o) => [JSON.parse(o.events), Number(o.event_count), Number(o.created_at)])).toEqual([
      [[{ id: 'msg_first', type: 'user.created', data: { user: { id: 'did:privy:msg_first' } } }], 1, 2000],
      [[{ id: 'msg_second', type: 'user.authenticated', data: { user: { id: 'did:privy:msg_second' } } }], 1, 3000],
    ])
    expect((await database.db.selectFrom('webhook_events').select('id').execute()).map((e) => e.id)).toEqual(['msg_sent'])
    expect((await listEvents(database.db, 'app-before')).map((e) => e.id)).toEqual(['msg_sent', 'msg_first', 'msg_second'])

    h = await startHarness(sameDatabase(target.kind, database))
    expect(await h.server.gatehouse.webhooks.worker.dispatch()).toBe(2)
    expect(await database.db.selectFrom('webhook_outbox').selectAll().execute()).toEqual([])
    const fanned = await database.db.selectFrom('webhook_events').selectAll().orderBy('created_at').execute()
    expect(fanned.map((e) => [e.id, e.type, JSON.parse(e.payload).user.id, e.dispatched_at === null])).toEqual([
      ['msg_sent', 'user.created', 'did:privy:msg_sent', false],
      ['msg_first', 'user.created', 'did:privy:msg_first', false],
      ['msg_second', 'user.authenticated', 'did:privy:msg_second', false],
    ])
  })
})

/**
 * Webhooks under failure, against the real server process (production mode):
 * - SIGKILL while 1,000 sign-ups (100 at a time) and their deliveries are in flight, then a restart on the same
 *   database: every acknowledged sign-up has exactly one `user.created` event (the outbox row was
 *   written with the user or not at all), it reaches the receiver at least once, and every message
 *   verifies with the Standard Webhooks reference library;
 * - two server processes on one PostgreSQL, both running the worker: every event is delivered
 *   once per attempt (no two workers send the same delivery).
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_ADMIN_TOKEN, inBatches, scratchDatabase, startApiProcess, type ApiProcess, type ScratchDatabase } from '../../test/api-process.js'
import { postgresAvailable } from '../../test/postgres.js'
import { startSmtpSink, type SmtpSink } from '../../test/smtp.js'
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../test/webhook-receiver.js'
import type { Db } from '../db/schema.js'
import { listEvents } from '../services/events.js'

const SIGNUPS = 1000
/** Sign-ups answered before the kill: many acknowledged, many still in flight. */
const KILL_AFTER = 300
/** Sign-ups in flight at any moment (each lane sends the next when its last is answered). */
const LANES = 100
// Throttles off (1,000 sign-ups from one address are the point); http receiver on loopback; a short
// lease so the restarted server takes over what the killed one had claimed within seconds.
const ENV = {
  GATEHOUSE_RATE_LIMIT: 'off',
  GATEHOUSE_WEBHOOK_ALLOW_HTTP: '1',
  GATEHOUSE_WEBHOOK_TIMEOUT_MS: '2000',
  GATEHOUSE_WEBHOOK_LEASE_MS: '3000',
  GATEHOUSE_WEBHOOK_POLL_MS: '50',
}

const guestCredential = () => randomBytes(32).toString('base64url')

/** Waits until `done()` holds, checking every 100 ms; fails with `describe()` after `timeoutMs`. */
async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${describe()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function addEndpoint(api: ApiProcess, appId: string, url: string): Promise<string> {
  const res = await api.request({ method: 'POST', path: `/api/v1/apps/${appId}/webhooks`, token: API_ADMIN_TOKEN, body: { url, events: ['user.created'] } })
  if (res.status !== 201) throw new Error(`add endpoint: ${res.status} ${res.text}`)
  return res.json().secret
}

/** user id → the ids of its user.created events in the outbox. */
async function createdEvents(db: Db): Promise<Map<string, string[]>> {
  const rows = (await listEvents(db)).filter((e) => e.type === 'user.created')
  const byUser = new Map<string, string[]>()
  for (const row of rows) {
    const userId = (JSON.parse(row.payload) as { user: { id: string } }).user.id
    byUser.set(userId, [...(byUser.get(userId) ?? []), row.id])
  }
  return byUser
}

const userOf = (m: ReceivedWebhook) => m.payload.data?.user?.id as string | undefined

function crashSuite(kind: 'sqlite' | 'postgres') {
  let sink: SmtpSink
  let database: ScratchDatabase
  let receiver: WebhookReceiver
  let api: ApiProcess | undefined

  beforeAll(async () => {
    sink = await startSmtpSink()
    database = await scratchDatabase(kind)
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await api?.kill()
    await receiver?.close()
    await sink?.close()
    await database?.remove()
  })

  it(`SIGKILL during ${SIGNUPS} sign-ups and their deliveries: each acknowledged sign-up has exactly one user.created, delivered and verifiable`, async () => {
    api = await startApiProcess({ database, smtpUrl: sink.url, env: ENV })
    const first = api
    const appId = await first.createApp({ loginMethods: { guest: true } })
    const secret = await addEndpoint(first, appId, receiver.url)

    const acknowledged: string[] = []
    const answeredOtherwise: string[] = []
    let lost = 0
    let killed: Promise<void> | null = null
    // The kill comes once enough sign-ups are acknowledged and deliveries are going out, from
    // whichever side sees that first (an answer to a sign-up, or a webhook arriving).
    const maybeKill = () => {
      if (acknowledged.length >= KILL_AFTER && receiver.received.length >= 20) killed ??= first.kill('SIGKILL')
    }
    // Until the kill, every other message is refused (503): those deliveries are certainly still owed
    // when the process dies, however fast the worker keeps up, and go out again after the restart.
    receiver.respond = (m) => {
      maybeKill()
      return m.id.charCodeAt(m.id.length - 1) % 2 ? 503 : 200
    }
    let next = 0
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < SIGNUPS) {
          next++
          try {
            const res = await first.request({
              method: 'POST',
              path: '/api/v1/guest/authenticate',
              appId,
              timeoutMs: 300_000,
              body: { guest_credential: guestCredential() },
            })
            if (res.status !== 200) answeredOtherwise.push(`${res.status} ${res.text}`)
            else acknowledged.push(res.json().user.id)
            maybeKill()
          } catch {
            lost++
          }
        }
      }),
    )
    await killed
    receiver.respond = () => 200
    expect(answeredOtherwise).toEqual([])
    expect(killed, 'the kill never came').not.toBeNull()
    expect(first.child.signalCode).toBe('SIGKILL')
    // Cut off in the middle: some answered, the rest lost with the process.
    expect(lost).toBeGreaterThan(0)
    expect(acknowledged.length + lost).toBe(SIGNUPS)
    const deliveredBeforeRestart = new Set(receiver.received.filter((m) => m.status === 200).map(userOf))
    // Deliveries were still owed when it died (otherwise this test proves nothing about the restart).
    expect(acknowledged.filter((id) => !deliveredBeforeRestart.has(id)).length).toBeGreaterThan(0)

    api = await startApiProcess({ database, smtpUrl: sink.url, env: ENV, port: first.port })
    const delivered = () => new Set(receiver.received.filter((m) => m.status === 200).map(userOf))
    await until(
      () => acknowledged.every((id) => delivered().has(id)),
      180_000,
      () => `${acknowledged.filter((id) => !delivered().has(id)).length} of ${acknowledged.length} acknowledged sign-ups not delivered`,
    )
    const handle = await database.open()
    try {
      // Sign-ups that committed but whose answer was cut off have their event too: the worker finishes those as well.
      const owed = async () =>
        Number((await sql<{ n: string | number }>`select count(*) as n from webhook_deliveries where status <> 'succeeded'`.execute(handle.db)).rows[0].n)
      let left = -1
      await until(
        async () => (left = await owed()) === 0,
        180_000,
        () => `${left} deliveries not done`,
      )
      const events = await createdEvents(handle.db)
      // Exactly one event per acknowledged sign-up…
      expect(acknowledged.filter((id) => events.get(id)?.length !== 1)).toEqual([])
      // …and one per user the database holds (a cut-off sign-up left neither), none for a user it does not.
      const users = (await handle.db.selectFrom('users').select('id').where('app_id', '=', appId).execute()).map((u) => u.id)
      expect(users.filter((id) => events.get(id)?.length !== 1)).toEqual([])
      expect([...events.keys()].filter((id) => !users.includes(id))).toEqual([])
      // Every message received carries its event's id and verifies with standardwebhooks.
      for (const id of acknowledged) {
        const messages = receiver.received.filter((m) => userOf(m) === id)
        expect(new Set(messages.map((m) => m.id))).toEqual(new Set(events.get(id)))
        for (const m of messages) receiver.verify(m, secret)
      }
      // Every user the database holds was delivered, the unacknowledged ones included.
      expect(users.filter((id) => !delivered().has(id))).toEqual([])
    } finally {
      await handle.close()
    }
  }, 600_000)
}

describe('webhooks: crash during sign-ups (sqlite)', () => crashSuite('sqlite'))
describe.skipIf(!postgresAvailable())('webhooks: crash during sign-ups (postgres)', () => crashSuite('postgres'))

describe.skipIf(!postgresAvailable())('webhooks: two server processes on one PostgreSQL database', () => {
  const USERS = 300
  let sink: SmtpSink
  let database: ScratchDatabase
  let receiver: WebhookReceiver
  let servers: ApiProcess[] = []

  beforeAll(async () => {
    sink = await startSmtpSink()
    database = await scratchDatabase('postgres')
    receiver = await startWebhookReceiver()
    servers = await Promise.all([0, 1].map(() => startApiProcess({ database, smtpUrl: sink.url, env: ENV })))
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()))
    await receiver?.close()
    await sink?.close()
    await database?.remove()
  })

  it(`${USERS} sign-ups across both servers: each event is delivered exactly once, with one attempt`, async () => {
    const appId = await servers[0].createApp({ loginMethods: { guest: true } })
    const secret = await addEndpoint(servers[1], appId, receiver.url)
    const users = await inBatches(
      Array.from({ length: USERS }, (_, i) => i),
      16,
      async (i) => {
        const res = await servers[i % 2].request({ method: 'POST', path: '/api/v1/guest/authenticate', appId, body: { guest_credential: guestCredential() } })
        expect(res.status, res.text).toBe(200)
        return res.json().user.id as string
      },
    )
    await until(
      () => new Set(receiver.received.map(userOf)).size >= USERS,
      120_000,
      () => `${new Set(receiver.received.map(userOf)).size} of ${USERS} delivered`,
    )
    // Both workers were polling all along: anything sent twice would have arrived by now too.
    await new Promise((r) => setTimeout(r, 1000))
    const ids = receiver.received.map((m) => m.id)
    expect(ids.length).toBe(USERS)
    expect(new Set(ids).size).toBe(USERS)
    expect(new Set(receiver.received.map(userOf))).toEqual(new Set(users))
    for (const m of receiver.received) receiver.verify(m, secret)

    const handle = await database.open()
    try {
      const attempts = await handle.db
        .selectFrom('webhook_attempts')
        .select(['delivery_id', (eb) => eb.fn.countAll().as('n')])
        .groupBy('delivery_id')
        .execute()
      expect(attempts).toHaveLength(USERS)
      expect(attempts.filter((a) => Number(a.n) !== 1)).toEqual([])
    } finally {
      await handle.close()
    }
  }, 300_000)
})

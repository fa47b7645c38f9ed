/**
 * SIGKILL in the middle of 500 concurrent e-mail sign-ups (the real server process, codes
 * over real SMTP, half of them through a wallet frame's device key), then a restart on the same
 * database: every sign-up that was answered 200 is there with its session (refresh works, with the
 * device's proof where the session is bound to one; the access token still reads the user), the
 * database holds no half-written sign-up, and the restarted server signs up newcomers as before.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeviceKey, memoryKeyStore } from '../../frame/src/device.js'
import { inBatches, nextCode, scratchDatabase, startApiProcess, type ApiProcess, type ScratchDatabase } from '../../test/api-process.js'
import { postgresAvailable } from '../../test/postgres.js'
import { startSmtpSink, type SmtpSink } from '../../test/smtp.js'
import type { Db } from '../db/schema.js'

const SIGNUPS = 500
/**
 * Answers of each kind (device-bound and not) counted before the kill: enough to have many
 * acknowledged, few enough that many are still in flight.
 */
const KILL_AFTER = 75
const FROM = '127.0.8.1'
// Throttles off: 500 sign-ups from one address are the point here, not a script to stop.
const ENV = { GATEHOUSE_RATE_LIMIT: 'off' }

interface Acknowledged {
  email: string
  userId: string
  token: string
  refreshToken: string
  /** Set for sign-ups made through a wallet frame: the session is bound to this key. */
  device?: DeviceKey
}

/** Rows a sign-up interrupted half way would leave behind; each count must be 0. */
async function halfWritten(db: Db): Promise<Record<string, number>> {
  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(db)).rows[0].n)
  return {
    'users without a linked account': await count(
      sql`select count(*) as n from users u where not exists (select 1 from linked_accounts l where l.user_id = u.id)`,
    ),
    'users without a session': await count(sql`select count(*) as n from users u where not exists (select 1 from sessions s where s.user_id = u.id)`),
    'linked accounts without a user': await count(
      sql`select count(*) as n from linked_accounts l where not exists (select 1 from users u where u.id = l.user_id)`,
    ),
    'sessions without a user': await count(sql`select count(*) as n from sessions s where not exists (select 1 from users u where u.id = s.user_id)`),
    'sessions without a refresh token': await count(
      sql`select count(*) as n from sessions s where not exists (select 1 from refresh_tokens r where r.session_id = s.id)`,
    ),
    'refresh tokens without a session': await count(
      sql`select count(*) as n from refresh_tokens r where not exists (select 1 from sessions s where s.id = r.session_id)`,
    ),
  }
}

const NONE = {
  'users without a linked account': 0,
  'users without a session': 0,
  'linked accounts without a user': 0,
  'sessions without a user': 0,
  'sessions without a refresh token': 0,
  'refresh tokens without a session': 0,
}

function crashSuite(kind: 'sqlite' | 'postgres') {
  let sink: SmtpSink
  let database: ScratchDatabase
  let api: ApiProcess | undefined

  beforeAll(async () => {
    sink = await startSmtpSink()
    database = await scratchDatabase(kind)
  })
  afterAll(async () => {
    await api?.kill()
    await sink?.close()
    await database?.remove()
  })

  it(`SIGKILL during ${SIGNUPS} concurrent sign-ups: every acknowledged sign-up and session survives, nothing is half written`, async () => {
    api = await startApiProcess({ database, smtpUrl: sink.url, env: ENV })
    const first = api
    const appId = await first.createApp()
    const emails = Array.from({ length: SIGNUPS }, (_, i) => `crash-${i}@example.com`)
    // Every other sign-up comes through a wallet frame (a device-bound session), the rest without.
    const devices = await Promise.all(emails.map((_, i) => (i % 2 ? DeviceKey.open(memoryKeyStore()) : undefined)))
    const codes = await inBatches(emails, 16, async (email) => {
      const init = await first.request({ method: 'POST', path: '/api/v1/passwordless/init', appId, from: FROM, body: { email } })
      expect(init.status, init.text).toBe(200)
      return nextCode(sink, email)
    })

    // Signed beforehand, so bound and unbound sign-ups leave together.
    const proofs = await Promise.all(devices.map((d) => d?.proof({ htm: 'POST', htu: `${first.publicUrl}/api/v1/passwordless/authenticate` })))

    // All at once; the process dies once KILL_AFTER of each kind have been answered.
    const acknowledged: Acknowledged[] = []
    const answeredOtherwise: string[] = []
    let killed: Promise<void> | null = null
    let bound = 0
    const outcomes = await Promise.allSettled(
      emails.map(async (email, i) => {
        const device = devices[i]
        const res = await first.request({
          method: 'POST',
          path: '/api/v1/passwordless/authenticate',
          appId,
          from: FROM,
          // 500 at once: on a slow machine the last answers come minutes later, and an answer
          // given up on is not an acknowledged sign-up (the kill would then never come).
          timeoutMs: 300_000,
          headers: proofs[i] ? { dpop: proofs[i] } : {},
          body: { email, code: codes[i] },
        })
        if (res.status !== 200) answeredOtherwise.push(`${email}: ${res.status} ${res.text}`)
        else {
          const body = res.json()
          acknowledged.push({ email, userId: body.user.id, token: body.token, refreshToken: body.refresh_token, device })
          if (device) bound++
        }
        if (bound >= KILL_AFTER && acknowledged.length - bound >= KILL_AFTER) killed ??= first.kill('SIGKILL')
      }),
    )
    await killed
    // First what the server answered otherwise (when the kill never came, this says why).
    expect(answeredOtherwise).toEqual([])
    const givenUp = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []))
    expect(killed, `the kill never came: fewer than KILL_AFTER of each kind were acknowledged (${givenUp.length} failed, first: ${givenUp[0]})`).not.toBeNull()
    expect(first.child.signalCode).toBe('SIGKILL')
    const lost = outcomes.filter((o) => o.status === 'rejected').length
    // The kill landed in the middle: some answered, the rest cut off.
    expect(acknowledged.length).toBeGreaterThanOrEqual(2 * KILL_AFTER)
    expect(lost).toBeGreaterThan(0)
    expect(acknowledged.length + lost).toBe(SIGNUPS)

    const handle = await database.open()
    try {
      expect(await halfWritten(handle.db)).toEqual(NONE)

      // The same address as before (and so the same token issuer), as an operator restarts it.
      api = await startApiProcess({ database, smtpUrl: sink.url, env: ENV, port: first.port })
      const second = api
      const problems = (
        await inBatches(acknowledged, 16, async (a) => {
          const me = await second.request({ method: 'GET', path: '/api/v1/users/me', appId, token: a.token })
          if (me.status !== 200 || me.json().user?.id !== a.userId) return `${a.email}: /users/me ${me.status} ${me.text}`
          const refreshing = { method: 'POST', path: '/api/v1/sessions', appId, body: { refresh_token: a.refreshToken } }
          // A bound session kept its binding: refused without its device's proof, refreshed with it.
          if (a.device) {
            const copied = await second.request(refreshing)
            if (copied.status !== 401) return `${a.email}: refresh without the device answered ${copied.status}`
          }
          const refresh = await second.request({ ...refreshing, device: a.device })
          if (refresh.status !== 200) return `${a.email}: refresh ${refresh.status} ${refresh.text}`
          const user = refresh.json().user
          const linked = user.linked_accounts?.some((l: { type: string; address: string }) => l.type === 'email' && l.address === a.email)
          return user.id === a.userId && linked ? null : `${a.email}: refreshed as ${JSON.stringify(user)}`
        })
      ).filter(Boolean)
      expect(problems).toEqual([])

      const users = Number((await sql<{ n: number }>`select count(*) as n from users`.execute(handle.db)).rows[0].n)
      expect(users).toBeGreaterThanOrEqual(acknowledged.length)
      expect(users).toBeLessThanOrEqual(SIGNUPS)

      // Someone whose sign-up was cut off simply signs up again on the restarted server.
      const acked = new Set(acknowledged.map((a) => a.email))
      const retry = emails.find((e) => !acked.has(e))!
      expect((await second.request({ method: 'POST', path: '/api/v1/passwordless/init', appId, from: FROM, body: { email: retry } })).status).toBe(200)
      const again = await second.request({
        method: 'POST',
        path: '/api/v1/passwordless/authenticate',
        appId,
        from: FROM,
        body: { email: retry, code: await nextCode(sink, retry) },
      })
      expect(again.status, again.text).toBe(200)
      expect(await halfWritten(handle.db)).toEqual(NONE)
    } finally {
      await handle.close()
    }
  }, 420_000) // starts the server twice and signs 500 users up: minutes on a busy 2-core machine
}

describe('crash during sign-ups (sqlite)', () => crashSuite('sqlite'))
describe.skipIf(!postgresAvailable())('crash during sign-ups (postgres)', () => crashSuite('postgres'))

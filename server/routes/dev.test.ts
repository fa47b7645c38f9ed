/**
 * Development mode serves every login code at /dev/outbox. A page cannot read it: no CORS answer on
 * /dev/*, and requests addressed to a name other than localhost or the public URL (a DNS-rebinding
 * page's) are refused. Node clients (the tests, scripts) send no Origin and keep reading it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink, type SmtpSink } from '../../test/smtp.js'
import { buildServer } from '../app.js'
import { forEachDatabase, startHarness, TEST_SECRET, type Harness } from '../testing.js'

const OUTBOX = '/dev/outbox'
const PAGE = 'http://localhost:5173'

forEachDatabase((target) => {
  let h: Harness
  let onNetwork: Harness
  let appId: string
  beforeAll(async () => {
    ;[h, onNetwork] = await Promise.all([startHarness(target), startHarness(target, { devOnNetwork: true })])
    appId = await h.createApp({ name: 'Dev host' })
  })
  afterAll(async () => {
    await h?.close()
    await onNetwork?.close()
  })

  const get = (server: Harness, url: string, headers: Record<string, string>) => server.server.inject({ method: 'GET', url, headers })

  it(
    'error: a request addressed to another name (DNS rebinding) is refused, for the outbox, the identity provider and the API',
    { timeout: 180_000 },
    async () => {
      await h.post('/api/v1/passwordless/init', { email: 'rebound@example.com' }, { appId })
      for (const url of [OUTBOX, `${OUTBOX}?to=rebound@example.com`, '/dev/idp/.well-known/openid-configuration', `/api/v1/apps/${appId}`]) {
        for (const host of ['evil.example', 'evil.example:8787', 'localhost.evil.example', '127.0.0.1.nip.io:8787']) {
          const res = await get(h, url, { host })
          expect(res.statusCode).toBe(403)
          expect(res.json()).toEqual({
            code: 'forbidden_origin',
            error: 'This development server answers only requests addressed to localhost or its public URL',
          })
          expect(res.body).not.toContain('rebound@example.com')
        }
      }
    },
  )

  it('loopback names and the public URL host are served', async () => {
    await h.post('/api/v1/passwordless/init', { email: 'local@example.com' }, { appId })
    for (const host of ['localhost:8787', 'LOCALHOST', '127.0.0.1:8787', '[::1]:8787', 'gatehouse.test']) {
      const res = await get(h, `${OUTBOX}?to=local@example.com`, { host })
      expect(res.statusCode, host).toBe(200)
      expect(res.json()[0]).toMatchObject({ to: 'local@example.com', code: expect.stringMatching(/^\d{6}$/) })
    }
  })

  it('error: the outbox answers no CORS header, even for a localhost page (the API still answers it in development)', async () => {
    const read = await get(h, OUTBOX, { host: 'localhost:8787', origin: PAGE })
    expect(read.statusCode).toBe(200)
    expect(read.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await h.server.inject({
      method: 'OPTIONS',
      url: OUTBOX,
      headers: { host: 'localhost:8787', origin: PAGE, 'access-control-request-method': 'GET' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const api = await get(h, `/api/v1/apps/${appId}`, { host: 'localhost:8787', origin: PAGE })
    expect(api.headers['access-control-allow-origin']).toBe(PAGE)
  })

  it("PUT /dev/webhook-outbox switches the webhook outbox of this process (the benchmark's A/B): off, a login writes no event; on again, it does", async () => {
    const outboxRows = async () => (await h.database.db.selectFrom('webhook_outbox').select('seq').where('app_id', '=', appId).execute()).length
    const put = (on: boolean) => h.server.inject({ method: 'PUT', url: '/dev/webhook-outbox', headers: { host: 'localhost' }, payload: { on } })
    try {
      expect((await put(false)).json()).toEqual({ on: false })
      const before = await outboxRows()
      await h.login(appId, 'dev-outbox-switch@example.com')
      expect(await outboxRows()).toBe(before)
    } finally {
      expect((await put(true)).statusCode).toBe(200)
    }
    const before = await outboxRows()
    await h.login(appId, 'dev-outbox-switch@example.com')
    expect(await outboxRows()).toBe(before + 1)
  })

  it('with GATEHOUSE_DEV_ON_NETWORK=1 an IP address is served too, another name still is not', async () => {
    expect((await get(h, OUTBOX, { host: '192.168.1.20:8787' })).statusCode).toBe(403)
    expect((await get(onNetwork, OUTBOX, { host: '192.168.1.20:8787' })).statusCode).toBe(200)
    expect((await get(onNetwork, OUTBOX, { host: '[fd00::20]:8787' })).statusCode).toBe(200)
    expect((await get(onNetwork, OUTBOX, { host: 'evil.example' })).statusCode).toBe(403)
  })
})

describe('production mode', () => {
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(() => sink?.close())

  it('answers whatever name a proxy forwards (the host check is development-only); /dev/* stays 404', { timeout: 180_000 }, async () => {
    const server = await buildServer({ dev: false, dbFile: ':memory:', smtpUrl: sink.url, secret: TEST_SECRET, logger: false })
    expect((await server.inject({ method: 'GET', url: '/healthz', headers: { host: 'auth.example.com' } })).statusCode).toBe(200)
    expect((await server.inject({ method: 'GET', url: OUTBOX, headers: { host: 'auth.example.com' } })).statusCode).toBe(404)
    await server.close()
  })
})

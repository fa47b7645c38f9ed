import { connect, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink, type SmtpSink } from '../test/smtp.js'
import { buildServer } from './app.js'
import { forEachDatabase, startHarness, TEST_SECRET, type Harness, sameDatabase } from './testing.js'

const INIT = '/api/v1/passwordless/init'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target, { bodyLimit: 2048 })
    appId = await h.createApp({ allowedOrigins: ['https://shop.example'] })
  })
  afterAll(() => h?.close())

  const raw = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: string, headers: Record<string, string> = {}) =>
    h.server.inject({ method, url, payload, headers: { 'privy-app-id': appId, ...headers } })

  describe('error answers', () => {
    it('error: malformed JSON answers 400 invalid_data', async () => {
      const res = await raw('POST', INIT, '{"email":', { 'content-type': 'application/json' })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: 'Request body is not valid JSON', code: 'invalid_data' })
    })

    it('error: prototype-poisoning JSON answers 400 invalid_data', async () => {
      const res = await raw('POST', INIT, '{"email":"a@b.co","__proto__":{"x":1}}', { 'content-type': 'application/json' })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('invalid_data')
    })

    it('error: missing field answers 400 invalid_data naming it', async () => {
      const res = await h.post(INIT, {}, { appId })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: 'Missing field: email', code: 'invalid_data' })
    })

    it('error: wrong field type answers 400 invalid_data', async () => {
      const res = await h.post(INIT, { email: 42 }, { appId })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('invalid_data')
    })

    it('error: missing, malformed or unknown privy-app-id answers 400 missing_or_invalid_app_id', async () => {
      for (const id of [undefined, 'short', 'x'.repeat(25), 'A'.repeat(25)]) {
        const res = await h.post(INIT, { email: 'a@example.com' }, { appId: id })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ error: 'Missing or invalid app id', code: 'missing_or_invalid_app_id' })
      }
      for (const res of [await h.get('/api/v1/users/me'), await h.post('/api/v1/sessions', {}), await h.post('/api/v1/analytics_events', {})]) {
        expect(res.json().code).toBe('missing_or_invalid_app_id')
      }
    })

    it('error: unknown route answers 404 not_found', async () => {
      const res = await raw('GET', '/api/v1/nothing-here')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: 'No route GET /api/v1/nothing-here', code: 'not_found' })
    })

    it('error: wrong method answers 405 method_not_allowed with Allow', async () => {
      const res = await raw('GET', INIT)
      expect(res.statusCode).toBe(405)
      expect(res.json().code).toBe('method_not_allowed')
      expect(res.headers.allow).toBe('POST')
      const param = await raw('DELETE', `/api/v1/apps/${appId}`)
      expect(param.statusCode).toBe(405)
      expect(param.headers.allow).toContain('GET')
    })

    it("error: a malformed escape or an over-long path parameter answers 400 invalid_data, not the router's own shape", async () => {
      const bad = await raw('GET', '/api/v1/apps/%E0%A4%A')
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({ error: 'The URL is not valid', code: 'invalid_data' })
      const long = await raw('GET', `/api/v1/apps/${'x'.repeat(101)}`)
      expect(long.statusCode).toBe(400)
      expect(long.json()).toEqual({ error: 'A path parameter is too long', code: 'invalid_data' })
    })

    it('error: a NUL character in a body, a key or a query answers 400 invalid_data on both databases', async () => {
      const { token } = await h.login(appId, 'nul@example.com')
      const nul = { error: 'Text must not contain the NUL character', code: 'invalid_data' }
      for (const body of [{ address: 'a\u0000b@example.com' }, { address: 'nul@example.com', 'x\u0000': 1 }]) {
        const res = await h.post('/api/v1/passwordless/unlink', body, { appId, token })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual(nul)
      }
      const query = await raw('GET', '/api/v1/oauth/callback?state=a%00b')
      expect(query.statusCode).toBe(400)
      expect(query.json()).toEqual(nul)
    })

    it('error: wrong content type answers 415 unsupported_media_type', async () => {
      const res = await raw('POST', INIT, 'email=a@b.co', { 'content-type': 'application/x-www-form-urlencoded' })
      expect(res.statusCode).toBe(415)
      expect(res.json().code).toBe('unsupported_media_type')
      const text = await raw('POST', INIT, '{"email":"a@b.co"}', { 'content-type': 'text/plain' })
      expect(text.json().code).toBe('unsupported_media_type')
    })

    it('error: body too large answers 413 payload_too_large', async () => {
      const res = await raw('POST', INIT, JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(4096) }), { 'content-type': 'application/json' })
      expect(res.statusCode).toBe(413)
      expect(res.json().code).toBe('payload_too_large')
    })

    it('error: an internal failure answers 500 internal_error with no stack', async () => {
      const broken = await startHarness(sameDatabase(target.kind, h.database))
      // Pull the database out from under the instance: its next query throws.
      ;(broken.server.gatehouse as { db: unknown }).db = new Proxy(
        {},
        {
          get: () => {
            throw new Error('secret internals at /srv/x.ts:1')
          },
        },
      )
      const res = await broken.get('/healthz')
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ error: 'Internal error', code: 'internal_error' })
      expect(res.body).not.toContain('secret internals')
      await broken.server.close()
    })
  })

  describe('CORS', () => {
    const preflight = (origin: string) =>
      h.server.inject({
        method: 'OPTIONS',
        url: INIT,
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,privy-app-id' },
      })

    it('preflight from an allowed origin allows credentials and the client headers', async () => {
      const res = await preflight('https://shop.example')
      expect(res.statusCode).toBe(204)
      expect(res.headers['access-control-allow-origin']).toBe('https://shop.example')
      expect(res.headers['access-control-allow-credentials']).toBe('true')
      const allowed = String(res.headers['access-control-allow-headers'])
      for (const header of ['privy-app-id', 'privy-client-id', 'privy-client', 'privy-ca-id', 'authorization', 'content-type']) {
        expect(allowed).toContain(header)
      }
    })

    it('error: preflight from a refused origin gets no allow-origin', async () => {
      const res = await preflight('https://evil.example')
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
    })

    it('development mode allows any localhost origin', async () => {
      for (const origin of ['http://localhost:5173', 'http://127.0.0.1:9999']) {
        expect((await preflight(origin)).headers['access-control-allow-origin']).toBe(origin)
      }
      expect((await preflight('http://localhost.evil.example')).headers['access-control-allow-origin']).toBeUndefined()
    })

    it('real requests get allow-origin only for their own app’s origins', async () => {
      const ok = await h.post(INIT, { email: 'cors@example.com' }, { appId, headers: { origin: 'https://shop.example' } })
      expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example')
      const other = await h.createApp()
      const res = await h.post(INIT, { email: 'cors@example.com' }, { appId: other, headers: { origin: 'https://shop.example' } })
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
    })

    it('error answers carry CORS headers so the browser can read the code', async () => {
      const res = await h.post(INIT, {}, { appId, headers: { origin: 'https://shop.example' } })
      expect(res.statusCode).toBe(400)
      expect(res.headers['access-control-allow-origin']).toBe('https://shop.example')
    })
  })

  describe('misc routes', () => {
    it('GET /healthz answers ok', async () => {
      const res = await h.get('/healthz')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ ok: true })
    })

    it('POST /analytics_events answers 204', async () => {
      const res = await h.post('/api/v1/analytics_events', { event_name: 'sdk_initialize', client_id: 'abc', payload: { clientTimestamp: 'now' } }, { appId })
      expect(res.statusCode).toBe(204)
      expect(res.body).toBe('')
    })

    it('GET /dev/outbox lists messages newest first, filtered by ?to=', async () => {
      await h.post(INIT, { email: 'out1@example.com' }, { appId })
      await h.post(INIT, { email: 'out2@example.com' }, { appId })
      const all = (await h.get('/dev/outbox')).json()
      expect(all[0]).toMatchObject({ to: 'out2@example.com', code: expect.stringMatching(/^\d{6}$/), subject: expect.any(String), text: expect.any(String) })
      expect(Date.parse(all[0].sentAt)).not.toBeNaN()
      const one = (await h.get('/dev/outbox?to=OUT1@example.com')).json()
      expect(one.map((m: { to: string }) => m.to)).toEqual(['out1@example.com'])
    })
  })
})

describe('production mode', () => {
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(() => sink?.close())

  it('error: GET /dev/outbox does not exist in production (404 not_found)', async () => {
    const server = await buildServer({ dev: false, dbFile: ':memory:', smtpUrl: sink.url, secret: TEST_SECRET, logger: false, printMail: false })
    const res = await server.inject({ method: 'GET', url: '/dev/outbox' })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('not_found')
    expect(server.gatehouse.mailer.outbox).toBeNull()
    await server.close()
  })

  it('error: production refuses to start without SMTP_URL or GATEHOUSE_SECRET', async () => {
    await expect(buildServer({ dev: false, dbFile: ':memory:', secret: TEST_SECRET, logger: false })).rejects.toThrow(/SMTP_URL/)
    await expect(buildServer({ dev: false, dbFile: ':memory:', smtpUrl: sink.url, logger: false })).rejects.toThrow(/GATEHOUSE_SECRET/)
  })

  it('production refuses localhost origins that no app allows', async () => {
    const server = await buildServer({ dev: false, dbFile: ':memory:', smtpUrl: sink.url, secret: TEST_SECRET, logger: false })
    const res = await server.inject({ method: 'OPTIONS', url: INIT, headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    await server.close()
  })
})

describe('refusals Node makes before a request exists', () => {
  it('error: headers over the limit answer 431 headers_too_large, bytes that are not HTTP 400 invalid_data, both as { error, code }', async () => {
    const server = await buildServer({ dbFile: ':memory:', logger: false, printMail: false, secret: TEST_SECRET })
    await server.listen({ port: 0, host: '127.0.0.1' })
    const { port } = server.server.address() as AddressInfo
    // What arrives before the server hangs up (a reset after the answer is expected).
    const raw = (request: string) =>
      new Promise<{ status: string; body: unknown }>((resolve) => {
        let out = ''
        const socket = connect(port, '127.0.0.1', () => socket.write(request))
        socket.on('data', (d) => (out += d))
        const done = () => resolve({ status: out.split('\r\n')[0], body: JSON.parse(out.slice(out.indexOf('\r\n\r\n') + 4)) })
        socket.on('close', done)
        socket.on('error', () => {})
      })
    try {
      const big = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
      expect(big).toEqual({
        status: 'HTTP/1.1 431 Request Header Fields Too Large',
        body: { error: 'Request headers are too large', code: 'headers_too_large' },
      })
      const junk = await raw('NOT HTTP AT ALL\r\n\r\n')
      expect(junk).toEqual({ status: 'HTTP/1.1 400 Bad Request', body: { error: 'Malformed HTTP request', code: 'invalid_data' } })
    } finally {
      await server.close()
    }
  })
})

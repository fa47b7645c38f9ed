import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordEvent } from '../services/events.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'

const METRICS_TOKEN = 'test-metrics-token-0123456789'
const scrapeHeaders = { authorization: `Bearer ${METRICS_TOKEN}` }

/** The value of one exact series (`name{labels}` as the exposition prints it), or undefined when the line is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

forEachDatabase((target) => {
  describe('on (GATEHOUSE_METRICS_TOKEN set)', () => {
    let h: Harness
    let appId: string
    beforeAll(async () => {
      h = await startHarness(target, { metricsToken: METRICS_TOKEN })
      appId = await h.createApp({ loginMethods: { email: true, guest: true } })
    })
    afterAll(() => h?.close())

    const scrape = async () => {
      const res = await h.get('/metrics', { headers: scrapeHeaders })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
      return res.body
    }

    it('error: 401 missing_or_invalid_token without the metrics token (the admin token is not it)', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `Bearer ${ADMIN_TOKEN}`, `Basic ${METRICS_TOKEN}`]) {
        const res = await h.get('/metrics', { headers: authorization ? { authorization } : {} })
        expect(res.statusCode, authorization).toBe(401)
        expect(res.json().code).toBe('missing_or_invalid_token')
      }
    })

    it('counts requests by route pattern and status, with their latency', async () => {
      const before = await scrape()
      const initSeries = 'gatehouse_http_requests_total{method="POST",route="/api/v1/passwordless/init",status="200"}'
      const appSeries = 'gatehouse_http_requests_total{method="GET",route="/api/v1/apps/:app_id",status="200"}'
      const n0 = sample(before, initSeries) ?? 0
      await h.login(appId, 'ada@example.com')
      expect((await h.get(`/api/v1/apps/${appId}`)).statusCode).toBe(200)
      expect((await h.get(`/api/v1/apps/${appId}`)).statusCode).toBe(200)
      expect((await h.get('/api/v1/no/such/route/4242')).statusCode).toBe(404)
      const text = await scrape()
      expect(sample(text, initSeries)).toBe(n0 + 1)
      // The pattern, never the raw URL: the app id does not appear in any label.
      expect(sample(text, appSeries)).toBe(2)
      expect(text).not.toContain(appId)
      expect(sample(text, 'gatehouse_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1)
      expect(text).not.toContain('4242')
      const auth = 'method="POST",route="/api/v1/passwordless/authenticate",status="200"'
      expect(sample(text, `gatehouse_http_request_duration_seconds_count{${auth}}`)).toBe(1)
      expect(sample(text, `gatehouse_http_request_duration_seconds_bucket{le="+Inf",${auth}}`)).toBe(1)
      expect(sample(text, `gatehouse_http_request_duration_seconds_sum{${auth}}`)).toBeGreaterThan(0)
      expect(text).toContain('# TYPE gatehouse_http_request_duration_seconds histogram')
    })

    it('counts logins and login failures by method', async () => {
      const before = await scrape()
      const email = (name: string) => sample(before, `${name}{method="email"}`) ?? 0
      const [logins0, failures0] = [email('gatehouse_logins_total'), email('gatehouse_login_failures_total')]
      await h.login(appId, 'bob@example.com')
      await h.post('/api/v1/passwordless/init', { email: 'cy@example.com' }, { appId })
      expect((await h.post('/api/v1/passwordless/authenticate', { email: 'cy@example.com', code: '000000' }, { appId })).statusCode).toBe(401)
      expect((await h.post('/api/v1/passwordless/authenticate', { email: 'cy@example.com', code: '000001' }, { appId })).statusCode).toBe(401)
      const guest = await h.post('/api/v1/guest/authenticate', { guest_credential: 'a'.repeat(43) }, { appId })
      expect(guest.statusCode).toBe(200)
      const text = await scrape()
      expect(sample(text, 'gatehouse_logins_total{method="email"}')).toBe(logins0 + 1)
      expect(sample(text, 'gatehouse_login_failures_total{method="email"}')).toBe(failures0 + 2)
      expect(sample(text, 'gatehouse_logins_total{method="guest"}')).toBe(1)
    })

    it('reports the webhook queue depth from the database at each scrape', async () => {
      const depth0 = sample(await scrape(), 'gatehouse_webhook_queue_depth')
      expect(depth0).toBeTypeOf('number')
      await recordEvent(h.database.db, appId, 'user.created', { user: { id: 'did:privy:x' } })
      await recordEvent(h.database.db, appId, 'user.deleted', { user: { id: 'did:privy:x' } })
      const text = await scrape()
      expect(sample(text, 'gatehouse_webhook_queue_depth')).toBe(depth0! + 2)
      expect(sample(text, 'gatehouse_webhook_delivery_failures')).toBe(0)
    })

    it('reports the database pool (PostgreSQL pool totals; SQLite its one connection)', async () => {
      const text = await scrape()
      if (target.kind === 'sqlite') {
        expect(sample(text, 'gatehouse_db_pool_max')).toBe(1)
        expect(sample(text, 'gatehouse_db_pool_connections{state="total"}')).toBe(1)
        expect(sample(text, 'gatehouse_db_pool_connections{state="idle"}')).toBeUndefined()
      } else {
        expect(sample(text, 'gatehouse_db_pool_max')).toBe(10)
        const total = sample(text, 'gatehouse_db_pool_connections{state="total"}')!
        expect(total).toBeGreaterThanOrEqual(1)
        expect(total).toBeLessThanOrEqual(10)
        expect(sample(text, 'gatehouse_db_pool_connections{state="idle"}')).toBeLessThanOrEqual(total)
        // Queries queued while the pool opens a connection count as waiting: a number, not always 0.
        expect(sample(text, 'gatehouse_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0)
      }
    })

    it('includes the process metrics', async () => {
      expect(sample(await scrape(), 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    })
  })

  describe('off (the default)', () => {
    let h: Harness
    beforeAll(async () => {
      h = await startHarness(target)
    })
    afterAll(() => h?.close())

    it('error: GET /metrics answers 404 with or without a token', async () => {
      for (const headers of [{}, scrapeHeaders] as Record<string, string>[]) {
        const res = await h.get('/metrics', { headers })
        expect(res.statusCode).toBe(404)
        expect(res.json().code).toBe('not_found')
      }
    })
  })
})

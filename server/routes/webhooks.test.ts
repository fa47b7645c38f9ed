import { WEBHOOK_EVENT_TYPES } from '@gatehouse/contract/routes'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js'
import { ROTATION_OVERLAP_MS, WebhookService } from '../services/webhooks.js'
import { MAX_ATTEMPTS, RETRY_SCHEDULE_MS } from '../services/webhook-worker.js'
import { resolveConfig } from '../config.js'
import { signWebhook } from '../crypto/webhook-signature.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'

const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }

forEachDatabase((target) => {
  let h: Harness
  let receiver: WebhookReceiver
  let appId: string
  const hooks = () => `/api/v1/apps/${appId}/webhooks`
  const tick = () => h.server.gatehouse.webhooks.worker.tick()
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    h.server.inject({ method, url: path, headers: admin.headers, ...(body === undefined ? {} : { payload: body as object }) })

  beforeAll(async () => {
    h = await startHarness(target)
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await h?.close()
    await receiver?.close()
  })
  beforeEach(async () => {
    // A fresh app per test: earlier tests' endpoints and events stay out of the way.
    appId = await h.createApp()
    receiver.respond = () => 200
    // Back to real time: receivers (and standardwebhooks) refuse timestamps more than 5 minutes off.
    h.clock.advance(Date.now() - h.clock.now())
  })

  async function addEndpoint(body: Record<string, unknown> = {}) {
    const res = await call('POST', hooks(), { url: receiver.url, ...body })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: string; secret: string; events: string[] }
  }

  it('an owner adds, reads, lists, changes and deletes endpoints; the secret is whsec_ and shown on creation only', async () => {
    const created = await addEndpoint({ description: 'CRM sync' })
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(created.events).toContain('user.created')
    // Every event type by default (the contract's list).
    expect([...created.events].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort())
    const read = await call('GET', `${hooks()}/${created.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json()).not.toHaveProperty('secret')
    expect(read.json()).toMatchObject({ url: receiver.url, description: 'CRM sync', enabled: true, disabledReason: null })
    expect((await call('GET', hooks())).json().endpoints.map((e: { id: string }) => e.id)).toEqual([created.id])

    const patched = await call('PATCH', `${hooks()}/${created.id}`, { events: ['user.deleted'], enabled: false })
    expect(patched.json()).toMatchObject({ events: ['user.deleted'], enabled: false })
    expect((await call('GET', `${hooks()}/${created.id}/secret`)).json().secret).toBe(created.secret)

    expect((await call('DELETE', `${hooks()}/${created.id}`)).statusCode).toBe(204)
    expect((await call('GET', `${hooks()}/${created.id}`)).json().code).toBe('not_found')
    expect((await call('GET', hooks())).json().endpoints).toEqual([])
  })

  it('error: no admin token, an unknown app, another app`s endpoint, an unknown event type', async () => {
    const created = await addEndpoint()
    const anonymous = await h.server.inject({ method: 'GET', url: hooks() })
    expect(anonymous.statusCode).toBe(401)
    // Refused before the body is validated: a stranger learns nothing about the schema.
    expect((await h.server.inject({ method: 'POST', url: hooks(), payload: { url: 5 } })).statusCode).toBe(401)
    expect((await call('GET', '/api/v1/apps/aaaaaaaaaaaaaaaaaaaaaaaaa/webhooks')).statusCode).toBe(404)
    const otherApp = await h.createApp()
    expect((await call('GET', `/api/v1/apps/${otherApp}/webhooks/${created.id}`)).statusCode).toBe(404)
    expect((await call('GET', `/api/v1/apps/${otherApp}/webhooks/${created.id}/secret`)).statusCode).toBe(404)
    const bad = await call('POST', hooks(), { url: receiver.url, events: ['user.exploded'] })
    expect(bad.statusCode).toBe(400)
    expect((await call('POST', hooks(), { url: 'ftp://example.com/hooks' })).statusCode).toBe(400)
    expect((await call('POST', hooks(), { url: 'https://user:pw@example.com/hooks' })).statusCode).toBe(400)
  })

  it('error: outside development an endpoint must be https:// (unless GATEHOUSE_WEBHOOK_ALLOW_HTTP)', () => {
    const make = (allowHttp: boolean) =>
      new WebhookService({
        db: h.database.db,
        dialect: h.database.dialect,
        config: resolveConfig({ webhooks: { allowHttp } }).webhooks,
        now: Date.now,
        log: { warn: () => undefined },
        secret: null,
        dev: false,
      })
    expect(() => make(false).checkUrl('http://crm.example/hooks')).toThrow('must be https://')
    expect(make(false).checkUrl('https://crm.example/hooks')).toBe('https://crm.example/hooks')
    expect(make(true).checkUrl('http://10.0.0.5/hooks')).toBe('http://10.0.0.5/hooks')
  })

  it('a sign-up is delivered as user.created and user.authenticated, signed as Standard Webhooks says', async () => {
    const { secret } = await addEndpoint()
    const session = await h.login(appId, 'ada@example.com')
    await tick()
    const created = await receiver.next((m) => m.type === 'user.created' && m.payload.data.user.id === session.user.id)
    expect(receiver.verify(created, secret)).toMatchObject({ type: 'user.created', data: { user: { id: session.user.id } } })
    expect(created.id).toMatch(/^msg_/)
    expect(created.payload.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(created.payload.data.user.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: 'ada@example.com' })])
    const authenticated = await receiver.next((m) => m.type === 'user.authenticated' && m.payload.data.user.id === session.user.id)
    expect(authenticated.payload.data.account).toMatchObject({ type: 'email', address: 'ada@example.com' })
    // A wrong secret is refused by the same library.
    expect(() => receiver.verify(created, 'whsec_' + Buffer.alloc(24, 1).toString('base64'))).toThrow()

    // A second login is user.authenticated only.
    const before = receiver.received.length
    await h.login(appId, 'ada@example.com')
    await tick()
    const again = receiver.received.slice(before).filter((m) => m.payload.data?.user?.id === session.user.id)
    expect(again.map((m) => m.type)).toEqual(['user.authenticated'])
  })

  it('only subscribed events are delivered', async () => {
    await addEndpoint({ events: ['user.deleted'] })
    const session = await h.login(appId, 'grace@example.com')
    await tick()
    await tick()
    expect(receiver.received.filter((m) => m.payload.data?.user?.id === session.user.id)).toEqual([])
  })

  it('a failing receiver is retried with back-off; the log shows every attempt; replay sends the same webhook-id again', async () => {
    const endpoint = await addEndpoint({ events: ['user.created'] })
    let failures = 1
    receiver.respond = () => (failures-- > 0 ? 503 : 200)
    const session = await h.login(appId, 'retry@example.com')
    await tick()
    const log = async () => (await call('GET', `${hooks()}/${endpoint.id}/deliveries`)).json().deliveries
    const [first] = await log()
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503, lastError: 'HTTP 503', eventType: 'user.created' })
    expect(Date.parse(first.nextAttemptAt) - h.clock.now()).toBeGreaterThan(RETRY_SCHEDULE_MS[0] - 2_000)
    // Not yet due: nothing goes out.
    await tick()
    expect(receiver.received.filter((m) => m.payload.data?.user?.id === session.user.id)).toHaveLength(1)
    h.clock.advance(RETRY_SCHEDULE_MS[0])
    await tick()
    const [second] = await log()
    expect(second).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200, lastError: null })
    const detail = (await call('GET', `${hooks()}/${endpoint.id}/deliveries/${second.id}`)).json()
    expect(detail.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 200])
    expect(detail.payload).toMatchObject({ type: 'user.created', data: { user: { id: session.user.id } } })
    const ids = receiver.received.filter((m) => m.payload.data?.user?.id === session.user.id).map((m) => m.id)
    expect(new Set(ids).size).toBe(1)

    const replay = await call('POST', `${hooks()}/${endpoint.id}/deliveries/${second.id}/replay`)
    expect(replay.statusCode, replay.body).toBe(202)
    expect(replay.json()).toMatchObject({ round: 1, status: 'pending', eventId: second.eventId })
    await tick()
    const all = receiver.received.filter((m) => m.id === second.eventId)
    expect(all).toHaveLength(3)
    const page = (await call('GET', `${hooks()}/${endpoint.id}/deliveries?limit=1`)).json()
    expect(page.deliveries).toHaveLength(1)
    const next = (await call('GET', `${hooks()}/${endpoint.id}/deliveries?limit=1&cursor=${encodeURIComponent(page.nextCursor)}`)).json()
    expect(next.deliveries[0].id).not.toBe(page.deliveries[0].id)
    expect(next.nextCursor).toBeNull()
  })

  it(`a delivery failing ${MAX_ATTEMPTS} times ends failed; an endpoint failing for days is disabled with the reason shown`, async () => {
    const endpoint = await addEndpoint({ events: ['user.created'] })
    receiver.respond = () => 500
    await h.login(appId, 'down@example.com')
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await tick()
      h.clock.advance(RETRY_SCHEDULE_MS[i] ?? 0)
    }
    const [delivery] = (await call('GET', `${hooks()}/${endpoint.id}/deliveries`)).json().deliveries
    expect(delivery).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null })
    expect((await call('GET', `${hooks()}/${endpoint.id}`)).json()).toMatchObject({ enabled: true, failingSince: expect.any(String) })

    // Days later, still failing: the next failure disables it.
    h.clock.advance(5 * 24 * 3600_000)
    await h.login(appId, 'down-2@example.com')
    await tick()
    const disabled = (await call('GET', `${hooks()}/${endpoint.id}`)).json()
    expect(disabled.enabled).toBe(false)
    expect(disabled.disabledReason).toMatch(/every delivery failed since .* \(last: HTTP 500\)/)
    // A disabled endpoint gets no new deliveries; enabling it again clears the reason.
    await h.login(appId, 'down-3@example.com')
    await tick()
    expect((await call('GET', `${hooks()}/${endpoint.id}/deliveries`)).json().deliveries).toHaveLength(2)
    const enabled = (await call('PATCH', `${hooks()}/${endpoint.id}`, { enabled: true })).json()
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null })
  })

  it('a claimed delivery whose worker died is taken again once its lease runs out', async () => {
    await addEndpoint({ events: ['user.created'] })
    const session = await h.login(appId, 'lease@example.com')
    const worker = h.server.gatehouse.webhooks.worker
    await worker.dispatch()
    const claimed = await worker.claim(1000)
    expect(claimed.some((c) => c.event_type === 'user.created')).toBe(true)
    // The "crashed" worker never attempts; the lease keeps others off until it runs out.
    await tick()
    expect(receiver.received.filter((m) => m.payload.data?.user?.id === session.user.id)).toEqual([])
    h.clock.advance(h.server.gatehouse.config.webhooks.leaseMs)
    await tick()
    expect(receiver.received.filter((m) => m.payload.data?.user?.id === session.user.id)).toHaveLength(1)
  })

  it('rotation: both secrets sign during the overlap, then only the new one', async () => {
    const endpoint = await addEndpoint({ events: ['user.created'] })
    const rotated = (await call('POST', `${hooks()}/${endpoint.id}/rotate_secret`)).json()
    expect(rotated.secret).not.toBe(endpoint.secret)
    expect(Date.parse(rotated.previousSecretExpiresAt) - h.clock.now()).toBeGreaterThan(ROTATION_OVERLAP_MS - 60_000)
    const session = await h.login(appId, 'rotate@example.com')
    await tick()
    const message = await receiver.next((m) => m.payload.data?.user?.id === session.user.id)
    expect(String(message.headers['webhook-signature']).split(' ')).toHaveLength(2)
    receiver.verify(message, endpoint.secret)
    receiver.verify(message, rotated.secret)
    // Past the overlap only the new secret signs (the clock moved, so the header is checked as such).
    h.clock.advance(ROTATION_OVERLAP_MS)
    const later = await h.login(appId, 'rotate-later@example.com')
    await tick()
    const after = await receiver.next((m) => m.payload.data?.user?.id === later.user.id)
    const [signature] = String(after.headers['webhook-signature']).split(' ')
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1)
    expect(signature).toBe(signWebhook(rotated.secret, after.id, Number(after.headers['webhook-timestamp']), after.body))
  })

  it('a test send is attempted at once and answers the result', async () => {
    const endpoint = await addEndpoint()
    const res = await call('POST', `${hooks()}/${endpoint.id}/test`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ eventType: 'webhook.test', status: 'succeeded', attempts: 1, lastStatusCode: 200 })
    expect(res.json().attemptLog).toHaveLength(1)
    const message = await receiver.next((m) => m.id === res.json().eventId)
    receiver.verify(message, endpoint.secret)
    receiver.respond = () => 418
    expect((await call('POST', `${hooks()}/${endpoint.id}/test`)).json()).toMatchObject({ status: 'pending', lastStatusCode: 418, lastError: 'HTTP 418' })
  })
})

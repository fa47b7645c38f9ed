/**
 * Every change writes its webhook event (the outbox, services/events.ts) with `data.user` as the
 * user now is: link, unlink, address change, transfer, embedded wallet, MFA on and off; each read
 * straight from the outbox (`listEvents`: fanned out or not), so no endpoint is needed.
 */
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listEvents } from '../services/events.js'
import { forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ loginMethods: { sms: true } })
  })
  afterAll(() => h?.close())

  /** The events about `userId` in the order written, as `[type, data]`. */
  async function eventsOf(userId: string) {
    const rows = await listEvents(h.database.db, appId)
    return rows
      .map((r) => [r.type, JSON.parse(r.payload)] as [string, { user: { id: string; linked_accounts: { type: string; address: string }[] }; [k: string]: any }])
      .filter(([, data]) => data.user?.id === userId)
  }
  const linkEmail = async (token: string, email: string) => {
    await h.post('/api/v1/passwordless/init', { email }, { appId })
    return h.post('/api/v1/passwordless/link', { email, code: h.lastCode(email) }, { appId, token })
  }

  it('a sign-up writes ONE outbox row carrying user.created and user.authenticated, each with its own id; the worker fans them out as two events', async () => {
    const own = await h.createApp()
    const outbox = () => h.database.db.selectFrom('webhook_outbox').selectAll().where('app_id', '=', own).orderBy('seq').execute()
    const signUp = await h.login(own, 'outbox-row@example.com')
    const [row, ...more] = await outbox()
    expect(more).toEqual([])
    const written = JSON.parse(row.events) as { id: string; type: string; data: { user: { id: string } } }[]
    expect(written.map((e) => e.type)).toEqual(['user.created', 'user.authenticated'])
    expect(Number(row.event_count)).toBe(2)
    expect(written.map((e) => e.data.user.id)).toEqual([signUp.user.id, signUp.user.id])
    expect(written[0].id).toMatch(/^msg_/)
    expect(written[1].id).not.toBe(written[0].id)
    // A login of the user: one row, one event.
    await h.login(own, 'outbox-row@example.com')
    const rows = await outbox()
    expect(rows.map((r) => JSON.parse(r.events).map((e: { type: string }) => e.type))).toEqual([['user.created', 'user.authenticated'], ['user.authenticated']])

    await h.server.gatehouse.webhooks.worker.dispatch()
    expect(await outbox()).toEqual([])
    const fanned = await h.database.db.selectFrom('webhook_events').selectAll().where('app_id', '=', own).execute()
    const ids = [...written.map((e) => e.id), JSON.parse(rows[1].events)[0].id]
    expect(fanned.map((e) => e.id).sort()).toEqual([...ids].sort())
    expect(JSON.parse(fanned.find((e) => e.id === written[0].id)!.payload)).toEqual(written[0].data)
    expect(fanned.every((e) => e.dispatched_at !== null)).toBe(true)
  })

  it('link, address change, unlink and transfer each write their event with the user after the change', async () => {
    const a = await h.login(appId, 'events-a@example.com')
    // A refused link (one e-mail per user) writes nothing.
    expect((await linkEmail(a.token, 'events-b@example.com')).statusCode).toBe(409)
    const other = await h.login(appId, 'events-c@example.com')

    await h.post('/api/v1/passwordless/init', { email: 'events-a2@example.com' }, { appId })
    const updated = await h.post(
      '/api/v1/passwordless/update',
      { oldAddress: 'events-a@example.com', newAddress: 'events-a2@example.com', code: h.lastCode('events-a2@example.com') },
      { appId, token: a.token },
    )
    expect(updated.statusCode, updated.body).toBe(200)

    // Unlinking the e-mail needs another way in: a phone first. Then the other user's e-mail moves over (a transfer).
    await h.post('/api/v1/passwordless_sms/init', { phoneNumber: '+14155550123' }, { appId })
    const phone = await h.post('/api/v1/passwordless_sms/link', { phoneNumber: '+14155550123', code: h.lastCode('+14155550123') }, { appId, token: a.token })
    expect(phone.statusCode, phone.body).toBe(200)
    expect((await h.post('/api/v1/passwordless/unlink', { address: 'events-a2@example.com' }, { appId, token: a.token })).statusCode).toBe(200)
    const link = await linkEmail(a.token, 'events-c@example.com')
    expect(link.json().code).toBe('account_transfer_required')
    expect((await h.post('/api/v1/passwordless/transfer', { nonce: link.json().data.nonce }, { appId, token: a.token })).statusCode).toBe(200)

    const events = await eventsOf(a.user.id)
    expect(events.map(([type]) => type)).toEqual([
      'user.created',
      'user.authenticated',
      'user.updated_account',
      'user.linked_account',
      'user.unlinked_account',
      'user.transferred_account',
    ])
    const [, , [, update], [, linked], [, unlinked], [, transferred]] = events
    expect(update).toMatchObject({ account: { type: 'email', address: 'events-a2@example.com' }, previous_address: 'events-a@example.com' })
    expect(linked.account).toMatchObject({ type: 'phone' })
    expect(unlinked.account).toMatchObject({ type: 'email', address: 'events-a2@example.com' })
    expect(unlinked.user.linked_accounts.map((l) => l.type)).toEqual(['phone'])
    expect(transferred).toMatchObject({ account: { type: 'email', address: 'events-c@example.com' }, from_user: { id: other.user.id }, deleted_user: true })
    expect(transferred.user.linked_accounts.map((l) => l.address).sort()).toContain('events-c@example.com')
  })

  it('an embedded wallet, MFA enrolled and removed each write their event', async () => {
    const device = await testDevice(h.clock.now)
    const login = await h.login(appId, 'events-wallet@example.com', { device })
    const wallet = await h.registerEmbeddedWallet(appId, login.token, device)
    const frame = (path: string, body: unknown = {}) =>
      h.post(`/api/v1/mfa/${path}`, body, { appId, token: login.token, headers: { origin: TEST_PUBLIC_URL }, device })
    const secret = (await frame('totp/init')).json().secret as string
    const code = () => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: h.clock.now() })
    expect((await frame('totp/enroll', { code: code() })).statusCode).toBe(200)
    h.clock.advance(30_000)
    expect((await frame('totp/verify', { code: code() })).statusCode).toBe(200)
    expect((await frame('totp/unenroll')).statusCode).toBe(200)
    // Unenrolling what is not enrolled changes nothing, and says nothing.
    expect((await frame('totp/unenroll')).statusCode).toBe(200)

    const events = await eventsOf(login.user.id)
    expect(events.map(([type]) => type)).toEqual(['user.created', 'user.authenticated', 'user.wallet_created', 'mfa.enabled', 'mfa.disabled'])
    expect(events[2][1].wallet).toMatchObject({ type: 'wallet', address: wallet.key.address, chain_type: 'ethereum' })
    expect(events[3][1]).toMatchObject({ method: 'totp', user: { mfa_methods: [{ type: 'totp' }] } })
    expect(events[4][1]).toMatchObject({ method: 'totp', user: { mfa_methods: [] } })
  })
})

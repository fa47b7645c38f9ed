import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness, sameDatabase } from '../testing.js'

const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    // Defaults except a small per-IP budget, so the per-IP tests stay short, and the optional
    // resend cooldown (off by default) switched on to test it.
    h = await startHarness(target, { rateLimits: { ipInit: 8, ipAuthenticate: 6, resendCooldownSeconds: 30 } })
    appId = await h.createApp()
  })
  afterAll(() => h?.close())

  it('error: with a 30 s resend cooldown, a second code for the same address within it answers 429 too_many_requests', async () => {
    expect((await h.post(INIT, { email: 'cool@example.com' }, { appId })).statusCode).toBe(200)
    const res = await h.post(INIT, { email: 'cool@example.com' }, { appId })
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('too_many_requests')
    h.clock.advance(30_001)
    expect((await h.post(INIT, { email: 'cool@example.com' }, { appId })).statusCode).toBe(200)
  })

  it('the cooldown does not hold back a new code once the live one is used up by 5 wrong guesses', async () => {
    const email = 'spent@example.com'
    const ip = '10.9.9.9'
    expect((await h.post(INIT, { email }, { appId, ip })).statusCode).toBe(200)
    const code = h.lastCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) await h.post(AUTH, { email, code: wrong, mode: 'login-or-sign-up' }, { appId, ip })
    // 'Resend code' right away: the spent code is dead, so the cooldown does not apply to it.
    expect((await h.post(INIT, { email }, { appId, ip })).statusCode).toBe(200)
    const fresh = h.lastCode(email)
    expect(fresh).not.toBe('')
    const ok = await h.post(AUTH, { email, code: fresh, mode: 'login-or-sign-up' }, { appId, ip: '10.9.9.10' })
    expect(ok.statusCode).toBe(200)
  })

  it('the cooldown does not block logging in again right after a successful login', async () => {
    await h.login(appId, 'back@example.com')
    await h.login(appId, 'back@example.com')
  })

  it('error: more than 5 codes per address per 10 minutes answers 429 too_many_requests', async () => {
    const email = 'bomb@example.com'
    for (let i = 0; i < 5; i++) {
      expect((await h.post(INIT, { email }, { appId })).statusCode).toBe(200)
      h.clock.advance(31_000)
    }
    const res = await h.post(INIT, { email }, { appId })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ error: expect.any(String), code: 'too_many_requests' })
    h.clock.advance(10 * 60 * 1000)
    expect((await h.post(INIT, { email }, { appId })).statusCode).toBe(200)
  })

  it('error: too many inits from one IP answers 429 too_many_requests', async () => {
    const ip = '192.0.2.10'
    for (let i = 0; i < 8; i++) expect((await h.post(INIT, { email: `ip${i}@example.com` }, { appId, ip })).statusCode).toBe(200)
    const res = await h.post(INIT, { email: 'ip-last@example.com' }, { appId, ip })
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('too_many_requests')
    // Another IP is unaffected.
    expect((await h.post(INIT, { email: 'ip-last@example.com' }, { appId, ip: '192.0.2.11' })).statusCode).toBe(200)
  })

  it('error: too many code checks from one IP answers 429 too_many_requests', async () => {
    const ip = '192.0.2.20'
    for (let i = 0; i < 6; i++) {
      expect((await h.post(AUTH, { email: `spray${i}@example.com`, code: '123456' }, { appId, ip })).statusCode).toBe(401)
    }
    const res = await h.post(AUTH, { email: 'spray-last@example.com', code: '123456' }, { appId, ip })
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('too_many_requests')
  })

  it('throttles are shared through the database by every instance', async () => {
    const second = await startHarness(sameDatabase(target.kind, h.database), { rateLimits: { ipInit: 8 } })
    const email = 'shared@example.com'
    expect((await h.post(INIT, { email }, { appId })).statusCode).toBe(200)
    const res = await second.post(INIT, { email }, { appId })
    expect(res.statusCode).toBe(429)
    await second.server.close()
  })

  it('rateLimitsDisabled lifts every throttle', async () => {
    const open = await startHarness(sameDatabase(target.kind, h.database), { rateLimitsDisabled: true })
    for (let i = 0; i < 12; i++) {
      expect((await open.post(INIT, { email: 'free@example.com' }, { appId, ip: '192.0.2.30' })).statusCode).toBe(200)
    }
    await open.server.close()
  })
})

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp()
  })
  afterAll(() => h?.close())

  it('by default "Resend code" right after the first code is sent gets a new code', async () => {
    expect((await h.post(INIT, { email: 'quick@example.com' }, { appId })).statusCode).toBe(200)
    const first = h.lastCode('quick@example.com')
    expect((await h.post(INIT, { email: 'quick@example.com' }, { appId })).statusCode).toBe(200)
    expect(h.lastCode('quick@example.com')).toMatch(/^\d{6}$/)
    expect(first).toMatch(/^\d{6}$/)
  })
})

/**
 * The per-address budget of failed code guesses, across codes: a new code resets only the per-code
 * attempt count, so the budget is what bounds an attacker who keeps requesting codes from many IPs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../config.js'
import { forEachDatabase, sameDatabase, startHarness, type Harness } from '../testing.js'

const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'
const SMS_INIT = '/api/v1/passwordless_sms/init'
const SMS_AUTH = '/api/v1/passwordless_sms/authenticate'
const TEN_MINUTES = 10 * 60 * 1000
const DAY = 24 * 3600 * 1000

/** A code that is not `code` (the next one, wrapping). */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** An attacker's address: a fresh one per request, as a botnet or a rotating proxy gives. */
let ipCounter = 0
const freshIp = () => `198.51.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ loginMethods: { email: true, sms: true } })
  })
  afterAll(() => h?.close())

  /** Requests a code for `email` from a fresh IP; the status of the answer. */
  const requestCode = async (email: string) => (await h.post(INIT, { email }, { appId, ip: freshIp() })).statusCode
  /** One wrong guess at the live code of `email` from a fresh IP. */
  const guessWrong = (email: string) => h.post(AUTH, { email, code: wrong(h.lastCode(email)), mode: 'login-or-sign-up' }, { appId, ip: freshIp() })

  it('error: guessing across many code requests spends the address budget (20): then even the right code and a new code answer 429 until the window ends', async () => {
    const email = 'victim@example.com'
    let failed = 0
    // Four codes, each guessed wrong until one short of the budget (a code dies after 5 wrong guesses).
    while (failed < DEFAULT_RATE_LIMITS.codeGuessBudget - 1) {
      expect(await requestCode(email)).toBe(200)
      for (let i = 0; i < DEFAULT_RATE_LIMITS.codeMaxAttempts && failed < DEFAULT_RATE_LIMITS.codeGuessBudget - 1; i++, failed++) {
        expect((await guessWrong(email)).statusCode).toBe(401)
      }
    }
    expect(await requestCode(email)).toBe(200)
    expect((await guessWrong(email)).statusCode).toBe(401)
    // The budget is spent: the right code of a live code no longer logs in.
    const right = await h.post(AUTH, { email, code: h.lastCode(email), mode: 'login-or-sign-up' }, { appId, ip: freshIp() })
    expect(right.statusCode).toBe(429)
    expect(right.json()).toEqual({ error: 'Too many attempts. Please wait before trying again.', code: 'too_many_requests' })
    // And no new code is sent for an address that could not use it.
    h.clock.advance(TEN_MINUTES)
    const sent = h.server.gatehouse.mailer.outbox!.list(email).length
    expect(await requestCode(email)).toBe(429)
    expect(h.server.gatehouse.mailer.outbox!.list(email)).toHaveLength(sent)
    // The periodic sweep of stale counters keeps the budget's row for its whole window.
    h.clock.advance(TEN_MINUTES)
    await h.server.gatehouse.throttle.deleteStale()
    expect(await requestCode(email)).toBe(429)
    // Other addresses are not affected.
    await h.login(appId, 'bystander@example.com')
    // After the window the address logs in again.
    h.clock.advance(DEFAULT_RATE_LIMITS.codeGuessWindowSeconds * 1000)
    await h.login(appId, email)
  })

  it('error: SMS codes share the rule, per number', async () => {
    const phoneNumber = '+14155550123'
    let failed = 0
    while (failed < DEFAULT_RATE_LIMITS.codeGuessBudget) {
      expect((await h.post(SMS_INIT, { phoneNumber }, { appId, ip: freshIp() })).statusCode).toBe(200)
      for (let i = 0; i < DEFAULT_RATE_LIMITS.codeMaxAttempts && failed < DEFAULT_RATE_LIMITS.codeGuessBudget; i++, failed++) {
        const res = await h.post(SMS_AUTH, { phoneNumber, code: wrong(h.lastCode(phoneNumber)), mode: 'login-or-sign-up' }, { appId, ip: freshIp() })
        expect(res.statusCode).toBe(401)
      }
    }
    expect((await h.post(SMS_INIT, { phoneNumber }, { appId, ip: freshIp() })).statusCode).toBe(429)
    // The e-mail budget of the same app is another address's.
    await h.login(appId, 'phone-owner@example.com')
    h.clock.advance(DEFAULT_RATE_LIMITS.codeGuessWindowSeconds * 1000)
  })

  it('only failed guesses count: a successful login gives its guess back', async () => {
    const email = 'typo@example.com'
    let failed = 0
    while (failed < DEFAULT_RATE_LIMITS.codeGuessBudget - 1) {
      expect(await requestCode(email)).toBe(200)
      for (let i = 0; i < DEFAULT_RATE_LIMITS.codeMaxAttempts && failed < DEFAULT_RATE_LIMITS.codeGuessBudget - 1; i++, failed++) {
        expect((await guessWrong(email)).statusCode).toBe(401)
      }
      h.clock.advance(TEN_MINUTES)
    }
    await h.login(appId, email, { ip: freshIp() })
    expect(await requestCode(email)).toBe(200)
    expect((await guessWrong(email)).statusCode).toBe(401)
    expect((await guessWrong(email)).statusCode).toBe(429)
    h.clock.advance(DEFAULT_RATE_LIMITS.codeGuessWindowSeconds * 1000)
  })

  it('the budget is counted in the database, so a second instance sees the lockout', async () => {
    const second = await startHarness(sameDatabase(target.kind, h.database))
    second.clock.advance(h.clock.now() - second.clock.now())
    try {
      const email = 'two-instances@example.com'
      let failed = 0
      while (failed < DEFAULT_RATE_LIMITS.codeGuessBudget) {
        expect(await requestCode(email)).toBe(200)
        for (let i = 0; i < DEFAULT_RATE_LIMITS.codeMaxAttempts && failed < DEFAULT_RATE_LIMITS.codeGuessBudget; i++, failed++) {
          // Alternate instances: both spend the one budget.
          const via = failed % 2 ? second : h
          const res = await via.post(AUTH, { email, code: wrong(h.lastCode(email)), mode: 'login-or-sign-up' }, { appId, ip: freshIp() })
          expect(res.statusCode).toBe(401)
        }
      }
      // A new throttle window for code requests: only the guess budget can refuse now.
      h.clock.advance(TEN_MINUTES)
      second.clock.advance(TEN_MINUTES)
      expect((await second.post(INIT, { email }, { appId, ip: freshIp() })).statusCode).toBe(429)
    } finally {
      await second.server.close()
    }
    h.clock.advance(DEFAULT_RATE_LIMITS.codeGuessWindowSeconds * 1000)
  })

  it('SECURITY.md figure: an attacker with a fresh IP per request gets at most 100 guesses at one address in any 24 hours', async () => {
    const email = 'target@example.com'
    let guesses = 0
    // Every 10 minutes for a day: ask for codes and guess until the server refuses.
    for (let t = 0; t < DAY; t += TEN_MINUTES) {
      for (let codes = 0; codes < DEFAULT_RATE_LIMITS.emailInit; codes++) {
        if ((await requestCode(email)) !== 200) break
        let res = await guessWrong(email)
        while (res.statusCode === 401 && guesses < 1000) {
          guesses++
          res = await guessWrong(email)
        }
        if (res.statusCode === 429) break
      }
      h.clock.advance(TEN_MINUTES)
    }
    // 100 in 10⁶ is the 1 in 10⁴ per day SECURITY.md states; steady guessing gets 4 windows of 20.
    expect(guesses).toBeLessThanOrEqual(100)
    expect(guesses).toBe(4 * DEFAULT_RATE_LIMITS.codeGuessBudget)
  })
})

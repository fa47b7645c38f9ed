import { beforeEach, describe, expect, it } from 'vitest'
import { sendEmailCode } from '../actions/sendEmailCode.ts'
import { CaptchaError } from '../errors/captcha.ts'
import { mapInitError } from '../screens/login/errorMapping.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { appConfig, configured, fakeFetch, recordEvents, resetAll } from '../testing/harness.ts'
import { failureError, providerSiteKey } from './obtain.ts'
import { captchaTokenForInit } from './require.ts'
import { CAPTCHA_TIMING } from './timing.ts'

beforeEach(() => resetAll())

describe('captcha site key (spec part 1 §5)', () => {
  it("strips the 't:' prefix for the provider", () => {
    expect(providerSiteKey('t:0x4AAAAAAA')).toBe('0x4AAAAAAA')
  })

  it("error: a key without the 't:' prefix is 'Unsupported captcha site key'", () => {
    for (const key of ['x:0x4AAAAAAA', '0x4AAAAAAA', 'h:abc', 't:', '', null, undefined]) {
      expect(() => providerSiteKey(key)).toThrow(CaptchaError)
      expect(() => providerSiteKey(key)).toThrow(
        expect.objectContaining({ shortMessage: 'Unsupported captcha site key', code: 'unsupported_captcha_site_key' }),
      )
    }
  })
})

describe('captchaTokenForInit', () => {
  it('asks nothing when the app has no captcha', async () => {
    configured(appConfig({ captcha: { enabled: false, siteKey: 't:abc' } }))
    await expect(captchaTokenForInit()).resolves.toBeUndefined()
  })

  it('error: an enabled captcha with an unsupported key fails the e-mail init before any request, and the landing shows the spec text', async () => {
    configured(appConfig({ captcha: { enabled: true, siteKey: 'x:0x4AAAAAAA' } }))
    const events = recordEvents()
    const { calls } = fakeFetch({ 'POST /passwordless/init': { body: { success: true } } })
    const error = await sendEmailCode({ email: 'ada@example.com' }).catch((e) => e)
    expect(error).toMatchObject({ name: 'CaptchaError', shortMessage: 'Unsupported captcha site key' })
    expect(calls).toHaveLength(0)
    expect($emailFlow.get().state).toBe('error')
    expect(events.map(([name]) => name)).toContain('auth-error')
    expect(mapInitError(error)).toEqual({
      kind: 'screen',
      screen: { name: 'error', title: 'Captcha failed', detail: 'Unsupported captcha site key', cta: 'Go back' },
    })
  })
})

describe('captcha failures map to spec §8 texts', () => {
  it('error: failure, timeout and leaving the screen', () => {
    expect(mapInitError(failureError('failure'))).toMatchObject({ screen: { detail: 'You did not pass CAPTCHA. Please try again.' } })
    expect(mapInitError(failureError('timeout'))).toMatchObject({
      screen: { title: 'Captcha failed', detail: 'Something went wrong! Please try again later.' },
    })
    expect(mapInitError(new CaptchaError('captcha_cancelled', 'Please try again.'))).toEqual({ kind: 'landing', message: 'Please try again.' })
  })

  it("keeps the spec's constants (§9)", () => {
    expect(CAPTCHA_TIMING).toEqual({ resultWaitMs: 20_000, pollMs: 200, retries: 3, autoContinueMs: 2_000, minDisplayMs: 1_000 })
  })
})

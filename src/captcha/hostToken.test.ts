/**
 * Spec part 1 §4: "Captcha is requested when no token exists and captcha is enabled." On an app
 * with captcha on, a token the host passes goes to the init call as it is, and the captcha (widget
 * or captcha screen, both behind `obtainCaptchaToken`) is not started; without one, it is.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loginWithPasskey } from '../actions/loginWithPasskey.ts'
import { loginWithTelegram } from '../actions/loginWithTelegram.ts'
import { initOAuth } from '../actions/initOAuth.ts'
import { sendEmailCode } from '../actions/sendEmailCode.ts'
import { sendSmsCode } from '../actions/sendSmsCode.ts'
import { signupWithPasskey } from '../actions/signupWithPasskey.ts'
import { initFarcaster } from '../farcaster/channel.ts'
import { appConfig, authResponse, configured, fakeFetch, resetAll } from '../testing/harness.ts'

const widget = vi.hoisted(() => ({ obtainCaptchaToken: vi.fn(async () => 'widget-token') }))
vi.mock('./obtain.ts', () => widget)
vi.mock('../passkeys/webauthn.ts', () => ({
  getCredential: async () => ({ id: 'Y3JlZC0x', raw_id: 'Y3JlZC0x', type: 'public-key', response: {}, client_extension_results: {} }),
  createCredential: async () => ({ id: 'Y3JlZC0x', raw_id: 'Y3JlZC0x', type: 'public-key', response: {}, client_extension_results: {} }),
}))

const PASSKEY_OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp_id: 'host.example' }
const routes = {
  'POST /passwordless/init': { body: { success: true } },
  'POST /passwordless_sms/init': { body: { success: true } },
  'POST /oauth/init': { body: { url: 'https://accounts.example/authorize' } },
  'POST /passkeys/authenticate/init': { body: PASSKEY_OPTIONS },
  'POST /passkeys/authenticate': { body: authResponse() },
  'POST /passkeys/register/init': { body: PASSKEY_OPTIONS },
  'POST /passkeys/register': { body: authResponse() },
  'POST /telegram/authenticate': { body: authResponse() },
  'POST /farcaster/init': { body: { channel_token: 'ch-1', connect_uri: 'https://farcaster.xyz/~/siwf?channelToken=ch-1' } },
  'POST /analytics_events': { status: 204 },
}

/** Each guarded init call: how it is started with a host token (or none), and where the token lands. */
const cases: [name: string, path: string, start: (captchaToken?: string) => Promise<unknown>, tokenOf: (body: any) => unknown][] = [
  ['sendEmailCode', '/passwordless/init', (captchaToken) => sendEmailCode({ email: 'ada@example.com', captchaToken }), (b) => b.token],
  ['sendSmsCode', '/passwordless_sms/init', (captchaToken) => sendSmsCode({ phoneNumber: '+14155550123', captchaToken }), (b) => b.token],
  ['initOAuth', '/oauth/init', (captchaToken) => initOAuth({ provider: 'google', captchaToken }), (b) => b.token],
  ['loginWithPasskey', '/passkeys/authenticate/init', (captchaToken) => loginWithPasskey({ captchaToken }), (b) => b.token],
  ['signupWithPasskey', '/passkeys/register/init', (captchaToken) => signupWithPasskey({ captchaToken }), (b) => b.token],
  [
    'loginWithTelegram',
    '/telegram/authenticate',
    (captchaToken) => loginWithTelegram({ telegramWebAppData: 'user=1&hash=ab', captchaToken }),
    (b) => b.captcha_token,
  ],
  ['initFarcaster', '/farcaster/init', (captchaToken) => initFarcaster(captchaToken), (b) => b.token],
]

beforeEach(() => {
  resetAll()
  vi.stubGlobal('location', new URL('https://host.example/'))
  configured(appConfig({ loginMethods: { email: true, sms: true }, captcha: { enabled: true, siteKey: 't:0x4AAAAAAA' } }))
  widget.obtainCaptchaToken.mockClear()
})

describe('a host-provided captcha token on an app with captcha on (spec part 1 §4)', () => {
  for (const [name, path, start, tokenOf] of cases) {
    it(`${name}: the host's token is sent and no captcha is started`, async () => {
      const { calls } = fakeFetch(routes)
      await start('host-token')
      expect(tokenOf(calls.find((c) => c.path === path)!.body)).toBe('host-token')
      expect(widget.obtainCaptchaToken).not.toHaveBeenCalled()
    })

    it(`${name}: without a token the captcha runs and its token is sent`, async () => {
      const { calls } = fakeFetch(routes)
      await start(undefined)
      expect(tokenOf(calls.find((c) => c.path === path)!.body)).toBe('widget-token')
      expect(widget.obtainCaptchaToken).toHaveBeenCalledTimes(1)
    })
  }
})

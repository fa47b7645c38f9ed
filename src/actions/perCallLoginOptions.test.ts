/**
 * Spec part 1 §7: "The passkey and login operations at the SDK level also accept captchaToken
 * (optional) and disableSignup." The per-call `disableSignup` wins over the app's setting, both
 * ways; a per-call `captchaToken` goes to the init call as it is (no captcha widget runs).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { appConfig, authResponse, configured, fakeFetch, resetAll } from '../testing/harness.ts'
import { loginWithEmailCode } from './loginWithEmailCode.ts'
import { loginWithPasskey } from './loginWithPasskey.ts'
import { loginWithSiwe } from './loginWithSiwe.ts'
import { sendEmailCode } from './sendEmailCode.ts'

const widget = vi.hoisted(() => ({ obtainCaptchaToken: vi.fn(async () => 'widget-token') }))
vi.mock('../captcha/obtain.ts', () => widget)
vi.mock('../passkeys/webauthn.ts', () => ({
  getCredential: async () => ({ id: 'Y3JlZC0x', raw_id: 'Y3JlZC0x', type: 'public-key', response: {}, client_extension_results: {} }),
}))

const ADDRESS = '0x1111111111111111111111111111111111111111'
const CAPTCHA = { captcha: { enabled: true, siteKey: 't:0x4AAAAAAA' } }

beforeEach(() => {
  resetAll()
  vi.stubGlobal('location', new URL('https://host.example/'))
  widget.obtainCaptchaToken.mockClear()
})

async function siweLogin(appDisables: boolean, options: { disableSignup?: boolean; captchaToken?: string }, extra = {}) {
  configured(appConfig({ disableSignup: appDisables, ...extra }))
  const { calls } = fakeFetch({
    'POST /siwe/init': { body: { nonce: 'abcdef0123456789' } },
    'POST /siwe/authenticate': { body: authResponse() },
    'POST /analytics_events': { status: 204 },
  })
  await loginWithSiwe({ address: ADDRESS, chainId: 1, signMessage: async () => `0x${'ab'.repeat(65)}`, ...options })
  return calls
}

const bodyOf = (calls: { path: string; body: any }[], path: string) => calls.find((c) => c.path === path)!.body

describe('per-call disableSignup (spec part 1 §7)', () => {
  async function emailLogin(appDisables: boolean, disableSignup: boolean) {
    configured(appConfig({ disableSignup: appDisables }))
    const { calls } = fakeFetch({
      'POST /passwordless/init': { body: { success: true } },
      'POST /passwordless/authenticate': { body: authResponse() },
      'POST /analytics_events': { status: 204 },
    })
    await sendEmailCode({ email: 'ada@example.com' })
    await loginWithEmailCode({ code: '123456', disableSignup })
    return bodyOf(calls, '/passwordless/authenticate').mode
  }

  it("e-mail code: { disableSignup: true } on an app that allows sign-ups sends mode 'no-signup'", async () => {
    expect(await emailLogin(false, true)).toBe('no-signup')
  })

  it("e-mail code: { disableSignup: false } on an app that disables sign-ups sends 'login-or-sign-up'", async () => {
    expect(await emailLogin(true, false)).toBe('login-or-sign-up')
  })

  async function passkeyLogin(appDisables: boolean, disableSignup: boolean) {
    configured(appConfig({ disableSignup: appDisables }))
    const { calls } = fakeFetch({
      'POST /passkeys/authenticate/init': { body: { challenge: 'Y2hhbGxlbmdl', rp_id: 'host.example' } },
      'POST /passkeys/authenticate': { body: authResponse() },
      'POST /analytics_events': { status: 204 },
    })
    await loginWithPasskey({ disableSignup })
    return bodyOf(calls, '/passkeys/authenticate').mode
  }

  it('passkey: the per-call setting decides the mode of /passkeys/authenticate, both ways', async () => {
    expect(await passkeyLogin(false, true)).toBe('no-signup')
    resetAll()
    vi.stubGlobal('location', new URL('https://host.example/'))
    expect(await passkeyLogin(true, false)).toBe('login-or-sign-up')
  })

  it('SIWE: the per-call setting decides the mode of /siwe/authenticate, both ways', async () => {
    expect(bodyOf(await siweLogin(false, { disableSignup: true }), '/siwe/authenticate').mode).toBe('no-signup')
    resetAll()
    vi.stubGlobal('location', new URL('https://host.example/'))
    expect(bodyOf(await siweLogin(true, { disableSignup: false }), '/siwe/authenticate').mode).toBe('login-or-sign-up')
  })
})

describe('per-call captchaToken on SIWE login, an app with captcha on (spec part 1 §7)', () => {
  it("SIWE: the host's token goes to /siwe/init; without one the widget's token does", async () => {
    const withToken = await siweLogin(false, { captchaToken: 'host-token' }, CAPTCHA)
    expect(bodyOf(withToken, '/siwe/init')).toEqual({ address: ADDRESS, token: 'host-token' })
    expect(widget.obtainCaptchaToken).not.toHaveBeenCalled()

    resetAll()
    vi.stubGlobal('location', new URL('https://host.example/'))
    const without = await siweLogin(false, {}, CAPTCHA)
    expect(bodyOf(without, '/siwe/init')).toEqual({ address: ADDRESS, token: 'widget-token' })
    expect(widget.obtainCaptchaToken).toHaveBeenCalledTimes(1)
  })
})

/**
 * The owner's rules × every login method, against the real server on SQLite and PostgreSQL: each
 * rule (method switch, allowlist, disableSignup, user limit) must hold for every method
 * (test/login-drivers.ts), for sign-up and for an existing user alike.
 */
import type { LightMyRequestResponse } from 'fastify'
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  LOGIN_DRIVER_NAMES,
  loginDrivers,
  ORIGIN,
  signSiwe,
  signSiws,
  solanaKeypair,
  startLoginFixtures,
  type LoginFixtures,
} from '../../test/login-drivers.js'
import { SoftPasskey } from '../../test/passkey-authenticator.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'

type Res = LightMyRequestResponse
const page = { origin: ORIGIN }
const rand = () => randomBytes(6).toString('hex')

let fixtures: LoginFixtures
beforeAll(async () => {
  fixtures = await startLoginFixtures()
}, 120_000)
afterAll(async () => fixtures?.close())

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target, fixtures.serverOptions)
  })
  afterAll(async () => h?.close())

  const all = loginDrivers(
    () => h,
    () => fixtures,
  )
  const ok = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { token: string; is_new_user: boolean; user: { id: string; is_guest: boolean } }
  }
  const refused = (res: Res, code: string) => expect(res.json(), res.body).toMatchObject({ code })
  const linkEmail = async (appId: string, token: string, email: string) => {
    ok(await h.post('/api/v1/passwordless/init', { email }, { appId }))
    ok(await h.post('/api/v1/passwordless/link', { email, code: h.lastCode(email) }, { appId, token }))
  }

  describe.each(LOGIN_DRIVER_NAMES)('%s', (name) => {
    const m = () => all.find((x) => x.name === name)!

    it('switch off: sign-up and an existing user are both refused (disallowed_login_method)', async () => {
      const appId = await h.createApp(m().on())
      const member = await m().person()
      ok(await m().login(appId, member))
      expect((await h.patchApp(appId, m().off)).statusCode).toBe(200)
      refused(await m().login(appId, member), 'disallowed_login_method')
      refused(await m().login(appId, await m().person()), 'disallowed_login_method')
    })

    it('allowlist: only a listed person gets in, newcomer or existing user', async () => {
      const appId = await h.createApp(m().on())
      const [member, outsider, newcomer] = [await m().person(), await m().person(), await m().person()]
      const signedUp = ok(await m().login(appId, member))
      ok(await m().login(appId, outsider))
      // A method that proves no identifier is admitted by an e-mail the user already holds.
      if (m().entry(member) === null && !m().guest) await linkEmail(appId, signedUp.token, `member-${rand()}@listed.example`)
      const entries = [m().entry(member), m().entry(newcomer)].filter((e): e is string => e !== null)
      expect((await h.patchApp(appId, { allowlist: ['@listed.example', ...entries] })).statusCode).toBe(200)

      if (m().guest) refused(await m().login(appId, member), 'allowlist_rejected')
      else expect(ok(await m().login(appId, member)).user.id).toBe(signedUp.user.id)
      refused(await m().login(appId, outsider), 'allowlist_rejected')
      // A newcomer signs up only when the method proves what the list names.
      const joined = await m().login(appId, newcomer)
      if (m().entry(newcomer) === null) refused(joined, 'allowlist_rejected')
      else expect(ok(joined).is_new_user).toBe(true)
    })

    it('disableSignup: an existing user logs in, a newcomer is refused (user_does_not_exist)', async () => {
      const appId = await h.createApp(m().on())
      const member = await m().person()
      const first = ok(await m().login(appId, member))
      expect((await h.patchApp(appId, { disableSignup: true })).statusCode).toBe(200)
      expect(ok(await m().login(appId, member)).user.id).toBe(first.user.id)
      refused(await m().login(appId, await m().person()), 'user_does_not_exist')
    })

    it('user limit: at the limit a newcomer is refused (max_accounts_reached) and an existing user logs in; guests do not count', async () => {
      const appId = await h.createApp({ ...m().on(), userLimit: 1 })
      const member = await m().person()
      ok(await m().login(appId, member))
      const newcomer = await m().login(appId, await m().person())
      if (m().guest) expect(ok(newcomer).user.is_guest).toBe(true)
      else refused(newcomer, 'max_accounts_reached')
      ok(await m().login(appId, member))
    })
  })

  const byName = (name: string) => all.find((m) => m.name === name)!

  it('guest login is off by default', async () => {
    const appId = await h.createApp()
    expect((await h.get(`/api/v1/apps/${appId}`)).json().loginMethods.guest).toBe(false)
    const res = await byName('guest').login(appId, randomBytes(32).toString('base64url'))
    expect(res.json()).toEqual({ code: 'disallowed_login_method', error: 'Guest login not allowed' })
  })

  it('guests never fill the user limit: two guests, then a real sign-up still fits', async () => {
    const guest = byName('guest')
    const appId = await h.createApp({ ...guest.on(), userLimit: 1 })
    ok(await guest.login(appId, guest.person()))
    ok(await guest.login(appId, guest.person()))
    await h.login(appId, `real-${rand()}@example.com`)
    await h.post('/api/v1/passwordless/init', { email: 'second@example.com' }, { appId })
    const second = await h.post('/api/v1/passwordless/authenticate', { email: 'second@example.com', code: h.lastCode('second@example.com') }, { appId })
    refused(second, 'max_accounts_reached')
  })

  it('error: a guest cannot link an external wallet (SIWE or SIWS)', async () => {
    const guest = byName('guest')
    const appId = await h.createApp({ ...guest.on(), loginMethods: { email: true, guest: true, wallet: true } })
    const { token } = ok(await guest.login(appId, guest.person()))
    const guestRefusal = { code: 'invalid_data', error: 'Guest accounts cannot link login methods.' }
    const eth = await signSiwe(h, appId, privateKeyToAccount(generatePrivateKey()))
    const ethBody = { ...eth, chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' }
    expect((await h.post('/api/v1/siwe/link', ethBody, { appId, token, headers: page })).json()).toEqual(guestRefusal)
    const sol = await signSiws(h, appId, solanaKeypair())
    const solBody = { ...sol, walletClientType: 'phantom', connectorType: 'solana_adapter' }
    expect((await h.post('/api/v1/siws/link', solBody, { appId, token, headers: page })).json()).toEqual(guestRefusal)

    const me = (await h.get('/api/v1/users/me', { appId, token })).json()
    expect(me.user.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['guest'])
  })

  it('error: the passkey switch is enforced where the credential is spent, not only where options are issued', async () => {
    const passkey = byName('passkey')
    const appId = await h.createApp(passkey.on())
    const member = await passkey.person()
    ok(await passkey.login(appId, member))
    const newcomer = new SoftPasskey()
    // Options taken while passkeys were on…
    const [signUp, login] = [
      (await h.post('/api/v1/passkeys/register/init', {}, { appId, headers: page })).json(),
      (await h.post('/api/v1/passkeys/authenticate/init', {}, { appId, headers: page })).json(),
    ]
    await h.patchApp(appId, passkey.off)
    // …are worthless once the owner switches them off.
    const register = await h.post('/api/v1/passkeys/register', { authenticator_response: newcomer.register(signUp, ORIGIN) }, { appId, headers: page })
    refused(register, 'disallowed_login_method')
    const assertion = { challenge: login.challenge, authenticator_response: member.key.assert(login, ORIGIN) }
    refused(await h.post('/api/v1/passkeys/authenticate', assertion, { appId, headers: page }), 'disallowed_login_method')
  })

  it('error: an OAuth e-mail the provider does not vouch for does not pass the allowlist', async () => {
    const google = byName('google (OAuth)')
    const appId = await h.createApp({ ...google.on(), allowlist: ['@example.com'] })
    refused(await google.login(appId, `unverified-${rand()}@example.com`), 'allowlist_rejected')
    ok(await google.login(appId, `verified-${rand()}@example.com`))
  })

  it('allowlist phone entries are stored as E.164, however the owner typed them', async () => {
    const sms = byName('sms')
    const phone = await sms.person()
    const typed = `+1 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`
    const appId = await h.createApp({ ...sms.on(), allowlist: [typed] })
    const read = (await h.get(`/api/v1/admin/apps/${appId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()
    expect(read.allowlist).toEqual([phone])
    ok(await sms.login(appId, phone))
    refused(await sms.login(appId, await sms.person()), 'allowlist_rejected')
  })
})

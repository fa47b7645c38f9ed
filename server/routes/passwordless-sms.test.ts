import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const P = '/api/v1/passwordless_sms'

/**
 * A stand-in for Twilio's Messages API (it cannot run here), speaking its documented wire format:
 * form-encoded POST with Basic auth, 201 { sid, status } or 400 { code, message, status }.
 */
async function startFakeTwilio() {
  const received: { auth: string; path: string; form: URLSearchParams }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const form = new URLSearchParams(body)
      received.push({ auth: req.headers.authorization ?? '', path: req.url ?? '', form })
      const to = form.get('To') ?? ''
      if (to.endsWith('+447911123456')) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 21408, message: 'Permission to send an SMS has not been enabled for the region', status: 400 }))
      } else if (to.endsWith('+14155550177')) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 21211, message: "The 'To' number is not valid.", status: 400 }))
      } else {
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued' }))
      }
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received, close: () => new Promise((ok) => server.close(ok)) }
}

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>
  beforeAll(async () => {
    twilio = await startFakeTwilio()
    h = await startHarness(target, {
      sms: { baseUrl: twilio.url, accountSid: 'AC123', authToken: 'secret-token', from: '+15005550006', whatsappFrom: '+14155238886' },
      smsAllowedCountries: ['US', 'GB', 'DE'],
    })
    appId = await h.createApp({ loginMethods: { email: true, sms: true } })
  })
  afterAll(async () => {
    await h?.close()
    await twilio?.close()
  })

  const codeFor = (phone: string) => h.server.gatehouse.mailer.outbox!.list(phone)[0]!.code!

  async function smsLogin(phoneNumber: string) {
    expect((await h.post(`${P}/init`, { phoneNumber }, { appId })).statusCode).toBe(200)
    const res = await h.post(`${P}/authenticate`, { phoneNumber, code: codeFor('+14155550123'), mode: 'login-or-sign-up' }, { appId })
    return res
  }

  describe('login', () => {
    it('sends the code through the Twilio-compatible API and logs in with a phone account in E.164', async () => {
      const before = twilio.received.length
      const res = await smsLogin('(415) 555-0123'.replace(/^/, '+1 '))
      expect(res.statusCode).toBe(200)
      expect(res.json().user.linked_accounts).toEqual([expect.objectContaining({ type: 'phone', address: '+14155550123', phone_number: '+14155550123' })])
      const sent = twilio.received[before]!
      expect(sent.path).toBe('/2010-04-01/Accounts/AC123/Messages.json')
      expect(sent.auth).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`)
      expect(sent.form.get('To')).toBe('+14155550123')
      expect(sent.form.get('From')).toBe('+15005550006')
      expect(sent.form.get('Body')).toContain(codeFor('+14155550123'))
      // Same number, other spelling: same user.
      const again = await smsLogin('+1-415-555-0123')
      expect(again.json()).toMatchObject({ is_new_user: false, user: { id: res.json().user.id } })
    })

    it('the WhatsApp variant goes out with whatsapp: addresses when the app offers it', async () => {
      const waApp = await h.createApp({ loginMethods: { sms: true }, smsChannels: ['sms', 'whatsapp'] })
      expect((await h.get(`/api/v1/apps/${waApp}`)).json().smsChannels).toEqual(['sms', 'whatsapp'])
      expect((await h.post(`${P}/init`, { phoneNumber: '+4915123456789', channel: 'whatsapp' }, { appId: waApp })).statusCode).toBe(200)
      const sent = twilio.received.at(-1)!
      expect(sent.form.get('To')).toBe('whatsapp:+4915123456789')
      expect(sent.form.get('From')).toBe('whatsapp:+14155238886')
    })

    it('error: WhatsApp on an app that offers only SMS (the default) answers disallowed_login_method and sends nothing', async () => {
      const before = twilio.received.length
      const res = await h.post(`${P}/init`, { phoneNumber: '+4915123456780', channel: 'whatsapp' }, { appId })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ error: 'Login with WhatsApp not allowed', code: 'disallowed_login_method' })
      expect(twilio.received.length).toBe(before)
    })

    it('error: an invalid number answers 400 invalid_data', async () => {
      const res = await h.post(`${P}/init`, { phoneNumber: '+1 555' }, { appId })
      expect(res.json()).toEqual({ error: 'Invalid phone number', code: 'invalid_data' })
    })

    it('error: a country the server does not serve answers 422 not_supported', async () => {
      const res = await h.post(`${P}/init`, { phoneNumber: '+33 6 12 34 56 78' }, { appId })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({ error: 'SMS authentication from this region is not available', code: 'not_supported' })
    })

    it('error: the provider refusing the region answers not_supported; other provider failures sms_verification_failed', async () => {
      expect((await h.post(`${P}/init`, { phoneNumber: '+447911123456' }, { appId })).json().code).toBe('not_supported')
      const res = await h.post(`${P}/init`, { phoneNumber: '+14155550177' }, { appId })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({ error: 'Phone login code request failure', code: 'sms_verification_failed' })
    })

    it('error: a wrong code answers 401 invalid_credentials; SMS off answers disallowed_login_method', async () => {
      await h.post(`${P}/init`, { phoneNumber: '+14155550199' }, { appId })
      const code = codeFor('+14155550199')
      const res = await h.post(`${P}/authenticate`, { phoneNumber: '+14155550199', code: code === '000000' ? '111111' : '000000' }, { appId })
      expect(res.json().code).toBe('invalid_credentials')
      const emailOnly = await h.createApp({})
      expect((await h.post(`${P}/init`, { phoneNumber: '+14155550199' }, { appId: emailOnly })).json().code).toBe('disallowed_login_method')
    })
  })

  describe('link, update, unlink, transfer', () => {
    it('an e-mail user links a phone, updates it, and unlinks it', async () => {
      const me = await h.login(appId, 'phone.linker@example.com')
      await h.post(`${P}/init`, { phoneNumber: '+14155550140' }, { appId })
      const linked = await h.post(`${P}/link`, { phoneNumber: '+14155550140', code: codeFor('+14155550140') }, { appId, token: me.token })
      expect(linked.statusCode).toBe(200)
      expect(
        linked
          .json()
          .linked_accounts.map((a: { type: string }) => a.type)
          .sort(),
      ).toEqual(['email', 'phone'])

      await h.post(`${P}/init`, { phoneNumber: '+14155550141' }, { appId })
      const updated = await h.post(
        `${P}/update`,
        { old_phone_number: '+14155550140', new_phone_number: '+14155550141', code: codeFor('+14155550141') },
        { appId, token: me.token },
      )
      expect(updated.statusCode).toBe(200)
      expect(updated.json().linked_accounts).toContainEqual(expect.objectContaining({ type: 'phone', address: '+14155550141' }))

      const unlinked = await h.post(`${P}/unlink`, { phoneNumber: '+1 415 555 0141' }, { appId, token: me.token })
      expect(unlinked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
    })

    it('error: updating without a phone names the rule', async () => {
      const me = await h.login(appId, 'no.phone@example.com')
      await h.post(`${P}/init`, { phoneNumber: '+14155550150' }, { appId })
      const res = await h.post(
        `${P}/update`,
        { old_phone_number: '+14155550151', new_phone_number: '+14155550150', code: codeFor('+14155550150') },
        { appId, token: me.token },
      )
      expect(res.json()).toEqual({ error: 'User is required to have a phone number to update it.', code: 'invalid_data' })
    })

    it('linking a phone of another user answers a transfer nonce; passwordless_sms/transfer moves it', async () => {
      await h.post(`${P}/init`, { phoneNumber: '+14155550160' }, { appId })
      const donor = await h.post(`${P}/authenticate`, { phoneNumber: '+14155550160', code: codeFor('+14155550160') }, { appId })
      const me = await h.login(appId, 'phone.taker@example.com')
      await h.post(`${P}/init`, { phoneNumber: '+14155550160' }, { appId })
      const res = await h.post(`${P}/link`, { phoneNumber: '+14155550160', code: codeFor('+14155550160') }, { appId, token: me.token })
      expect(res.json()).toMatchObject({ code: 'account_transfer_required', data: { display_name: '+14155550160' } })
      const moved = await h.post(`${P}/transfer`, { nonce: res.json().data.nonce }, { appId, token: me.token })
      expect(moved.statusCode).toBe(200)
      expect(
        moved
          .json()
          .linked_accounts.map((a: { type: string }) => a.type)
          .sort(),
      ).toEqual(['email', 'phone'])
      expect((await h.get('/api/v1/users/me', { appId, token: donor.json().token })).statusCode).toBe(401)
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink, type SmtpSink } from '../../test/smtp.js'
import { buildServer } from '../app.js'
import { ADMIN_TOKEN, TEST_SECRET } from '../testing.js'
import { createMailer, loginCodeMessage, Outbox } from './mailer.js'

describe('mail over SMTP', () => {
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(() => sink?.close())

  it('createMailer sends through nodemailer to the SMTP server', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, smtpFrom: 'Gatehouse <no-reply@gatehouse.test>', dev: false, outboxSize: 10, print: false })
    await mailer.send(loginCodeMessage('Ada@Example.com', '042917', 'Café Ünïcode', 10))
    const mail = await sink.nextMessage('ada@example.com')
    expect(mail.from).toBe('no-reply@gatehouse.test')
    expect(mail.subject).toBe('042917 is your login code for Café Ünïcode')
    expect(mail.text).toContain('042917')
    expect(mailer.outbox).toBeNull()
    await mailer.close()
  })

  it('a production server delivers the login code by SMTP and the code logs the user in', async () => {
    const server = await buildServer({
      dev: false,
      dbFile: ':memory:',
      smtpUrl: sink.url,
      secret: TEST_SECRET,
      adminToken: ADMIN_TOKEN,
      logger: false,
      printMail: false,
    })
    const app = (
      await server.inject({ method: 'POST', url: '/api/v1/admin/apps', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { name: 'Prod Shop' } })
    ).json()
    const headers = { 'privy-app-id': app.id }
    const init = await server.inject({ method: 'POST', url: '/api/v1/passwordless/init', headers, payload: { email: 'grace@example.com' } })
    expect(init.statusCode).toBe(200)
    const mail = await sink.nextMessage('grace@example.com')
    const code = /\b(\d{6})\b/.exec(mail.subject)![1]
    expect(mail.subject).toBe(`${code} is your login code for Prod Shop`)
    expect(mail.text).toContain(code)
    const auth = await server.inject({
      method: 'POST',
      url: '/api/v1/passwordless/authenticate',
      headers,
      payload: { email: 'grace@example.com', code, mode: 'login-or-sign-up' },
    })
    expect(auth.statusCode).toBe(200)
    expect(auth.json().is_new_user).toBe(true)
    await server.close()
  })

  it('development with SMTP_URL both sends and keeps the outbox', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, smtpFrom: 'x@gatehouse.test', dev: true, outboxSize: 10, print: false })
    await mailer.send(loginCodeMessage('both@example.com', '123456', 'Both', 10))
    expect((await sink.nextMessage('both@example.com')).text).toContain('123456')
    expect(mailer.outbox!.list('both@example.com')[0].code).toBe('123456')
    await mailer.close()
  })
})

describe('Outbox', () => {
  it('keeps the newest messages up to its size, newest first', () => {
    const outbox = new Outbox(3)
    for (let i = 1; i <= 5; i++) outbox.add({ to: `u${i % 2}@x.io`, subject: `s${i}`, text: '', code: String(i), sentAt: '' })
    expect(outbox.list().map((m) => m.code)).toEqual(['5', '4', '3'])
    expect(outbox.list('U1@x.io').map((m) => m.code)).toEqual(['5', '3'])
  })
})

/**
 * The apps' secret settings (OAuth client secrets, the Apple private key, the Telegram bot token,
 * the captcha secret): sealed at rest, masked in the admin API, still usable, and older rows
 * holding them in clear sealed at start.
 */
import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildServer } from '../app.js'
import { ADMIN_TOKEN, forEachDatabase, sameDatabase, startHarness, TEST_SECRET, type Harness } from '../testing.js'

const APPS = '/api/v1/admin/apps'
const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }

const APPLE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
const SECRETS = {
  google: 'google-client-secret-0123456789-abcd',
  apple: APPLE_KEY,
  telegram: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
  captcha: '0x4AAAAAAA-captcha-secret-wxyz',
}
const appWithSecrets = {
  name: 'Secrets',
  loginMethods: { email: true, google: true, apple: true, telegram: true },
  oauth: {
    google: { clientId: 'google-client', clientSecret: SECRETS.google },
    apple: { clientId: 'apple-client', teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: SECRETS.apple },
  },
  telegram: { botToken: SECRETS.telegram, botUsername: 'secret_bot' },
  captcha: { enabled: false, siteKey: 't:site-key' },
  captchaSecretKey: SECRETS.captcha,
}
const appleBody = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '')
const plainSecrets = Object.values(SECRETS).flatMap((s) => [s, appleBody(s).slice(20, 60)])

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(() => h?.close())

  const rawSettings = async (id: string) => (await h.database.db.selectFrom('apps').select('settings').where('id', '=', id).executeTakeFirstOrThrow()).settings

  it('secrets are sealed in the database, and the server still uses them', async () => {
    const id = await h.createApp(appWithSecrets)
    const raw = await rawSettings(id)
    for (const secret of plainSecrets) expect(raw).not.toContain(secret)
    expect(JSON.parse(raw).oauth.google.clientSecret).toEqual({ sealed: expect.stringMatching(/^v1\./) })
    const settings = (await h.server.gatehouse.apps.get(id))!.settings
    expect(settings.oauth.google?.clientSecret).toBe(SECRETS.google)
    expect(settings.oauth.apple?.privateKey).toBe(SECRETS.apple)
    expect(settings.telegram?.botToken).toBe(SECRETS.telegram)
    expect(settings.captchaSecretKey).toBe(SECRETS.captcha)
  })

  it('the admin API answers secrets masked to their last 4 characters, on create, read and update', async () => {
    const created = await h.post(APPS, appWithSecrets, admin)
    expect(created.statusCode).toBe(201)
    const id = created.json().id as string
    const read = await h.get(`${APPS}/${id}`, admin)
    const patched = await h.patchApp(id, { name: 'Renamed' })
    for (const res of [created, read, patched]) {
      for (const secret of plainSecrets) expect(res.body).not.toContain(secret)
      expect(res.json()).toMatchObject({
        oauth: {
          google: { clientId: 'google-client', clientSecret: `****${SECRETS.google.slice(-4)}` },
          apple: { privateKey: `****${appleBody(APPLE_KEY).slice(-4)}` },
        },
        telegram: { botToken: `****${SECRETS.telegram.slice(-4)}`, botUsername: 'secret_bot' },
        captchaSecretKey: `****${SECRETS.captcha.slice(-4)}`,
      })
    }
  })

  it('writes still work: a new secret replaces the old; the masked form sent back keeps the stored one', async () => {
    const id = await h.createApp(appWithSecrets)
    const read = (await h.get(`${APPS}/${id}`, admin)).json()
    // A read-modify-write round trip (only the bot name and the Google client id change).
    const roundTrip = await h.patchApp(id, {
      telegram: { ...read.telegram, botUsername: 'renamed_bot' },
      oauth: { google: { ...read.oauth.google, clientId: 'google-client-2' } },
      captchaSecretKey: read.captchaSecretKey,
    })
    expect(roundTrip.statusCode, roundTrip.body).toBe(200)
    let settings = (await h.server.gatehouse.apps.get(id))!.settings
    expect(settings.telegram).toEqual({ botToken: SECRETS.telegram, botUsername: 'renamed_bot' })
    expect(settings.oauth.google).toEqual({ clientId: 'google-client-2', clientSecret: SECRETS.google })
    expect(settings.captchaSecretKey).toBe(SECRETS.captcha)

    const replaced = await h.patchApp(id, { oauth: { google: { clientId: 'google-client-2', clientSecret: 'a-brand-new-secret-1234' } } })
    expect(replaced.json().oauth.google.clientSecret).toBe('****1234')
    settings = (await h.server.gatehouse.apps.get(id))!.settings
    expect(settings.oauth.google?.clientSecret).toBe('a-brand-new-secret-1234')
    expect(await rawSettings(id)).not.toContain('a-brand-new-secret-1234')
  })

  it('error: a masked value that is not the stored secret answers 400 invalid_data', async () => {
    const id = await h.createApp(appWithSecrets)
    const wrong = await h.patchApp(id, { captchaSecretKey: '****nope' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ code: 'invalid_data', error: 'captchaSecretKey is masked: send the full secret' })
    const onCreate = await h.post(APPS, { ...appWithSecrets, telegram: { botToken: '****1234', botUsername: 'x_bot' } }, admin)
    expect(onCreate.statusCode).toBe(400)
    expect((await h.server.gatehouse.apps.get(id))!.settings.captchaSecretKey).toBe(SECRETS.captcha)
  })

  it('error: a sealed secret copied into another app (or another field) does not open', async () => {
    const source = await h.createApp(appWithSecrets)
    const copy = await h.createApp({ name: 'Copy' })
    await h.database.db
      .updateTable('apps')
      .set({ settings: await rawSettings(source) })
      .where('id', '=', copy)
      .execute()
    await expect(h.server.gatehouse.apps.get(copy)).rejects.toThrow()
    const moved = JSON.parse(await rawSettings(source))
    moved.captchaSecretKey = moved.oauth.google.clientSecret
    await h.database.db
      .updateTable('apps')
      .set({ settings: JSON.stringify(moved) })
      .where('id', '=', copy)
      .execute()
    await expect(h.server.gatehouse.apps.get(copy)).rejects.toThrow()
    // A row that does not open stops the next start (as the wrong GATEHOUSE_SECRET would); remove it.
    await h.database.db.deleteFrom('apps').where('id', '=', copy).execute()
  })

  it('rows written in clear keep working and are sealed when a server starts', async () => {
    const id = await h.createApp({ name: 'Legacy', loginMethods: { email: true, google: true } })
    const legacy = { ...JSON.parse(await rawSettings(id)), ...appWithSecrets, name: undefined, loginMethods: undefined, captcha: undefined }
    await h.database.db
      .updateTable('apps')
      .set({ settings: JSON.stringify(legacy) })
      .where('id', '=', id)
      .execute()
    expect(await rawSettings(id)).toContain(SECRETS.google)
    // Read as they are before anything seals them.
    expect((await h.server.gatehouse.apps.get(id))!.settings.oauth.google?.clientSecret).toBe(SECRETS.google)

    const restarted = await startHarness(sameDatabase(target.kind, h.database))
    const raw = await rawSettings(id)
    for (const secret of plainSecrets) expect(raw).not.toContain(secret)
    const settings = (await restarted.server.gatehouse.apps.get(id))!.settings
    expect(settings.oauth.google?.clientSecret).toBe(SECRETS.google)
    expect(settings.oauth.apple?.privateKey).toBe(SECRETS.apple)
    expect(settings.telegram?.botToken).toBe(SECRETS.telegram)
    expect(settings.captchaSecretKey).toBe(SECRETS.captcha)
    await restarted.server.close()
  })

  it('error: a server without the secret that sealed them refuses to start', async () => {
    await h.createApp(appWithSecrets)
    const options = { database: h.database, logger: false, printMail: false, adminToken: ADMIN_TOKEN }
    await expect(buildServer({ ...options, secret: null })).rejects.toThrow(/GATEHOUSE_SECRET/)
    await expect(buildServer({ ...options, secret: `${TEST_SECRET}-other` })).rejects.toThrow()
  })
})

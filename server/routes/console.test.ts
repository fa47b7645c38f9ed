/**
 * The operator console on the API origin (routes/console.ts), its own app (services/console-app.ts),
 * and the admin routes it lists and deletes apps with.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connect.js'
import { CONSOLE_APP_ID, ensureConsoleApp } from '../services/console-app.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, TEST_PUBLIC_URL, type Harness } from '../testing.js'

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
const PAGE =
  '<script type="module" src="%WIDGET_URL%"></script><auth-modal app-id="%CONSOLE_APP_ID%"></auth-modal><script type="module" src="assets/main-AB12.js"></script>'

describe('the console on the API origin', () => {
  let dir: string
  // Each server on a SQLite file of its own in the scratch folder.
  let n = 0
  const target = () => ({
    kind: 'sqlite' as const,
    open: async () => ({ database: await openDatabase({ dbFile: join(dir, `console-${n++}.db`) }), remove: async () => {} }),
  })
  let h: Harness
  let bare: Harness
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-console-'))
    const dist = join(dir, 'dist') + '/'
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), PAGE)
    writeFileSync(join(dist, 'preview.html'), 'preview %WIDGET_URL%')
    writeFileSync(join(dist, 'assets/main-AB12.js'), 'console.log(1)')
    writeFileSync(join(dir, 'secret.txt'), 'OUTSIDE')
    // Two servers, each on a SQLite file of its own in the scratch folder.
    let n = 0
    const target = {
      kind: 'sqlite' as const,
      open: async () => ({ database: await openDatabase({ dbFile: join(dir, `console-${n++}.db`) }), remove: async () => {} }),
    }
    h = await startHarness(target, { console: { dir: dist, version: '1.2.3' } })
    mkdirSync(join(dir, 'empty'))
    bare = await startHarness(target, { console: { dir: join(dir, 'empty') + '/', version: '1.2.3' } })
  })
  afterAll(async () => {
    await Promise.all([h?.close(), bare?.close()])
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves the page with the widget of this server and the console app id filled in, never cached, framed only by itself', async () => {
    const redirect = await h.server.inject({ method: 'GET', url: '/console' })
    expect(redirect.statusCode).toBe(302)
    expect(redirect.headers.location).toBe('/console/')
    const res = await h.server.inject({ method: 'GET', url: '/console/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.body).toContain('src="/widget/1.2.3/elements.js"')
    expect(res.body).toContain(`app-id="${CONSOLE_APP_ID}"`)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect((await h.server.inject({ method: 'GET', url: '/console/preview.html' })).body).toBe('preview /widget/1.2.3/elements.js')
  })

  it('serves hashed assets immutable, and nothing outside its folder', async () => {
    const asset = await h.server.inject({ method: 'GET', url: '/console/assets/main-AB12.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of [
      '/console/../secret.txt',
      '/console/assets/../../secret.txt',
      '/console/%2e%2e/secret.txt',
      '/console/assets/.hidden.js',
      '/console/other.html',
    ]) {
      const res = await h.server.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body).not.toContain('OUTSIDE')
    }
  })

  it('the development sign-in link works once: the console account that spends it becomes the first owner, then it is dead', async () => {
    const dev = await startHarness(target(), { dev: true, console: { claim: 'claim-0123456789' } })
    const prod = await startHarness(target(), { dev: false, smtpUrl: 'smtp://127.0.0.1:1', console: { claim: 'claim-0123456789' } })
    try {
      const consoleApp = await dev.createApp()
      dev.server.gatehouse.config.consoleAppId = consoleApp
      const operator = await dev.login(consoleApp, 'first@example.com')
      const spend = (h: Harness, claim: string, token?: string) =>
        h.server.inject({
          method: 'POST',
          url: '/dev/console-claim',
          payload: { claim },
          headers: { host: '127.0.0.1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        })
      expect((await spend(dev, 'claim-wrong', operator.token)).statusCode).toBe(401)
      // Signed out: the link stays good for when the operator has signed in.
      expect((await spend(dev, 'claim-0123456789')).statusCode).toBe(401)
      const first = await spend(dev, 'claim-0123456789', operator.token)
      expect(first.statusCode, first.body).toBe(200)
      expect(first.json()).toEqual({ owner: true })
      expect(first.body).not.toContain(ADMIN_TOKEN)
      const me = await dev.get('/api/v1/admin/me', { token: operator.token })
      expect(me.json()).toMatchObject({ email: 'first@example.com', serverOwner: true })
      expect((await spend(dev, 'claim-0123456789', operator.token)).statusCode).toBe(401)
      expect((await spend(prod, 'claim-0123456789')).statusCode).toBe(404)
    } finally {
      await Promise.all([dev.close(), prod.close()])
    }
  })

  it('without a built console, every path answers 404 saying how to build it', async () => {
    const res = await bare.server.inject({ method: 'GET', url: '/console/' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'not_found', error: expect.stringContaining('npm run build') })
  })
})

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(() => h?.close())

  it("the console's app is created once with e-mail and passkey login, from the public URL's origin", async () => {
    const config = { publicUrl: TEST_PUBLIC_URL, dev: false, port: 8787 }
    const first = await ensureConsoleApp(h.server.gatehouse.apps, config)
    const again = await ensureConsoleApp(h.server.gatehouse.apps, config)
    expect(again.id).toBe(first.id)
    expect(first.id).toBe(CONSOLE_APP_ID)
    expect(first.config.loginMethods).toMatchObject({ email: true, passkey: true })
    expect(first.settings.allowedOrigins).toEqual([TEST_PUBLIC_URL])
    const dev = await ensureConsoleApp(h.server.gatehouse.apps, { ...config, dev: true })
    expect(dev.settings.allowedOrigins).toEqual([TEST_PUBLIC_URL, 'http://localhost:8787', 'http://127.0.0.1:8787'])
  })

  it('GET /admin/apps lists every app oldest first, the console app marked reserved; the admin token only', async () => {
    const appId = await h.createApp({ name: 'Listed' })
    const res = await h.server.inject({ method: 'GET', url: '/api/v1/admin/apps', headers: admin })
    expect(res.statusCode).toBe(200)
    const data = res.json().data as { id: string; name: string; reserved: boolean }[]
    expect(data).toContainEqual(expect.objectContaining({ id: appId, name: 'Listed', reserved: false }))
    expect(data.find((a) => a.id === CONSOLE_APP_ID)?.reserved).toBe(true)
    expect((await h.server.inject({ method: 'GET', url: '/api/v1/admin/apps' })).statusCode).toBe(401)
  })

  it('DELETE /admin/apps/:id needs the id repeated, takes the users with it, and never deletes the console app', async () => {
    const appId = await h.createApp({ name: 'Doomed' })
    await h.login(appId, 'gone@example.com')
    const url = `/api/v1/admin/apps/${appId}`
    const unconfirmed = await h.server.inject({ method: 'DELETE', url: `${url}?confirm=wrong`, headers: admin })
    expect(unconfirmed.statusCode).toBe(400)
    expect((await h.server.inject({ method: 'DELETE', url: `${url}?confirm=${appId}` })).statusCode).toBe(401)
    const res = await h.server.inject({ method: 'DELETE', url: `${url}?confirm=${appId}`, headers: admin })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ deleted: true, id: appId })
    expect((await h.server.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404)
    const users = await h.database.db.selectFrom('users').select('id').where('app_id', '=', appId).execute()
    expect(users).toEqual([])
    expect((await h.server.inject({ method: 'DELETE', url: `${url}?confirm=${appId}`, headers: admin })).statusCode).toBe(404)
    const reserved = await h.server.inject({ method: 'DELETE', url: `/api/v1/admin/apps/${CONSOLE_APP_ID}?confirm=${CONSOLE_APP_ID}`, headers: admin })
    expect(reserved.statusCode).toBe(400)
  })
})

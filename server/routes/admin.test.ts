import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness, sameDatabase } from '../testing.js'

const APPS = '/api/v1/admin/apps'

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(() => h?.close())

  const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }

  it('POST creates an app with a 25-character id and shows its server-only settings', async () => {
    const res = await h.post(APPS, { name: 'Shop', allowedOrigins: ['https://shop.example'], allowlist: ['@shop.example'], userLimit: 3 }, admin)
    expect(res.statusCode).toBe(201)
    const app = res.json()
    expect(app.id).toMatch(/^[a-z0-9]{25}$/)
    expect(app).toMatchObject({ name: 'Shop', allowedOrigins: ['https://shop.example'], allowlist: ['@shop.example'], userLimit: 3 })
    expect(app.loginMethods.email).toBe(true)
  })

  it('POST accepts a chosen id (for fixed demo and e2e apps)', async () => {
    const id = 'cfixedappid0000000000000a'
    const res = await h.post(APPS, { id, name: 'Fixed' }, admin)
    expect(res.statusCode).toBe(201)
    expect(res.json().id).toBe(id)
    const again = await h.post(APPS, { id, name: 'Fixed' }, admin)
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('invalid_data')
  })

  it('GET reads and PATCH merges: nested objects merge, other values replace', async () => {
    const id = await h.createApp({ name: 'Before', loginMethods: { sms: true }, allowlist: ['a@example.com'] })
    const patched = await h.patchApp(id, { name: 'After', loginMethods: { google: true }, allowlist: [], userLimit: null })
    expect(patched.statusCode).toBe(200)
    const read = (await h.get(`${APPS}/${id}`, admin)).json()
    expect(read).toMatchObject({ name: 'After', allowlist: [], userLimit: null })
    expect(read.loginMethods).toMatchObject({ email: true, sms: true, google: true })
    // The public route sees the change at once (the local cache is invalidated).
    expect((await h.get(`/api/v1/apps/${id}`)).json().name).toBe('After')
  })

  it('PATCH is visible through the app cache immediately', async () => {
    const cached = await startHarness(sameDatabase(target.kind, h.database), { appCacheMs: 60_000 })
    const id = await cached.createApp({ name: 'Cached' })
    expect((await cached.get(`/api/v1/apps/${id}`)).json().name).toBe('Cached')
    await cached.patchApp(id, { name: 'Renamed' })
    expect((await cached.get(`/api/v1/apps/${id}`)).json().name).toBe('Renamed')
    await cached.server.close()
  })

  it('error: admin routes without the admin token answer 401 missing_or_invalid_token', async () => {
    const id = await h.createApp()
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Basic ${ADMIN_TOKEN}` },
      { authorization: `Bearer ${ADMIN_TOKEN}x` },
    ]
    for (const headers of variants) {
      for (const res of [
        await h.post(APPS, { name: 'x' }, { headers }),
        await h.get(`${APPS}/${id}`, { headers }),
        await h.server.inject({ method: 'PATCH', url: `${APPS}/${id}`, headers, payload: { name: 'x' } }),
      ]) {
        expect(res.statusCode).toBe(401)
        expect(res.json().code).toBe('missing_or_invalid_token')
      }
    }
  })

  it('error: admin API is closed when no admin token is configured', async () => {
    const closed = await startHarness(sameDatabase(target.kind, h.database), { adminToken: null })
    const res = await closed.post(APPS, { name: 'x' }, admin)
    expect(res.statusCode).toBe(401)
    await closed.server.close()
  })

  it('error: unknown fields and wrong types answer 400 invalid_data', async () => {
    for (const body of [{ nmae: 'typo' }, { userLimit: -1 }, { loginMethods: { email: 'yes' } }, { allowedOrigins: ['not a url'] }, { theme: 5 }]) {
      const res = await h.post(APPS, body, admin)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('invalid_data')
    }
  })

  it('error: switching off every login method answers 400 invalid_data', async () => {
    const id = await h.createApp()
    const res = await h.patchApp(id, { loginMethods: { email: false } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'You must enable at least one login method', code: 'invalid_data' })
  })

  it('error: GET or PATCH of an unknown app answers 404 not_found', async () => {
    expect((await h.get(`${APPS}/${'z'.repeat(25)}`, admin)).json().code).toBe('not_found')
    expect((await h.patchApp('z'.repeat(25), { name: 'x' })).statusCode).toBe(404)
  })
})

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../app.js'
import { ADMIN_TOKEN, TEST_SECRET } from '../testing.js'
import { widgetVersion } from './widget.js'

const ENTRY = 'import"./chunks/elements-AbC123.js";'
const CHUNK = 'export const x=1;'

async function server(dir: string, widget: { dir?: string; version?: string | null }, dev = false): Promise<FastifyInstance> {
  return buildServer({
    dbFile: join(dir, 'test.db'),
    logger: false,
    printMail: false,
    adminToken: ADMIN_TOKEN,
    secret: TEST_SECRET,
    publicUrl: 'http://gatehouse.test',
    dev,
    // Production refuses to start without a mail server; none is reached here.
    smtpUrl: 'smtp://127.0.0.1:1',
    widget,
  })
}

describe('the widget bundle on the API origin', () => {
  let dir: string
  let app: FastifyInstance
  let devApp: FastifyInstance
  let bare: FastifyInstance
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-widget-'))
    const dist = join(dir, 'dist') + '/'
    mkdirSync(join(dist, 'chunks'), { recursive: true })
    writeFileSync(join(dist, 'elements.js'), ENTRY)
    writeFileSync(join(dist, 'elements.js.map'), '{"version":3}')
    writeFileSync(join(dist, 'chunks/elements-AbC123.js'), CHUNK)
    writeFileSync(join(dir, 'secret.js'), 'OUTSIDE-THE-BUNDLE')
    app = await server(dir, { dir: dist, version: '1.2.3' })
    devApp = await server(dir, { dir: dist, version: '1.2.3' }, true)
    // Built without the widget: an empty folder.
    mkdirSync(join(dir, 'empty'))
    bare = await server(dir, { dir: join(dir, 'empty') + '/', version: '1.2.3' })
  })
  afterAll(async () => {
    await Promise.all([app?.close(), devApp?.close(), bare?.close()])
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves the entry under its version, immutable, as JavaScript any origin may load', async () => {
    const res = await app.inject({ method: 'GET', url: '/widget/1.2.3/elements.js', headers: { origin: 'https://shop.example' } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(ENTRY)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('serves the chunks the entry imports, relative to it, and the source maps', async () => {
    const chunk = await app.inject({ method: 'GET', url: '/widget/1.2.3/chunks/elements-AbC123.js' })
    expect(chunk.statusCode).toBe(200)
    expect(chunk.body).toBe(CHUNK)
    expect(chunk.headers['cache-control']).toContain('immutable')
    const map = await app.inject({ method: 'GET', url: '/widget/1.2.3/elements.js.map' })
    expect(map.statusCode).toBe(200)
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it("keeps a 'latest' alias with a short cache for the entry; hashed chunks stay immutable there", async () => {
    const entry = await app.inject({ method: 'GET', url: '/widget/latest/elements.js' })
    expect(entry.statusCode).toBe(200)
    expect(entry.headers['cache-control']).toBe('public, max-age=300')
    const chunk = await app.inject({ method: 'GET', url: '/widget/latest/chunks/elements-AbC123.js' })
    expect(chunk.headers['cache-control']).toContain('immutable')
  })

  it('revalidates the entry in development, where a rebuild changes it under the same URL', async () => {
    const res = await devApp.inject({ method: 'GET', url: '/widget/1.2.3/elements.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('error: another version answers 404 naming the one served', async () => {
    const res = await app.inject({ method: 'GET', url: '/widget/9.9.9/elements.js' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'not_found', error: 'This server serves widget version 1.2.3 (/widget/1.2.3/elements.js), not 9.9.9' })
  })

  it('error: nothing outside the bundle folder, no unknown file', async () => {
    for (const url of [
      '/widget/1.2.3/../secret.js',
      '/widget/1.2.3/%2e%2e/secret.js',
      '/widget/1.2.3/chunks/%2e%2e%2f..%2fsecret.js',
      '/widget/1.2.3/nope.js',
      '/widget/1.2.3/.env',
    ]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body).not.toContain('OUTSIDE-THE-BUNDLE')
    }
  })

  it('error: a server without a built widget starts and says so (404), its API unaffected', async () => {
    const res = await bare.inject({ method: 'GET', url: '/widget/1.2.3/elements.js' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'not_found', error: 'This server has no built widget: run npm run build, or host dist/ yourself' })
    expect((await bare.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    const none = await server(dir, { dir: join(dir, 'empty') + '/', version: null })
    expect((await none.inject({ method: 'GET', url: '/widget/latest/elements.js' })).json().error).toMatch(/no built widget/)
    await none.close()
  })

  it("reads its version from the widget package (the repository's package.json)", () => {
    expect(widgetVersion()).toMatch(/^\d+\.\d+\.\d+/)
    expect(widgetVersion(join(dir, 'missing.json'))).toBeNull()
  })
})

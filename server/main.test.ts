/**
 * The server process as an operator starts it (`server/main.ts`, here from its bundle
 * server/dist/main.mjs: the same code, loaded in seconds rather than compiled by tsx at each
 * start): what it refuses to do at start-up and what it prints. Development mode is what an unset
 * NODE_ENV gives, so it must not reach the network by accident; production must not put its
 * secrets in the log.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module
import { freePort, root } from '../scripts/lib/server-process.mjs'
// @ts-expect-error plain ES module
import { ensureServerBundle } from '../scripts/lib/server-bundle.mjs'

const SECRET = 'main-test-secret-0123456789-0123456789'
const ADMIN_TOKEN = 'main-test-admin-token-4a7c1e9b2d'

interface Started {
  child: ChildProcess
  base: string
  stdout: () => string
  stderr: () => string
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>
}

const running: Started[] = []
const dirs: string[] = []
/** A server start on a busy 2-core machine: seconds, at worst a minute. */
const START = 120_000
let entry: string

beforeAll(async () => {
  entry = await ensureServerBundle()
})

afterEach(async () => {
  for (const s of running.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM')
    await s.exited
  }
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

async function start(env: Record<string, string>): Promise<Started & { stateDir: string }> {
  const stateDir = await mkdtemp(join(tmpdir(), 'gatehouse-main-'))
  dirs.push(stateDir)
  const port: number = await freePort()
  // Nothing from the shell that runs the tests (vitest sets NODE_ENV=test): only what each test says.
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), GATEHOUSE_STATE_DIR: stateDir }
  const child = spawn(process.execPath, [entry], { cwd: root, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (err += d))
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)))
  const started = { child, base: `http://127.0.0.1:${port}`, stdout: () => out, stderr: () => err, exited, stateDir }
  running.push(started)
  return started
}

/** Waits until the server answers /healthz; fails if it exits first. */
async function ready(s: Started): Promise<void> {
  const deadline = Date.now() + 110_000
  while (
    !(await fetch(`${s.base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (s.child.exitCode !== null) throw new Error(`the server exited (${s.child.exitCode}): ${s.stderr()}`)
    if (Date.now() > deadline) throw new Error(`the server did not answer /healthz: ${s.stdout()} ${s.stderr()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('development mode on the network', () => {
  it(
    'error: NODE_ENV unset and HOST=0.0.0.0 exits non-zero with one line on stderr naming GATEHOUSE_DEV_ON_NETWORK, before creating any secret',
    async () => {
      const s = await start({ HOST: '0.0.0.0' })
      expect(await s.exited).not.toBe(0)
      const lines = s.stderr().trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^Gatehouse refuses to start: development mode .*HOST=0\.0\.0\.0.*GATEHOUSE_DEV_ON_NETWORK=1/)
      expect(await readdir(s.stateDir)).toEqual([])
    },
    START,
  )

  it(
    'error: any non-loopback address is refused (IPv6 too)',
    async () => {
      const s = await start({ HOST: '::', NODE_ENV: 'development' })
      expect(await s.exited).not.toBe(0)
      expect(s.stderr()).toContain('GATEHOUSE_DEV_ON_NETWORK=1')
    },
    START,
  )

  it(
    'GATEHOUSE_DEV_ON_NETWORK=1 forces it, with a warning',
    async () => {
      const s = await start({ HOST: '0.0.0.0', GATEHOUSE_DEV_ON_NETWORK: '1' })
      await ready(s)
      expect(s.stderr()).toContain('Warning: development mode on HOST=0.0.0.0')
      expect((await fetch(`${s.base}/dev/outbox`)).status).toBe(200)
    },
    START,
  )
})

describe('production', () => {
  it(
    'error: never prints the admin token, and /dev/* answers 404',
    async () => {
      const s = await start({
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        SMTP_URL: 'smtp://127.0.0.1:1',
        GATEHOUSE_SECRET: SECRET,
        GATEHOUSE_ADMIN_TOKEN: ADMIN_TOKEN,
      })
      await ready(s)
      expect(s.stdout()).toContain('Admin API enabled: its bearer token is the value of GATEHOUSE_ADMIN_TOKEN (not printed).')
      expect(s.stdout() + s.stderr()).not.toContain(ADMIN_TOKEN)
      // The admin API itself works with the token.
      const created = await fetch(`${s.base}/api/v1/admin/apps`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Prod' }),
      })
      expect(created.status).toBe(201)
      for (const path of ['/dev/outbox', '/dev/outbox?to=a@example.com', '/dev/idp/.well-known/openid-configuration']) {
        const res = await fetch(`${s.base}${path}`)
        expect(res.status).toBe(404)
        expect((await res.json()).code).toBe('not_found')
      }
    },
    START,
  )
})

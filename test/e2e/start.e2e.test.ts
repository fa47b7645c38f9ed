/**
 * The README's first command: `npm start` brings up the API on SQLite and the demo on another
 * origin, creates the development app and keeps mail in the development outbox.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module
import { freePort, root } from '../../scripts/lib/server-process.mjs'

describe('npm start', () => {
  let child: ChildProcess
  let output = ''
  let state: string
  let apiPort: number
  let demoPort: number

  beforeAll(async () => {
    state = await mkdtemp(join(tmpdir(), 'gatehouse-start-'))
    ;[apiPort, demoPort] = [await freePort(), await freePort()]
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(apiPort),
        DEMO_PORT: String(demoPort),
        GATEHOUSE_STATE_DIR: state,
        GATEHOUSE_SKIP_BUILD: '1',
        DATABASE_URL: '',
        SMTP_URL: '',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    const started = Date.now()
    while (!output.includes('Gatehouse is running')) {
      if (child.exitCode !== null) throw new Error(`npm start exited: ${output}`)
      if (Date.now() - started > 60000) throw new Error(`npm start did not come up: ${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  })
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    await rm(state, { recursive: true, force: true })
  })

  it('prints both URLs and the 25-character development app id, and serves the demo with it', async () => {
    expect(output).toContain(`http://localhost:${apiPort}`)
    expect(output).toContain(`http://localhost:${demoPort}`)
    const appId = /App id\s+([a-z0-9]{25})\b/.exec(output)?.[1]
    expect(appId).toBeTruthy()
    const html = await fetch(`http://localhost:${demoPort}/`).then((r) => r.text())
    expect(html).toContain(`app-id="${appId}"`)
    expect(html).toContain(`api-url="http://localhost:${apiPort}"`)
    const config = await fetch(`http://localhost:${apiPort}/api/v1/apps/${appId}`).then((r) => r.json())
    expect(config.loginMethods.email).toBe(true)
  })

  it('keeps sent codes in the development outbox and prints them', async () => {
    const appId = /App id\s+([a-z0-9]{25})\b/.exec(output)![1]
    const res = await fetch(`http://localhost:${apiPort}/api/v1/passwordless/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'privy-app-id': appId, origin: `http://localhost:${demoPort}` },
      body: JSON.stringify({ email: 'newcomer@example.com' }),
    })
    expect(res.status).toBe(200)
    const outbox = await fetch(`http://localhost:${apiPort}/dev/outbox?to=newcomer@example.com`).then((r) => r.json())
    expect(outbox).toHaveLength(1)
    expect(outbox[0].code).toMatch(/^\d{6}$/)
    await expect.poll(() => output).toContain(outbox[0].code)
  })
})

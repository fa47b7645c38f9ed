/**
 * The README's first command: `npm start` brings up the API on SQLite and the demo on another
 * origin, creates the development app and keeps mail in the development outbox. What it prints
 * reads clean: one line per step, then the URLs with the app id last; a busy port is one line.
 * (The build runs once for the whole suite and is skipped here; test/build.test.ts requires that
 * it prints no warning.)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer as createHttpServer } from 'node:http'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { fillReadmeSnippet, readmeTagSnippet } from '../readme-snippet.ts'
import { modal, submitEmail, typeCode } from './helpers.ts'
// @ts-expect-error plain ES module
import { freePort, root } from '../../scripts/lib/server-process.mjs'

const STEPS = ['build', 'local chain', 'bundler', 'database migrations', 'API server', 'demo server']

/** `npm start` in a scratch state folder (GATEHOUSE_STATE_DIR) on the given ports. */
function start(state: string, apiPort: number, demoPort: number) {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(apiPort),
      DEMO_PORT: String(demoPort),
      GATEHOUSE_STATE_DIR: state,
      GATEHOUSE_SKIP_BUILD: '1',
      // Any free port: a developer's own `npm start` may hold the default 8545.
      CHAIN_PORT: '0',
      SOLANA_PORT: '0',
      BUNDLER_PORT: '0',
      DATABASE_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

describe('npm start', () => {
  let child: ChildProcess
  let output = ''
  /** Everything printed until the app id, before any login adds to it. */
  let startup = ''
  let state: string
  let apiPort: number
  let demoPort: number

  beforeAll(async () => {
    state = await mkdtemp(join(tmpdir(), 'gatehouse-start-'))
    ;[apiPort, demoPort] = [await freePort(), await freePort()]
    child = start(state, apiPort, demoPort)
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    const started = Date.now()
    while (!/App id\s+[a-z0-9]{25}\n/.test(output)) {
      if (child.exitCode !== null) throw new Error(`npm start exited: ${output}`)
      if (Date.now() - started > 60000) throw new Error(`npm start did not come up: ${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    startup = output
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
    // The Angular page is the built app, given the same app at serve time (its bundle names none).
    const angular = await fetch(`http://localhost:${demoPort}/angular/`).then((r) => r.text())
    expect(angular).toContain(`<meta name="gatehouse-app-id" content="${appId}"`)
    expect(angular).toMatch(/<script src="main-[A-Z0-9]+\.js" type="module">/)
    const config = await fetch(`http://localhost:${apiPort}/api/v1/apps/${appId}`).then((r) => r.json())
    expect(config.loginMethods.email).toBe(true)
    // The local chain is the development app's default chain, and its RPC answers as chain 31337.
    expect(config.defaultChain).toBe(31337)
    const rpc = await fetch(config.chains[0].rpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
    expect((await rpc.json()).result).toBe('0x7a69')
    // Its gas is sponsored (the sponsor's key stays on the server).
    expect(config.chains[0].sponsored).toBe(true)
    expect(JSON.stringify(config)).not.toContain('privateKey')
    expect(html).toContain(`data-faucet-url="${config.chains[0].rpcUrl}/faucet"`)
    // …and the local Solana cluster (litesvm) is its cluster, speaking the Solana JSON-RPC.
    expect(config.solanaCluster.name).toBe('localnet')
    const health = await fetch(config.solanaCluster.rpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }) })
    expect((await health.json()).result).toBe('ok')
    expect(html).toContain(`data-solana-faucet-url="${config.solanaCluster.rpcUrl}/faucet"`)
    // The cross-app provider's own demo, on a second origin; the demo page logs in with its account.
    const providerUrl = /Provider\s+(http:\/\/localhost:\d+)\//.exec(output)?.[1]
    expect(providerUrl).toBeTruthy()
    expect(providerUrl).not.toBe(`http://localhost:${demoPort}`)
    const providerId = /data-provider="([a-z0-9]{25})"/.exec(html)?.[1]
    expect(providerId).toBeTruthy()
    expect(await fetch(`${providerUrl}/`).then((r) => r.text())).toContain(`app-id="${providerId}"`)
    const details = await fetch(`http://localhost:${apiPort}/api/v1/apps/${providerId}/cross-app/details`).then((r) => r.json())
    expect(details.name).toBe('Gatehouse Wallet')
  })

  it('prints one line per step with its time before the URLs, and the app id last', () => {
    const urls = startup.indexOf('Gatehouse is running')
    expect(urls).toBeGreaterThan(0)
    const before = startup
      .slice(0, urls)
      .split('\n')
      .filter((line) => line.trim())
    expect(
      before.map((line) => /^ {2}(\S+(?: \S+)*) {2,}(?:\d+\.\d s|skipped \(GATEHOUSE_SKIP_BUILD=1\))$/.exec(line)?.[1] ?? `not a progress line: ${line}`),
    ).toEqual(STEPS)
    const lines = startup.trimEnd().split('\n')
    expect(lines.at(-1)).toMatch(/^ +App id +[a-z0-9]{25}$/)
    expect(startup).not.toMatch(/warn|\(!\)|Admin token/i)
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

  it("runs README 'Using the tag' as written: the widget comes from the API server, the modal opens and logs in", async () => {
    const appId = /App id\s+([a-z0-9]{25})\b/.exec(output)![1]
    const apiUrl = `http://localhost:${apiPort}`
    // The reader's page: the snippet in an empty document, on an origin of its own (any local one
    // in development), with nothing else loaded.
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>README</title></head><body>\n${fillReadmeSnippet(readmeTagSnippet(), apiUrl, appId)}</body></html>`
    // A real server, as the reader's: a page Playwright made up has no address, and Chromium does
    // not let such a page load scripts from a loopback server.
    const server = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html))
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    const host = `http://localhost:${(server.address() as AddressInfo).port}`
    const browser: Browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const logged: string[] = []
      page.on('console', (message) => logged.push(message.text()))
      const widget: string[] = []
      page.on('response', (res) => res.url().startsWith(`${apiUrl}/widget/`) && widget.push(`${res.status()} ${res.url().slice(apiUrl.length)}`))
      await page.goto(`${host}/`)
      await page.waitForFunction(() => customElements.get('auth-modal'))
      await page.getByRole('button', { name: 'Log in' }).click()
      await modal(page).getByText('Log in or sign up').waitFor()
      const email = 'reader@example.com'
      await submitEmail(page, email)
      let code: string | undefined
      await expect
        .poll(async () => {
          const outbox = await fetch(`${apiUrl}/dev/outbox?to=${email}`).then((r) => r.json())
          return (code = outbox[0]?.code)
        })
        .toMatch(/^\d{6}$/)
      await typeCode(page, code!)
      // The snippet's own listener: console.log('logged in', user, isNewUser), a new user here.
      await expect.poll(() => logged.find((line) => line.startsWith('logged in'))).toMatch(/^logged in .+ true$/)
      expect(
        await page.evaluate(() => (document.querySelector('auth-modal') as unknown as { user: { email?: { address: string } } }).user.email?.address),
      ).toBe(email)
      // Every file came from the API server's versioned path: the entry and its chunks.
      expect(widget.length).toBeGreaterThan(1)
      expect(widget.filter((line) => !line.startsWith('200 '))).toEqual([])
    } finally {
      await browser.close()
      await new Promise((ok) => server.close(ok))
    }
  })
})

describe('npm start on a port already in use', () => {
  let state: string
  let busy: Server
  let busyPort: number
  let child: ChildProcess | undefined

  beforeAll(async () => {
    state = await mkdtemp(join(tmpdir(), 'gatehouse-start-busy-'))
    busy = createServer()
    await new Promise<void>((ok) => busy.listen(0, '127.0.0.1', ok))
    busyPort = (busy.address() as { port: number }).port
  })
  // Should it start after all, it must not outlive the test.
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGTERM')
  })
  afterAll(async () => {
    await new Promise((ok) => busy.close(ok))
    await rm(state, { recursive: true, force: true })
  })

  for (const variable of ['PORT', 'DEMO_PORT']) {
    it(`says so in one line naming ${variable}, and exits non-zero`, async () => {
      const free = await freePort()
      const run = (child = variable === 'PORT' ? start(state, busyPort, free) : start(state, free, busyPort))
      let output = ''
      run.stdout!.on('data', (d) => (output += d))
      run.stderr!.on('data', (d) => (output += d))
      const code = await new Promise((ok) => run.once('close', ok))
      expect(code).not.toBe(0)
      expect(output.trim().split('\n')).toEqual([
        `Port ${busyPort} is already in use (is Gatehouse still running?): set ${variable} to a free port, e.g. ${variable}=${busyPort + 1} npm start`,
      ])
    })
  }
})

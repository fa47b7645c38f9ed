// `npm start`: builds the bundle, starts the API server on :8787 (SQLite under .gatehouse/,
// migrations on start, a development app on first start) and serves the demo host pages on
// :5173, a different origin from the API as in a real deployment.
//
// What a newcomer reads: one line per step with its time, then the URLs with the app id last; the
// API server's own output (the codes it sends) follows from then on. Anything else before the URLs
// needs reading: a build warning about our own code, or why a step failed.
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { createHostBackend } from '../demo/backend/server.mjs'
import { startDemoServer } from '../demo/serve.mjs'
import { DEV_PAYMASTER_SIGNER_KEY, startAccountAbstraction } from './lib/account-abstraction.mjs'
import { devAdminToken, ensureDevBackendCredentials } from './lib/dev-backend.mjs'
import { DEV_SPONSOR_KEY, startDevFaucet, startLocalChain } from './lib/local-chain.mjs'
import { startLocalSolana, startSolanaFaucet } from './lib/local-solana.mjs'
import { root, startServerProcess } from './lib/server-process.mjs'

const apiPort = Number(process.env.PORT ?? 8787)
const demoPort = Number(process.env.DEMO_PORT ?? 5173)
const chainPort = Number(process.env.CHAIN_PORT ?? 8545)
const solanaPort = Number(process.env.SOLANA_PORT ?? 8899)
const bundlerPort = Number(process.env.BUNDLER_PORT ?? 4337)
const apiHost = process.env.HOST || '127.0.0.1'
const stateDir = process.env.GATEHOUSE_STATE_DIR ?? join(root, '.gatehouse')

// On a terminal the step under way shows until its line replaces it (the build takes a while).
const tty = process.stdout.isTTY
const begin = (step) => tty && process.stdout.write(`  ${step.padEnd(22)}…`)
const progress = (step, result) => console.log(`${tty ? '\r\x1b[K' : ''}  ${step.padEnd(22)}${result}`)
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(5)} s`

/** Prints what went wrong (no stack: the text says it) and stops. */
function fail(text) {
  if (text.trim()) console.error(text.trimEnd())
  process.exit(1)
}

const portInUse = (variable, port) =>
  `Port ${port} is already in use (is Gatehouse still running?): set ${variable} to a free port, e.g. ${variable}=${port + 1} npm start`

/** Whether something listens on the port already. Checked before the build, which takes a while. */
const taken = (port, host) =>
  new Promise((ok) => {
    if (!port) return ok(false)
    const probe = createServer()
      .once('error', (error) => ok(error.code === 'EADDRINUSE'))
      .listen(port, host, () => probe.close(() => ok(false)))
  })

if (await taken(apiPort, apiHost)) fail(portInUse('PORT', apiPort))
if (await taken(demoPort, '127.0.0.1')) fail(portInUse('DEMO_PORT', demoPort))
if (await taken(chainPort, '127.0.0.1')) fail(portInUse('CHAIN_PORT', chainPort))
if (await taken(solanaPort, '127.0.0.1')) fail(portInUse('SOLANA_PORT', solanaPort))
if (solanaPort && (await taken(solanaPort + 1, '127.0.0.1')))
  fail(
    `Port ${solanaPort + 1} (the Solana websocket, SOLANA_PORT + 1) is already in use: set SOLANA_PORT to a free pair, e.g. SOLANA_PORT=${solanaPort + 2} npm start`,
  )
if (await taken(bundlerPort, '127.0.0.1')) fail(portInUse('BUNDLER_PORT', bundlerPort))

// The smoke test of this script builds once for the whole suite and skips it here.
if (process.env.GATEHOUSE_SKIP_BUILD === '1') progress('build', 'skipped (GATEHOUSE_SKIP_BUILD=1)')
else {
  begin('build')
  const started = performance.now()
  const { code, output } = await new Promise((ok) => {
    const child = spawn(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('close', (code) => ok({ code, output }))
  })
  progress('build', code === 0 ? seconds(performance.now() - started) : 'failed')
  if (code !== 0) fail(output)
  // Only warnings about our own code come this far (rollup.config.mjs drops third-party ones).
  if (output.trim()) console.log(output.trimEnd())
}

// The demo's chains: a local EVM (chain id 31337) with a faucet that gives each new embedded wallet
// test ETH and the test USDC token, and a local Solana cluster (litesvm, 'localnet') whose faucet
// gives each new embedded Solana wallet test SOL and a test USDC SPL token.
let chain
let faucet
let solana
let solanaFaucet
{
  begin('local chain')
  const started = performance.now()
  try {
    chain = await startLocalChain({ port: chainPort })
    faucet = await startDevFaucet(chain)
  } catch (error) {
    progress('local chain', 'failed')
    fail(error.code === 'EADDRINUSE' ? portInUse('CHAIN_PORT', chainPort) : String(error.stack ?? error))
  }
  try {
    solana = await startLocalSolana({ port: solanaPort })
    solanaFaucet = await startSolanaFaucet(solana)
  } catch (error) {
    progress('local chain', 'failed')
    fail(error.code === 'EADDRINUSE' ? portInUse('SOLANA_PORT', solanaPort) : String(error.stack ?? error))
  }
  progress('local chain', seconds(performance.now() - started))
}

// Smart wallets (ERC-4337) on the local chain: the EntryPoint v0.7, the smart-account factory and
// the verifying paymaster whose signatures the server issues (DEV_PAYMASTER_SIGNER_KEY), and a real
// bundler (Alto) on BUNDLER_PORT.
let aa
{
  begin('bundler')
  const started = performance.now()
  try {
    aa = await startAccountAbstraction({ rpcUrl: chain.url, chainId: chain.chainId, bundlerPort })
  } catch (error) {
    progress('bundler', 'failed')
    await Promise.all([chain.close(), solana.close()])
    fail(String(error.stack ?? error))
  }
  progress('bundler', seconds(performance.now() - started))
}

// The server's output is held back until the URLs are printed: before that it speaks only when
// something is wrong, and then it is shown.
let held = []
let server
{
  const started = performance.now()
  let migrations = 0
  begin('database migrations')
  try {
    server = await startServerProcess({
      port: apiPort,
      env: {
        NODE_ENV: process.env.NODE_ENV ?? 'development',
        GATEHOUSE_STATE_DIR: stateDir,
        GATEHOUSE_DEV_CHAIN_URL: chain.url,
        GATEHOUSE_DEV_SOLANA_URL: solana.url,
        // The faucet's test USDC is the dev app's USDC on 'localnet' (funding with asset 'USDC').
        GATEHOUSE_DEV_SOLANA_USDC_MINT: solanaFaucet.mint,
        GATEHOUSE_DEV_SPONSOR_KEY: DEV_SPONSOR_KEY,
        // The paymaster's signer, and what the development app's smart wallets use on the local chain.
        GATEHOUSE_PAYMASTER_SIGNER_KEY: process.env.GATEHOUSE_PAYMASTER_SIGNER_KEY ?? DEV_PAYMASTER_SIGNER_KEY,
        GATEHOUSE_DEV_SMART_WALLETS: JSON.stringify({ bundlerUrl: aa.bundlerUrl, entryPoint: aa.entryPoint, factory: aa.factory, paymaster: aa.paymaster }),
      },
      onOutput: (chunk, stream) => (held ? held.push(chunk) : process[stream].write(chunk)),
      onProgress: ({ step, ms }) => {
        if (step === 'database migrations') migrations = ms
        progress(step, seconds(ms))
        begin('API server')
      },
    })
  } catch (error) {
    progress('API server', 'failed')
    fail(held.length ? Buffer.concat(held).toString() : error.message)
  }
  progress('API server', seconds(performance.now() - started - migrations))
}

let demo
let providerDemo
let appId
let providerAppId = ''
let backend
// The operator console, and in development its one-time sign-in link (server/main.ts writes both).
let consoleLink = { url: `${server.base}/console/`, link: null }
try {
  consoleLink = JSON.parse(await readFile(join(stateDir, 'console-link.json'), 'utf8'))
} catch {
  // An older server build: the console's address alone.
}
{
  begin('demo server')
  const started = performance.now()
  try {
    ;({ appId } = JSON.parse(await readFile(join(stateDir, 'dev-app.json'), 'utf8')))
    // The cross-app provider (server/main.ts): its own demo page on a second origin, where its users get their wallet.
    providerAppId = await readFile(join(stateDir, 'dev-provider-app.json'), 'utf8').then(
      (t) => JSON.parse(t).appId,
      () => '',
    )
    if (providerAppId) {
      const wanted = Number(process.env.PROVIDER_DEMO_PORT ?? demoPort + 1)
      const port = (await taken(wanted, '127.0.0.1')) ? 0 : wanted
      providerDemo = await startDemoServer({ port, host: '127.0.0.1', appId: providerAppId, apiUrl: server.base, faucetUrl: faucet.faucetUrl })
    }
    // The host's own backend (demo/backend/, on @gatehouse/node): verifies the page's token at /api/me
    // and sends the scheduled payments with the dev app's secret and authorization key: those of the
    // environment (GATEHOUSE_APP_SECRET / GATEHOUSE_AUTHORIZATION_KEY), else a pair registered here
    // and kept in .gatehouse/dev-backend.json.
    let appSecret = process.env.GATEHOUSE_APP_SECRET || undefined
    let authorizationPrivateKey = process.env.GATEHOUSE_AUTHORIZATION_KEY || undefined
    if (!appSecret || !authorizationPrivateKey) {
      ;({ appSecret, authorizationKey: authorizationPrivateKey } = await ensureDevBackendCredentials({
        apiUrl: server.base,
        adminToken: await devAdminToken(stateDir),
        appId,
        stateDir,
      }))
    }
    backend = await createHostBackend({ appId, apiUrl: server.base, appSecret, authorizationPrivateKey })
    demo = await startDemoServer({
      providerAppId,
      port: demoPort,
      host: '127.0.0.1',
      appId,
      apiUrl: server.base,
      faucetUrl: faucet.faucetUrl,
      tokenAddress: faucet.token,
      solanaFaucetUrl: solanaFaucet.faucetUrl,
      backend,
    })
  } catch (error) {
    progress('demo server', 'failed')
    await Promise.all([server.stop(), aa.stop(), chain.close(), solana.close()])
    fail(error.code === 'EADDRINUSE' ? portInUse('DEMO_PORT', demoPort) : String(error.stack ?? error))
  }
  progress('demo server', seconds(performance.now() - started))
}

if (held.length) process.stdout.write(Buffer.concat(held))
held = null
// The app id last: the one thing to copy into a host page.
console.log(`
  Gatehouse is running. Log in on the demo page with any e-mail address: the code is printed
  below and kept in the outbox. New wallets get test ETH and test USDC on the local chain, and
  test SOL and test USDC on the local Solana cluster.
  Ctrl+C stops everything.

    API server   ${server.base}   (development outbox: ${server.base}/dev/outbox)
    Console      ${consoleLink.link ?? consoleLink.url}${consoleLink.link ? '   (works once: sign in with your e-mail and become the first owner)' : ''}
    Demo page    ${demo.url}/   (the same in Vue 3, Svelte 5, React 19, Angular: ${demo.url}/vue/, /svelte/, /react/, /angular/)
${providerDemo ? `    Provider     ${providerDemo.url}/   (the cross-app provider's own demo; 'Log in with Gatehouse Wallet' on the demo page uses its account)\n` : ''}    Local chain  ${chain.url}   (chain id 31337)
    Bundler      ${aa.bundlerUrl}   (ERC-4337, EntryPoint ${aa.entryPoint})
    Solana       ${solana.url}   (litesvm, cluster 'localnet')
    App id       ${appId}`)

let stopping = false
const stop = async () => {
  stopping = true
  backend?.close()
  await Promise.all([demo.close(), providerDemo?.close(), server.stop(), aa.stop(), chain.close(), solana.close()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.child.on('exit', (code) => {
  if (stopping) return
  console.error(`The API server stopped (exit code ${code}).`)
  process.exit(code ?? 1)
})

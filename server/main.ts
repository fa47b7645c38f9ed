/**
 * Entry point (`npm run server`): reads the environment, prepares development secrets and
 * the development app, then listens. Everything else lives in app.ts.
 */
import { DEV_IDP_CLIENT, DEV_IDP_PATH } from './routes/dev-idp.js'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildServer } from './app.js'
import { DEV_ON_NETWORK_ENV, devExposureProblem, isLoopbackHost, loadConfig, productionProblems, type ServerConfig } from './config.js'
import { APP_ID_PATTERN, randomToken } from './crypto/hash.js'
import { openDatabase } from './db/connect.js'
import { AppStore } from './services/apps.js'
import { setOutboxEnabled } from './services/events.js'
import { CONSOLE_APP_ID, ensureConsoleApp } from './services/console-app.js'
import { hasServerOwner } from './services/console-owners.js'

/** Reads a development secret from the state dir, creating it on first use. */
function devSecret(config: ServerConfig, file: string): string {
  const path = join(config.stateDir, file)
  if (existsSync(path)) return readFileSync(path, 'utf8').trim()
  mkdirSync(config.stateDir, { recursive: true })
  const value = randomToken(32)
  writeFileSync(path, `${value}\n`, { mode: 0o600 })
  return value
}

/** Hardhat's chain id, the one the development chain runs as. */
const DEV_CHAIN_ID = 31337

async function ensureDevApp(apps: AppStore, config: ServerConfig) {
  const wanted = process.env.GATEHOUSE_DEV_APP_ID
  if (wanted && !APP_ID_PATTERN.test(wanted)) throw new Error('GATEHOUSE_DEV_APP_ID must be 25 lower-case letters or digits')
  const existing = await apps.list()
  // The console's own app is never the development app.
  let app = wanted ? existing.find((a) => a.id === wanted) : existing.find((a) => a.id !== CONSOLE_APP_ID)
  // A newcomer gets an Ethereum and a Solana wallet at first login, secured by automatic recovery.
  const embeddedWallets = { ethereum: { createOnLogin: 'users-without-wallets' }, solana: { createOnLogin: 'users-without-wallets' } } as const
  // smsChannels: the phone screen offers SMS or WhatsApp; both land in the dev outbox. Wallet login
  // works offline with any browser wallet extension (SIWE/SIWS need no chain).
  if (!app)
    app = await apps.create({
      id: wanted || undefined,
      name: 'Gatehouse Demo',
      loginMethods: { email: true, sms: true, passkey: true, wallet: true },
      smsChannels: ['sms', 'whatsapp'],
      passkeysForSignupEnabled: true,
      embeddedWallets,
    })
  // The social buttons work offline through the local identity provider (/dev/idp).
  if (!app.settings.oauth?.google) {
    app = (await apps.update(app.id, {
      loginMethods: { google: true },
      oauth: { google: { ...DEV_IDP_CLIENT, issuer: config.publicUrl + DEV_IDP_PATH } },
      oauthProviderLabels: { google: 'Google (local dev)' },
    }))!
  }
  // `npm start` runs a local chain (scripts/lib/local-chain.mjs): the demo transacts there, nothing leaves the machine.
  const chainUrl = process.env.GATEHOUSE_DEV_CHAIN_URL
  // Its gas is sponsored by a funded development key of that chain, so the demo shows 'Sponsored'.
  const sponsorKey = process.env.GATEHOUSE_DEV_SPONSOR_KEY
  const devChain = app.config.chains.find((c) => c.id === DEV_CHAIN_ID && c.rpcUrl === chainUrl)
  // The demo sponsors from the first minute and guests too: the local chain's ether costs nothing.
  const devSponsorship = {
    privateKey: sponsorKey,
    maxWeiPerTransaction: String(10n ** 16n),
    dailyWeiPerUser: String(10n ** 17n),
    minAccountAgeMinutes: 0,
    allowGuests: true,
  }
  const sponsorshipStale = sponsorKey && (app.settings.gasSponsorship?.privateKey !== sponsorKey || app.settings.gasSponsorship?.minAccountAgeMinutes !== 0)
  if (chainUrl && (!devChain || (sponsorKey && (!devChain.sponsored || sponsorshipStale)))) {
    app = (await apps.update(app.id, {
      chains: [{ id: DEV_CHAIN_ID, name: 'Local chain (Hardhat)', rpcUrl: chainUrl, sponsored: Boolean(sponsorKey) }],
      defaultChain: DEV_CHAIN_ID,
      ...(sponsorKey ? { gasSponsorship: { ...devSponsorship, privateKey: sponsorKey } } : {}),
    }))!
  }
  // Funding on the local chain (demo/fund.html): receive and transfer from a browser wallet need no provider keys.
  if (chainUrl && !app.config.funding.enabled) {
    app = (await apps.update(app.id, { funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedAmount: '0.01' } }))!
  }
  // Smart wallets on the local chain (scripts/lib/account-abstraction.mjs: EntryPoint, factory, paymaster, bundler).
  const devSmartWallets = process.env.GATEHOUSE_DEV_SMART_WALLETS
  if (chainUrl && devSmartWallets) {
    const aa = JSON.parse(devSmartWallets) as { bundlerUrl: string; entryPoint: string; factory: string; paymaster: string }
    const chain = { id: DEV_CHAIN_ID, bundlerUrl: aa.bundlerUrl, entryPoint: aa.entryPoint, factory: aa.factory, paymaster: aa.paymaster }
    const current = app.config.smartWallets.chains.find((c) => c.id === DEV_CHAIN_ID)
    if (
      !app.config.smartWallets.enabled ||
      current?.bundlerUrl !== chain.bundlerUrl ||
      current.factory !== chain.factory ||
      current.paymaster !== chain.paymaster
    ) {
      app = (await apps.update(app.id, { smartWallets: { enabled: true, accountType: 'solady', chains: [chain] } }))!
    }
  }
  // …and a local Solana cluster (scripts/lib/local-solana.mjs, litesvm), named 'localnet'.
  const solanaUrl = process.env.GATEHOUSE_DEV_SOLANA_URL
  const usdcMint = process.env.GATEHOUSE_DEV_SOLANA_USDC_MINT ?? null
  if (solanaUrl && (app.config.solanaCluster?.rpcUrl !== solanaUrl || (app.config.solanaCluster?.usdcMint ?? null) !== usdcMint)) {
    app = (await apps.update(app.id, { solanaCluster: { name: 'localnet', rpcUrl: solanaUrl, usdcMint } }))!
  }
  // scripts/start.mjs reads this to point the demo pages at the app.
  writeFileSync(join(config.stateDir, 'dev-app.json'), `${JSON.stringify({ appId: app.id, name: app.name })}\n`)
  return app
}

/**
 * The demo's cross-app provider (issue 30): a second app whose users' wallets the demo app may use
 * through the provider's popup. `npm start` serves a demo page for it on a second origin.
 */
async function ensureDevProviderApp(
  apps: AppStore,
  config: ServerConfig,
  requester: { id: string; config: { chains: unknown[]; defaultChain: number | null } },
) {
  const NAME = 'Gatehouse Wallet'
  let app = (await apps.list()).find((a) => a.settings.crossAppProvider && a.name === NAME)
  app ??= await apps.create({
    name: NAME,
    loginMethods: { email: true },
    embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
    crossAppProvider: { allowedRequesterAppIds: [requester.id] },
  })
  // The same chains as the demo app, so its users' transactions go to the local chain too.
  if (JSON.stringify(app.config.chains) !== JSON.stringify(requester.config.chains)) {
    const chains = (requester.config.chains as { id: number; name: string; rpcUrl: string | null }[]).map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl }))
    app = (await apps.update(app.id, { chains, defaultChain: requester.config.defaultChain } as never))!
  }
  writeFileSync(join(config.stateDir, 'dev-provider-app.json'), `${JSON.stringify({ appId: app.id, name: app.name })}\n`)
  return app
}

/** Reports a start-up step's time to `npm start`, when it started this process with an IPC channel. */
function progress(step: string, ms: number) {
  process.send?.({ step, ms }, undefined, undefined, () => undefined)
}

async function main() {
  const config = loadConfig()
  const exposure = devExposureProblem(config)
  if (exposure) {
    console.error(exposure)
    process.exit(1)
  }
  if (config.dev && !isLoopbackHost(config.host)) {
    console.warn(`Warning: development mode on HOST=${config.host} (${DEV_ON_NETWORK_ENV}=1): every login code is readable at /dev/outbox from the network.`)
  }
  if (config.dev) {
    mkdirSync(config.stateDir, { recursive: true })
    config.secret ??= devSecret(config, 'secret')
    config.adminToken ??= devSecret(config, 'admin-token')
    config.recoverySecret ??= devSecret(config, 'recovery-secret')
    // Delegations survive a restart of the development server (the signer process creates it, 0600).
    config.signerKeyFile ??= join(config.stateDir, 'signer.key')
  }
  const problems = productionProblems(config)
  if (problems.length) {
    console.error(`Gatehouse cannot start in production:\n  - ${problems.join('\n  - ')}`)
    process.exit(1)
  }

  const migrating = performance.now()
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dbFile: config.dbFile })
  progress('database migrations', performance.now() - migrating)
  // Development: a one-time sign-in link to the console (routes/console.ts), for `npm start` to print,
  // while the server has no owner yet: whoever signs in through it becomes the first.
  const consoleClaim = config.dev && !(await hasServerOwner(database.db)) ? randomToken(24) : null
  const app = await buildServer({ ...config, database, console: { claim: consoleClaim } })
  const devApp = config.dev ? await ensureDevApp(app.gatehouse.apps, config) : null
  if (devApp) await ensureDevProviderApp(app.gatehouse.apps, config, devApp)
  await ensureConsoleApp(app.gatehouse.apps, config)
  const consoleUrl = `${config.publicUrl}/console/`
  const consoleLink = consoleClaim ? `${consoleUrl}#claim=${consoleClaim}` : null
  // scripts/start.mjs prints it; it works once, and only while this process runs.
  if (config.dev) writeFileSync(join(config.stateDir, 'console-link.json'), `${JSON.stringify({ url: consoleUrl, link: consoleLink })}\n`, { mode: 0o600 })

  // Webhook deliveries: every process may run the worker, sharing the work through the database.
  setOutboxEnabled(config.webhooks.outbox)
  const webhookWorker = app.gatehouse.webhooks.worker
  if (config.webhooks.worker) webhookWorker.start()

  const shutdown = async (signal: string) => {
    console.log(`Gatehouse: ${signal}, closing`)
    await webhookWorker.stop()
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  // Started for a test run that shares it across files (scripts/lib/server-process.mjs): the IPC
  // channel closes when that run ends, however it ends, and the server goes with it.
  if (process.env.GATEHOUSE_EXIT_WITH_PARENT === '1' && process.send) process.once('disconnect', () => void shutdown('parent process gone'))

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    console.error(`Port ${config.port} is already in use: set PORT to a free port.`)
    await database.close()
    process.exit(1)
  }
  // Started by `npm start` (scripts/start.mjs), which shows the URLs and the app id itself.
  if (process.send) return
  const store = config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.dbFile}`
  console.log(`Gatehouse API on http://${config.host}:${config.port} (${config.dev ? 'development' : 'production'}, ${store}), public URL ${config.publicUrl}`)
  if (devApp) console.log(`Development app: ${devApp.id} (${devApp.name}); also in ${join(config.stateDir, 'dev-app.json')}`)
  // Logs of a production server are read by more people and systems than its secrets should be.
  if (config.adminToken && !config.dev) {
    console.log('Admin API enabled: its bearer token is the value of GATEHOUSE_ADMIN_TOKEN (not printed).')
  } else if (config.adminToken) {
    const source = process.env.GATEHOUSE_ADMIN_TOKEN ? 'from GATEHOUSE_ADMIN_TOKEN' : `stored in ${join(config.stateDir, 'admin-token')}`
    console.log(`Admin token (${source}): ${config.adminToken}`)
  } else {
    console.log('Admin API disabled: set GATEHOUSE_ADMIN_TOKEN to enable it.')
  }
  if (config.dev) console.log(`Dev outbox: ${config.publicUrl}/dev/outbox`)
  console.log(`Operator console: ${consoleUrl}${consoleLink ? ` (one-time sign-in link, makes you its first owner: ${consoleLink})` : ''}`)
  if (!config.dev && config.ownerEmail) console.log(`Console: ${config.ownerEmail} becomes the first owner when it signs in (GATEHOUSE_OWNER_EMAIL).`)
}

main().catch((error) => {
  console.error('Gatehouse failed to start:', error)
  process.exit(1)
})

/**
 * `npm run screenshots`: every screen of the widget (test/gallery/shots.ts) pictured in light, dark
 * and on a 390 px phone, from the real stack (test/stack.ts: the API server's bundle, SMTP, a local
 * chain), by driving headless Chromium. Writes docs/gallery/index.html with the pictures beside it
 * (not committed) and refreshes the README's few pictures in docs/screenshots/ (committed).
 *
 * The page is test/gallery/harness.ts built from src/ with esbuild: the widget as dist/elements.js
 * is, plus a handle to put a fixture entry on the modal's stack for screens no flow here reaches.
 * It is not part of `npm test` (it takes minutes); test/gallery.test.ts checks the list is complete.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium, type Locator } from 'playwright-core'
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { encodeFunctionData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
// @ts-expect-error plain ES module shared with the tests
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs'
import { deployTestContracts } from '../e2e/eth-helpers.ts'
import { submitEmail, typeCode } from '../e2e/helpers.ts'
import { startLocalChain } from '../evm.ts'
import { deployIdRegistry, parseConnectUri, relayAuthenticate, signSiwf, startSignedKeyRequestService } from '../farcaster.ts'
import { startCoinbaseStandIn, startMoonpayStandIn } from '../funding-stand-ins.ts'
import { startStack } from '../stack.ts'
import { startLocalSolana } from '../svm.ts'
import { ADDRESS, FACES, PROMPTS, README_SHOTS, SCREENS, STATES, VARIANTS, type How } from './shots.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const out = `${root}docs/gallery/`
const readmeDir = `${root}docs/screenshots/`
const started = performance.now()
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
const log = (line: string) => console.log(`  ${elapsed().padStart(8)}  ${line}`)

interface Row {
  id: string
  how: string
  /** Why a picture is missing or may not show the screen itself. */
  note?: string
  shots: string[]
}
const rows: Row[] = []

// 1. The page: the harness bundle (one file: the screens' chunks inlined) and an HTML host that
// records the widget's events as the demo page does.
const bundle = await build({
  entryPoints: [fileURLToPath(new URL('./harness.ts', import.meta.url))],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  minify: false,
  sourcemap: false,
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfig: `${root}tsconfig.json`,
  logLevel: 'error',
})
const script = bundle.outputFiles[0]!.text
log(`harness built (${(script.length / 1024).toFixed(0)} KB)`)

// 2. The stack: server, SMTP, a local chain and a local Solana cluster for the transaction sheets,
// and the Farcaster signer's pieces the e2e tests use (test/e2e/farcaster-signer.e2e.test.ts): the
// IdRegistry on the local chain, the app's own fid (its custody key held by the server) and the
// signed-key-request service stand-in.
const chain = await startLocalChain()
const registry = await deployIdRegistry(chain)
const appCustodyKey = generatePrivateKey()
const appCustody = privateKeyToAccount(appCustodyKey).address
const appFid = await registry.register(appCustody)
const [stack, sol, moonpay, coinbase, signerService] = await Promise.all([
  startStack({ env: { FARCASTER_RPC_URL: chain.url, FARCASTER_ID_REGISTRY_ADDRESS: registry.address } }),
  startLocalSolana(),
  startMoonpayStandIn(),
  startCoinbaseStandIn(),
  startSignedKeyRequestService((fid) => (fid === appFid ? appCustody : null)),
])
const app = await stack.createApp({
  name: 'Gallery',
  embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
  chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
  defaultChain: 31337,
  // The Solana wallet is created after the screens (step 5), so every screen shows the Ethereum one.
  solanaCluster: { name: 'localnet', rpcUrl: sol.url },
  funding: {
    enabled: true,
    options: [{ method: 'card', provider: 'moonpay' }, { method: 'exchange', provider: 'coinbase' }, { method: 'wallets' }],
    defaultRecommendedCurrency: { chain: 'eip155:31337', asset: 'native-currency' },
    defaultRecommendedAmount: '0.05',
    useSandbox: true,
  },
  // The card and exchange providers' stand-ins (test/funding-stand-ins.ts), as in the funding tests.
  fundingProviders: {
    moonpay: {
      sandboxPublishableKey: moonpay.keys.publishableKey,
      sandboxSecretKey: moonpay.keys.secretKey,
      sandboxWidgetUrl: moonpay.url,
      apiUrl: moonpay.url,
    },
    coinbase: { apiKeyName: coinbase.apiKeyName, apiKeySecret: coinbase.apiKeySecret, apiUrl: coinbase.url, payUrl: coinbase.url },
  },
  // Server-side only (nothing on screen): the app's Farcaster account that signs the signer requests.
  farcasterSigner: { fid: appFid, custodyPrivateKey: appCustodyKey, apiUrl: signerService.url },
})
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gatehouse gallery</title><style>body{margin:0;font:14px system-ui;background:#f4f4f7}</style></head><body>
<auth-modal app-id="${app.id}" api-url="${stack.apiUrl}"></auth-modal><sign-prompt cancellable></sign-prompt>
<script>window.gatehouseEvents=[];for(const t of ['auth-ready','auth-success','modal-open','modal-close','wallet-created'])document.addEventListener(t,(e)=>gatehouseEvents.push({type:t}))</script>
<script type="module" src="/harness.js"></script></body></html>`
const host = createServer((req, res) => {
  if (req.url === '/harness.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
  else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
})
await new Promise<void>((ok) => host.listen(0, '127.0.0.1', ok))
const pageUrl = `http://localhost:${(host.address() as AddressInfo).port}/`
log(`stack up: API ${stack.apiUrl}, page ${pageUrl}`)

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH as string, headless: true, args: CHROMIUM_ARGS as string[] })
// Reduced motion: every picture is the screen at rest, not a frame of its opening animation.
const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: VARIANTS[0].width, height: VARIANTS[0].height }, deviceScaleFactor: 1 })
const page = await context.newPage()
page.setDefaultTimeout(20000)

rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
mkdirSync(readmeDir, { recursive: true })

const modal = page.locator('auth-modal')
const prompt = page.locator('sign-prompt')

/** The names of the screens showing in `tag`'s dialog (status screens nest their states). */
const showing = (tag: 'auth-modal' | 'sign-prompt') =>
  page.evaluate(
    (t) => [...(document.querySelector(t)?.shadowRoot?.querySelectorAll('[part~="dialog"] [data-screen]') ?? [])].map((e) => e.getAttribute('data-screen')),
    tag,
  )

/**
 * Waits until `tag` shows a screen other than the loading one (a status screen may stay on its
 * waiting state: that is its picture) and the page has painted it; false when it never did.
 */
async function settle(tag: 'auth-modal' | 'sign-prompt', want?: (names: (string | null)[]) => boolean, ms = 10000): Promise<boolean> {
  const until = Date.now() + ms
  for (;;) {
    const names = await showing(tag)
    if (names.length && names.some((n) => n !== 'loading') && (!want || want(names))) break
    if (Date.now() > until) return false
    await page.waitForTimeout(100)
  }
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))))
  return true
}

/** Pictures whatever `tag` shows now in each variant; returns the file names. */
async function shoot(id: string, tag: 'auth-modal' | 'sign-prompt'): Promise<string[]> {
  const files: string[] = []
  // The pointer rests off the dialog: a control the driver last clicked is not pictured hovered.
  await page.mouse.move(0, 0)
  for (const variant of VARIANTS) {
    await page.setViewportSize({ width: variant.width, height: variant.height })
    await page.evaluate((theme) => document.querySelectorAll('auth-modal, sign-prompt').forEach((e) => e.setAttribute('theme', theme)), variant.theme)
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    const file = `${id}-${variant.id}.png`
    const dialog: Locator = page.locator(`${tag} [part~="dialog"]`).first()
    if (variant.id === 'phone') await page.screenshot({ path: out + file })
    else await dialog.screenshot({ path: out + file })
    files.push(file)
  }
  return files
}

async function closeModal() {
  await page.evaluate(() => (document.querySelector('auth-modal') as unknown as { close(): void }).close())
  await page.waitForFunction(() => !document.querySelector('auth-modal')?.shadowRoot?.querySelector('[part~="dialog"]'))
}

async function record(id: string, how: string, tag: 'auth-modal' | 'sign-prompt', reached: boolean, note?: string) {
  const shots = await shoot(id, tag)
  const names = (await showing(tag)).filter((n) => n !== 'loading')
  const fullNote = [note, reached ? '' : `did not leave the loading state in time (showing: ${names.join(', ') || 'loading'})`].filter(Boolean).join('; ')
  rows.push({ id, how, shots, note: fullNote || undefined })
  log(`${id.padEnd(36)} ${how}${fullNote ? `  (${fullNote})` : ''}`)
}

// 3. The flows: landing, e-mail, code, signed in with a new embedded wallet.
await page.goto(pageUrl)
await page.waitForFunction(() => (window as unknown as { gatehouseEvents?: { type: string }[] }).gatehouseEvents?.some((e) => e.type === 'auth-ready'))
await page.evaluate(() => (document.querySelector('auth-modal') as unknown as { open(): void }).open())
await record('landing', 'flow: open()', 'auth-modal', await settle('auth-modal', (n) => n.includes('landing')))
const email = `gallery.${Date.now()}@example.com`
const field = modal.getByRole('textbox', { name: 'Email address' })
await field.fill(email)
await field.press('Enter')
await record('code', 'flow: e-mail submitted', 'auth-modal', await settle('auth-modal', (n) => n.includes('code')))
const code = await stack.nextCode(email)
// A wrong code first: the code screen with its error (the boxes empty again for the right one).
await modal.getByRole('textbox', { name: 'Digit 1' }).click()
await page.keyboard.type(code === '000000' ? '111111' : '000000')
await modal.getByText('Invalid or expired verification code').waitFor()
await page.waitForFunction(() =>
  [...(document.querySelector('auth-modal')?.shadowRoot?.querySelectorAll<HTMLInputElement>('input[aria-label^="Digit"]') ?? [])].every((i) => i.value === ''),
)
await record('code-error', 'flow: a wrong code typed', 'auth-modal', await settle('auth-modal', (n) => n.includes('code')))
await modal.getByRole('textbox', { name: 'Digit 1' }).click()
await page.keyboard.type(code)
await page.waitForFunction(
  () => (window as unknown as { gatehouseEvents: { type: string }[] }).gatehouseEvents.some((e) => e.type === 'wallet-created'),
  undefined,
  { timeout: 60000 },
)
await page.waitForFunction(() => !document.querySelector('auth-modal')?.shadowRoot?.querySelector('[part~="dialog"]'), undefined, { timeout: 30000 })
const address = await page.evaluate(
  () =>
    (
      document.querySelector('auth-modal') as unknown as { user: { linkedAccounts: { type: string; chainType?: string; address?: string }[] } }
    ).user.linkedAccounts.find((a) => a.type === 'wallet' && a.chainType !== 'solana')?.address,
)
log(`signed in as ${email}, embedded wallet ${address}`)

// 4. Every other screen of the router: by a host call where one opens it, else by its fixture.
for (const [id, how] of Object.entries(SCREENS) as [string, How][]) {
  if (how.how === 'flow') continue
  // Pictured in step 5c, once the user has a Farcaster account (it needs one to ask for a signer).
  if (id === 'farcaster-signer') continue
  try {
    if (how.how === 'call') {
      await closeModal()
      await page.evaluate((body) => {
        const run = new Function('modal', `return (${body})`) as (m: Element | null) => Promise<unknown>
        void Promise.resolve(run(document.querySelector('auth-modal'))).catch(() => {})
      }, how.call)
      // A host call opens its screen a moment after it is made, on the landing's stack.
      const reached = await settle('auth-modal', (n) => !n.includes('landing'))
      const opened = await page.evaluate(() => window.gallery.current())
      await record(id, `call: ${how.call}`, 'auth-modal', reached, opened === id ? undefined : `the call opened '${opened}', not '${id}'`)
    } else {
      const entry = JSON.parse(
        JSON.stringify(how.entry)
          .split(ADDRESS)
          .join(address ?? ADDRESS),
      )
      await page.evaluate((e) => window.gallery.show(e), entry)
      await record(id, 'fixture', 'auth-modal', await settle('auth-modal'))
    }
  } catch (error) {
    rows.push({ id, how: how.how, shots: [], note: `not pictured: ${(error as Error).message.split('\n')[0]}` })
    log(`${id.padEnd(36)} NOT PICTURED: ${(error as Error).message.split('\n')[0]}`)
  }
}

// 4b. The screens' other faces (shots.ts FACES): the fixture with the store its flow would fill.
for (const face of FACES) {
  try {
    await closeModal()
    await page.evaluate(({ entry, delegation }) => window.gallery.show(entry, { delegation }), face)
    await record(face.id, 'fixture, with its store', 'auth-modal', await settle('auth-modal', (n) => n.includes(face.id)))
  } catch (error) {
    rows.push({ id: face.id, how: 'fixture', shots: [], note: `not pictured: ${(error as Error).message.split('\n')[0]}` })
    log(`${face.id.padEnd(36)} NOT PICTURED: ${(error as Error).message.split('\n')[0]}`)
  }
}

// 5. The confirmation sheets of <sign-prompt>: a transaction from the funded wallet, a message.
await closeModal()
const calls: Record<(typeof PROMPTS)[number], string> = {
  'transaction-confirm': `modal.sendTransaction({ to: '0x000000000000000000000000000000000000bEEF', value: 10n ** 15n })`,
  'sign-message': `modal.signMessage({ message: 'Welcome to Gallery! Sign to prove you own this wallet.' })`,
}
const deployer = privateKeyToAccount(chain.deployerKey).address
if (address && deployer) await chain.request('eth_sendTransaction', [{ from: deployer, to: address, value: `0x${(10n ** 18n).toString(16)}` }])
for (const id of PROMPTS) {
  try {
    await page.evaluate((body) => {
      const run = new Function('modal', `return (${body})`) as (m: Element | null) => Promise<unknown>
      void Promise.resolve(run(document.querySelector('auth-modal'))).catch(() => {})
    }, calls[id])
    await record(id, `call: ${calls[id]}`, 'sign-prompt', await settle('sign-prompt', (n) => n.includes(id), 30000))
  } catch (error) {
    rows.push({ id, how: 'call', shots: [], note: `not pictured: ${(error as Error).message.split('\n')[0]}` })
    log(`${id.padEnd(36)} NOT PICTURED: ${(error as Error).message.split('\n')[0]}`)
  }
  // Declined, as a user would (the demo's sheet is cancellable): the next sheet starts from nothing.
  await prompt
    .getByRole('button', { name: /not now|cancel|close/i })
    .first()
    .click({ timeout: 5000 })
    .catch(() => {})
  await page
    .waitForFunction(() => !document.querySelector('sign-prompt')?.shadowRoot?.querySelector('[part~="dialog"]'), undefined, { timeout: 5000 })
    .catch(() => {})
}

// 5b. The states a reviewer needs (test/gallery/shots.ts STATES), by flow: a transaction through to
// 'Transaction complete!', a reverted call to its error screen, the Solana confirmation.
const start = (body: string) =>
  page.evaluate((b) => {
    const run = new Function('modal', `return (${b})`) as (m: Element | null) => Promise<unknown>
    void Promise.resolve(run(document.querySelector('auth-modal'))).catch(() => {})
  }, body)
const dismissPrompt = async () => {
  await prompt
    .getByRole('button', { name: /not now|all done|close/i })
    .first()
    .click({ timeout: 5000 })
    .catch(() => {})
  await page
    .waitForFunction(() => !document.querySelector('sign-prompt')?.shadowRoot?.querySelector('[part~="dialog"]'), undefined, { timeout: 5000 })
    .catch(() => {})
}
const states: Record<(typeof STATES)[number], (() => Promise<void>) | null> = {
  'code-error': null,
  'transaction-success': async () => {
    const body = `modal.sendTransaction({ to: '0x000000000000000000000000000000000000bEEF', value: 10n ** 14n })`
    await start(body)
    await prompt.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await record('transaction-success', `flow: ${body}, Approve`, 'sign-prompt', await settle('sign-prompt', (n) => n.includes('transaction-success'), 30000))
  },
  'transaction-error': async () => {
    const { reverter, reverterAbi } = await deployTestContracts(chain)
    const data = encodeFunctionData({ abi: reverterAbi, functionName: 'fail', args: [] } as never)
    // An explicit gas limit skips estimation (which would see the revert): the call is mined and reverts.
    const body = `modal.sendTransaction({ to: '${reverter}', data: '${data}', gas: 100000n })`
    await start(body)
    await prompt.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await record(
      'transaction-error',
      `flow: ${body}, Approve (reverts)`,
      'sign-prompt',
      await settle('sign-prompt', (n) => n.includes('transaction-error'), 30000),
    )
  },
  'cross-app-consent': async () => {
    // A provider app that lets this one connect; the signed-in user links its account in the provider's popup.
    const { id: provider } = await stack.createApp({ name: 'Provider Wallet', embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
    await stack.patchApp(provider, { crossAppProvider: { allowedRequesterAppIds: [app.id] } })
    const opened = context.waitForEvent('page')
    await start(`modal.linkCrossAppAccount({ appId: '${provider}' })`)
    const popup = await opened
    await popup.waitForURL(/\/cross-app\/connect/)
    const email = `gallery.provider.${Date.now()}@example.com`
    await submitEmail(popup, email)
    await typeCode(popup, await stack.nextCode(email))
    await popup.getByText('Gallery wants to use your account and wallet').waitFor({ timeout: 60000 })
    // The popup is its own page at the size the widget opens it (440 × 680), with no theme of its own: one picture.
    await popup.mouse.move(0, 0)
    const file = 'cross-app-consent-light.png'
    await popup.screenshot({ path: out + file })
    rows.push({
      id: 'cross-app-consent',
      how: `flow: modal.linkCrossAppAccount({ appId: <provider> }), provider login in its popup`,
      shots: [file],
      note: 'the popup page (440 × 680) has no dark or phone layout of its own',
    })
    log(`${'cross-app-consent'.padEnd(36)} flow: the provider's popup`)
    await popup
      .getByRole('button', { name: 'Cancel' })
      .click({ timeout: 5000 })
      .catch(() => popup.close())
    await closeModal().catch(() => {})
  },
  'transaction-sponsored': null,
  'solana-transaction-confirm': async () => {
    await page.evaluate(() =>
      (document.querySelector('auth-modal') as unknown as { createWallet(p: object): Promise<unknown> }).createWallet({ chainType: 'solana' }),
    )
    const solana = await page.evaluate(
      () =>
        (
          document.querySelector('auth-modal') as unknown as { user: { linkedAccounts: { type: string; chainType?: string; address?: string }[] } }
        ).user.linkedAccounts.find((a) => a.type === 'wallet' && a.chainType === 'solana')?.address,
    )
    if (!solana) throw new Error('no Solana wallet was created')
    await sol.airdrop(solana, 2_000_000_000)
    const { value } = (await sol.request('getLatestBlockhash')) as { value: { blockhash: string } }
    const from = new PublicKey(solana)
    const to = new PublicKey('11111111111111111111111111111112')
    const tx = new Transaction({ feePayer: from, recentBlockhash: value.blockhash }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 50_000_000 }),
    )
    const bytes = JSON.stringify([...tx.serialize({ requireAllSignatures: false, verifySignatures: false })])
    await start(`modal.sendTransaction(new Uint8Array(${bytes}))`)
    await record(
      'solana-transaction-confirm',
      'flow: modal.sendTransaction(<a SOL transfer>) from a Solana wallet (local litesvm cluster)',
      'sign-prompt',
      await settle('sign-prompt', (n) => n.includes('solana-transaction-confirm'), 30000),
    )
  },
}
for (const id of STATES) {
  const run = states[id]
  if (!run) continue
  try {
    await run()
  } catch (error) {
    rows.push({ id, how: 'flow', shots: [], note: `not pictured: ${(error as Error).message.split('\n')[0]}` })
    log(`${id.padEnd(36)} NOT PICTURED: ${(error as Error).message.split('\n')[0]}`)
  }
  await dismissPrompt()
}

// 5c. After a reload with two more settings (both would change the pictures above: a Farcaster button
// on the landing, 'Sponsored' on the confirmation): Farcaster login on, to link the user's fid, then
// 'Add a signer to Farcaster' waiting on its QR code; the local chain sponsored, for the confirmation
// of a transaction whose fee the app pays.
async function reloadSignedIn() {
  await page.reload()
  await page.waitForFunction(() => (window as unknown as { gatehouseEvents?: { type: string }[] }).gatehouseEvents?.some((e) => e.type === 'auth-ready'))
  await page.waitForFunction(() => Boolean((document.querySelector('auth-modal') as unknown as { user?: unknown } | null)?.user))
}
try {
  await stack.patchApp(app.id, {
    loginMethods: { email: true, farcaster: true },
    chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url, sponsored: true }],
    gasSponsorship: {
      privateKey: generatePrivateKey(),
      maxWeiPerTransaction: String(10n ** 16n),
      dailyWeiPerUser: String(10n ** 17n),
      minAccountAgeMinutes: 0,
    },
  })
  await reloadSignedIn()
  // The user links a new fid: the test plays the Farcaster app, as the e2e tests do.
  await start('modal.linkFarcaster()')
  const connectUri = modal.locator('[data-connect-uri]').first()
  await connectUri.waitFor({ timeout: 30000 })
  const connect = parseConnectUri((await connectUri.getAttribute('data-connect-uri'))!)
  const custody = privateKeyToAccount(generatePrivateKey())
  const fid = await registry.register(custody.address)
  await relayAuthenticate(stack.apiUrl, connect.channelToken, { ...(await signSiwf(custody, fid, connect)), fid, username: `gallery${fid}` })
  await page.waitForFunction(
    () => Boolean((document.querySelector('auth-modal') as unknown as { user?: { farcaster?: unknown } }).user?.farcaster),
    undefined,
    {
      timeout: 30000,
    },
  )
  await closeModal().catch(() => {})
  await page.evaluate(() => window.gallery.show({ name: 'farcaster-signer' }))
  // The waiting state: the request's approval URL drawn as the 275 px QR code.
  await modal.locator('[data-screen="farcaster-signer"][data-status="awaiting"] [part="farcaster-qr"] img').waitFor({ timeout: 30000 })
  await record(
    'farcaster-signer',
    "fixture, after linking a Farcaster account (the signed-key-request service's stand-in answers)",
    'auth-modal',
    await settle('auth-modal', (n) => n.includes('farcaster-signer')),
  )
} catch (error) {
  rows.push({ id: 'farcaster-signer', how: 'fixture', shots: [], note: `not pictured: ${(error as Error).message.split('\n')[0]}` })
  log(`${'farcaster-signer'.padEnd(36)} NOT PICTURED: ${(error as Error).message.split('\n')[0]}`)
}
try {
  await closeModal().catch(() => {})
  const body = `modal.sendTransaction({ to: '0x000000000000000000000000000000000000bEEF', value: 10n ** 14n })`
  await start(body)
  await prompt.getByText('Sponsored', { exact: true }).waitFor({ timeout: 30000 })
  await record(
    'transaction-sponsored',
    `flow: ${body} on a sponsored chain`,
    'sign-prompt',
    await settle('sign-prompt', (n) => n.includes('transaction-confirm'), 30000),
    "the screen a smart wallet's sponsored operation shows; the app's gas sponsorship stands in for the bundler and paymaster, which the gallery does not run",
  )
} catch (error) {
  rows.push({ id: 'transaction-sponsored', how: 'flow', shots: [], note: `not pictured: ${(error as Error).message.split('\n')[0]}` })
  log(`${'transaction-sponsored'.padEnd(36)} NOT PICTURED: ${(error as Error).message.split('\n')[0]}`)
}
await dismissPrompt()

// 6. The gallery page, and the README's pictures.
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
const page_ = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatehouse screens</title>
<style>body{font:14px system-ui;margin:24px;color:#111}table{border-collapse:collapse}td,th{border-top:1px solid #ddd;padding:12px;vertical-align:top;text-align:left}
img{max-width:380px;border:1px solid #eee}td.dark{background:#1a1a1f}code{font-size:12px}.note{color:#a15c00;max-width:260px}</style></head><body>
<h1>Gatehouse: every screen</h1>
<p>${rows.length} screens and sheets, generated by <code>npm run screenshots</code> on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${elapsed()}.
'flow' and 'call' screens were reached as a user reaches them; 'fixture' screens were put on the modal's stack with the entry of test/gallery/shots.ts (real stores of a signed-in user, no flow of their own).</p>
<table><tr><th>Screen</th>${VARIANTS.map((v) => `<th>${v.id}</th>`).join('')}</tr>
${rows
  .map(
    (r) =>
      `<tr id="${r.id}"><td><strong>${r.id}</strong><br><code>${escape(r.how)}</code>${r.note ? `<p class="note">${escape(r.note)}</p>` : ''}</td>${VARIANTS.map(
        (v) => {
          const file = r.shots.find((f) => f.endsWith(`-${v.id}.png`))
          return `<td class="${v.id}">${file ? `<a href="${file}"><img src="${file}" alt="${r.id}, ${v.id}" loading="lazy"></a>` : '—'}</td>`
        },
      ).join('')}</tr>`,
  )
  .join('\n')}
</table></body></html>`
writeFileSync(`${out}index.html`, page_)
for (const shot of README_SHOTS) {
  const file = `${shot}.png`
  if (readdirSync(out).includes(file)) copyFileSync(out + file, readmeDir + file)
}
const missing = rows.filter((r) => !r.shots.length).map((r) => r.id)
log(
  `${rows.length} screens, ${rows.reduce((n, r) => n + r.shots.length, 0)} pictures: ${out}index.html${missing.length ? `; not pictured: ${missing.join(', ')}` : ''}`,
)

await browser.close()
host.close()
await Promise.all([chain.close(), sol.close(), moonpay.close(), coinbase.close(), signerService.close()])
process.exit(missing.length ? 1 : 0)

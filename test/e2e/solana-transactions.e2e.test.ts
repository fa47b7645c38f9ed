/**
 * Solana transactions end to end: the demo page in Chromium, the real server, the wallet frame, and
 * a real local Solana cluster (litesvm behind the Solana JSON-RPC wire format). A new user's
 * embedded Solana wallet signs and sends through the confirmation screen; balances are read back
 * from the cluster.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { ed25519 } from '@noble/curves/ed25519'
import { createAssociatedTokenAccountInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction, type TransactionInstruction } from '@solana/web3.js'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { landingChunks } from '../../bench/landing.mjs'
import { launchBrowser } from '../browser.ts'
import { startPriceSource, type StandIn } from '../scan-and-price-standins.ts'
import { startStack, type Stack } from '../stack.ts'
import { createTestMint, mintTestTokens, startLocalSolana, type LocalSolana } from '../svm.ts'
import { injectSolanaWallet, newSolanaWallet } from '../wallets.ts'
// @ts-expect-error plain ES modules shared with `npm start`
import { startSolanaFaucet } from '../../scripts/lib/local-solana.mjs'
// @ts-expect-error plain ES module
import { startDemoServer } from '../../demo/serve.mjs'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { settled, settledYet, startTx, txPrompt } from './eth-helpers.ts'
import { login, wallets } from './wallet-helpers.ts'

const SOL = 1_000_000_000

describe('Solana transactions from the embedded wallet', () => {
  let stack: Stack
  let browser: Browser
  let sol: LocalSolana
  let prices: StandIn
  let page: Page
  let address: string
  let currentAppId: string
  const scripts: string[] = []

  /** An unsigned legacy transaction paid by the wallet, over the cluster's latest blockhash, as the byte list the page turns into a Uint8Array. */
  async function txBytes(...instructions: TransactionInstruction[]): Promise<string> {
    const { value } = (await sol.request('getLatestBlockhash')) as { value: { blockhash: string } }
    const tx = new Transaction({ feePayer: new PublicKey(address), recentBlockhash: value.blockhash }).add(...instructions)
    return `new Uint8Array(${JSON.stringify([...tx.serialize({ requireAllSignatures: false, verifySignatures: false })])})`
  }
  const transfer = (to: PublicKey, lamports: number) => SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports })
  const balance = async (key: PublicKey) => ((await sol.request('getBalance', [key.toBase58()])) as { value: number }).value
  const row = (name: string) => txPrompt(page).locator('.tx-row', { hasText: name }).textContent()

  beforeAll(async () => {
    prices = await startPriceSource({ solana: 150 })
    ;[stack, browser, sol] = await Promise.all([
      startStack({ env: { GATEHOUSE_PRICE_SOURCE_URL: `${prices.url}/api/v3/simple/price` } }),
      launchBrowser(),
      startLocalSolana(),
    ])
    ;({ id: currentAppId } = await stack.createApp({
      name: 'Sol Demo',
      embeddedWallets: { solana: { createOnLogin: 'users-without-wallets' } },
      solanaCluster: { name: 'localnet', rpcUrl: sol.url },
    }))
    page = await (await browser.newContext()).newPage()
    page.on('response', (response) => void (/\.js$/.test(new URL(response.url()).pathname) && scripts.push(new URL(response.url()).pathname)))
    await login(page, stack, 'sol.owner@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    address = (await wallets(page)).find((w) => w.chainType === 'solana')!.address
    await sol.airdrop(address, 2 * SOL)
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await sol?.close()
    await prices?.close()
  })

  it('@solana/web3.js is in no landing chunk, and the page fetched no Solana transaction code before the first call', async () => {
    const dist = new URL('../../dist/', import.meta.url).pathname
    const { files } = (await landingChunks(dist)) as { files: { file: string }[] }
    for (const { file } of files) {
      const map = JSON.parse(readFileSync(`${dist}${file}.map`, 'utf8')) as { sources: string[] }
      expect(
        map.sources.filter((s) => s.includes('@solana/web3.js')),
        file,
      ).toEqual([])
    }
    // Login and wallet creation fetched no chunk carrying web3.js (the Wallet Standard registration is small).
    const withWeb3 = scripts
      .filter((s) => s.startsWith('/dist/'))
      .filter((s) => {
        const map = JSON.parse(readFileSync(`${dist}${s.replace(/^\/dist\//, '')}.map`, 'utf8')) as { sources: string[] }
        return map.sources.some((source) => source.includes('@solana/web3.js'))
      })
    expect(withWeb3).toEqual([])
    expect(scripts.filter((s) => /\/SolanaTransactionView-[^/]*\.js$/.test(s))).toEqual([])
  })

  it('a new user sends SOL through the confirmation screen; the recipient has it on chain', async () => {
    const after = await eventCount(page)
    const recipient = Keypair.generate().publicKey
    await startTx(page, `modal.sendTransaction(${await txBytes(transfer(recipient, SOL / 2))}).then((r) => ({ signature: r.signature }))`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 30000 })
    // SOL at $150 in the price stand-in (token_price, chain id 0): 0.5 SOL is $75.00.
    await expect.poll(() => row('Amount')).toBe('Amount0.5 SOL ($75.00)')
    expect(await row('Network')).toBe('NetworkSolana (localnet)')
    // The recipient shows without opening 'Advanced', linked to the cluster's explorer page.
    const to = txPrompt(page).locator('.tx-row', { has: page.locator('dt', { hasText: /^To$/ }) })
    expect(await to.locator('[title]').getAttribute('title')).toBe(recipient.toBase58())
    expect(await to.getByRole('link').getAttribute('href')).toMatch(
      new RegExp(`^https://explorer\\.solana\\.com/address/${recipient.toBase58()}\\?cluster=custom`),
    )
    expect(await screen.locator('[part="transaction-instructions"]').count()).toBe(0)
    // 5000 lamports from getFeeForMessage: under 0.001 SOL and under a cent (spec §9).
    expect(await row('Estimated fee')).toBe('Estimated fee<0.001 SOL (<$0.01)')
    await screen.locator('[part="balance-card"]').getByText('Balance 2 SOL').waitFor()
    await expectNoAxeViolations(page, 'Solana transaction confirmation', 'sign-prompt')
    await screen.getByRole('button', { name: 'Advanced' }).click()
    expect(await screen.locator('[part="transaction-instructions"] li').evaluateAll((li) => li.map((l) => l.getAttribute('data-type')))).toEqual([
      'sol-transfer',
    ])
    await expectNoAxeViolations(page, 'Solana transaction instructions (Advanced)', 'sign-prompt')
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByText('Transaction complete!').waitFor({ timeout: 30000 })
    const { signature } = (await settled(page)).ok as { signature: string }
    // 'Transaction complete!' shows the signature with its explorer link.
    expect(await screen.locator('[part="transaction-hash"] code').getAttribute('title')).toBe(signature)
    expect(await screen.getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toMatch(
      new RegExp(`^https://explorer\\.solana\\.com/tx/${signature}\\?cluster=custom`),
    )
    await expectNoAxeViolations(page, 'Solana transaction complete', 'sign-prompt')
    await screen.getByRole('button', { name: 'All Done' }).click()
    expect(await balance(recipient)).toBe(SOL / 2)
    const status = (await sol.request('getSignatureStatuses', [[signature]])) as { value: [{ err: unknown } | null] }
    expect(status.value[0]).toMatchObject({ err: null })
    const event = await waitForHostEvent(page, 'tx-success', { after })
    expect(event.detail).toMatchObject({ method: 'solana_signAndSendTransaction', address, chainId: 'solana:localnet', hash: signature })
  })

  it("the host gets { signature } and tx-success once the cluster confirmed, while the success screen still shows; 'All Done' only closes", async () => {
    const after = await eventCount(page)
    const recipient = Keypair.generate().publicKey
    await startTx(page, `modal.sendTransaction(${await txBytes(transfer(recipient, SOL / 1000))}).then((r) => ({ signature: r.signature }))`)
    const screen = txPrompt(page)
    await screen.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await screen.getByText('Transaction complete!').waitFor({ timeout: 30000 })
    // Nobody clicks 'All Done': the promise has settled and the event fired all the same.
    await expect.poll(() => settledYet(page), { timeout: 15000 }).toBe(true)
    const { signature } = (await settled(page)).ok as { signature: string }
    expect(await balance(recipient)).toBe(SOL / 1000)
    const event = await waitForHostEvent(page, 'tx-success', { after })
    expect(event.detail).toMatchObject({ method: 'solana_signAndSendTransaction', hash: signature })
    expect(await screen.getByRole('button', { name: 'All Done' }).isVisible()).toBe(true)
    await screen.getByRole('button', { name: 'All Done' }).click()
    await screen.locator('[data-screen]').waitFor({ state: 'detached' })
  })

  it('the widget confirms with confirmTransaction (signature subscription, status, block height) and reads the landed transaction with getParsedTransaction: the host gets its fee and slot', async () => {
    const recipient = Keypair.generate().publicKey
    const from = sol.calls.length
    await startTx(
      page,
      `modal.sendTransaction(${await txBytes(transfer(recipient, SOL / 200))}).then((r) => ({ signature: r.signature, fee: r.fee, slot: r.slot }))`,
    )
    await txPrompt(page).getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await txPrompt(page).getByText('Transaction complete!').waitFor({ timeout: 30000 })
    const result = (await settled(page)).ok as { signature: string; fee: number; slot: number }
    // The fee and slot the host gets are the cluster's record of the landed transaction.
    const record = (await sol.request('getTransaction', [result.signature, { encoding: 'json' }])) as { slot: number; meta: { fee: number } }
    expect(result).toEqual({ signature: result.signature, fee: record.meta.fee, slot: record.slot })
    expect(record.meta.fee).toBe(5000)
    const asked = sol.calls.slice(from)
    // Spec part 3 §7: getBalance, sendRawTransaction (sendTransaction on the wire), getLatestBlockhash,
    // confirmTransaction (signatureSubscribe on the websocket, getSignatureStatuses, getBlockHeight), getParsedTransaction (getTransaction).
    for (const method of [
      'getBalance',
      'sendTransaction',
      'getLatestBlockhash',
      'signatureSubscribe',
      'getSignatureStatuses',
      'getBlockHeight',
      'getTransaction',
    ])
      expect(asked, method).toContain(method)
    expect(asked.indexOf('signatureSubscribe')).toBeGreaterThan(asked.indexOf('sendTransaction'))
    expect(asked.lastIndexOf('getTransaction')).toBeGreaterThan(asked.indexOf('signatureSubscribe'))
    await txPrompt(page).getByRole('button', { name: 'All Done' }).click()
  })

  it("error: a transaction that lands with an error (sent without preflight) shows the landed transaction's log line and its signature; the host gets TRANSACTION_FAILURE", async () => {
    // Fewer tokens than the transfer moves: the Token program fails on chain, and the fee is paid.
    const mint = new PublicKey(createTestMint(sol, { symbol: 'USDC', decimals: 6 }))
    mintTestTokens(sol, mint.toBase58(), address, 1_000_000n)
    const owner = new PublicKey(address)
    const source = getAssociatedTokenAddressSync(mint, owner)
    const target = mintTestTokens(sol, mint.toBase58(), Keypair.generate().publicKey.toBase58(), 0n)
    const bytes = await txBytes(createTransferCheckedInstruction(source, mint, new PublicKey(target), owner, 5_000_000n, 6))
    const before = await balance(owner)
    await startTx(page, `modal.sendTransaction(${bytes}, { transactionOptions: { skipPreflight: true } })`)
    const screen = txPrompt(page)
    await screen.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    // Spec part 3 §8: a log line naming insufficient funds is shown instead of 'Something went wrong.'.
    await screen.getByText('Program log: Error: insufficient funds').waitFor({ timeout: 30000 })
    const signature = await screen.locator('[part="transaction-hash"] code').getAttribute('title')
    const record = (await sol.request('getTransaction', [signature, { encoding: 'json' }])) as { meta: { err: unknown } }
    expect(record.meta.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(await balance(owner)).toBe(before - 5000)
    await screen.getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toMatchObject({
      code: 'TRANSACTION_FAILURE',
      message: expect.stringMatching(/^Program log: Error: insufficient funds\n/),
    })
  })

  it('an SPL transfer with associated token account creation shows both instructions and the token amount', async () => {
    const mint = new PublicKey(createTestMint(sol, { symbol: 'USDC', decimals: 6 }))
    mintTestTokens(sol, mint.toBase58(), address, 100_000_000n)
    const owner = new PublicKey(address)
    const recipient = Keypair.generate().publicKey
    const [from, to] = [getAssociatedTokenAddressSync(mint, owner), getAssociatedTokenAddressSync(mint, recipient)]
    const bytes = await txBytes(
      createAssociatedTokenAccountInstruction(owner, to, recipient, mint),
      createTransferCheckedInstruction(from, mint, to, owner, 2_500_000n, 6),
    )
    await startTx(page, `modal.sendTransaction(${bytes}).then((r) => ({ signature: r.signature }))`)
    const screen = txPrompt(page)
    await expect.poll(() => row('Amount'), { timeout: 30000 }).toBe('Amount2.5 USDC')
    await screen.getByRole('button', { name: 'Advanced' }).click()
    const items = screen.locator('[part="transaction-instructions"] li')
    expect(await items.evaluateAll((li) => li.map((l) => l.getAttribute('data-type')))).toEqual(['ata-creation', 'spl-transfer'])
    expect(await items.nth(0).textContent()).toMatch(/^Create USDC token account for /)
    expect(await items.nth(1).textContent()).toMatch(/^Transfer 2\.5 USDC to /)
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    expect((await settled(page)).ok).toMatchObject({ signature: expect.any(String) })
    const tokens = (await sol.request('getTokenAccountBalance', [to.toBase58()])) as { value: { amount: string } }
    expect(tokens.value.amount).toBe('2500000')
  })

  it("signTransaction signs only: 'Transaction signed!', a valid ed25519 signature, nothing sent", async () => {
    const recipient = Keypair.generate().publicKey
    await startTx(page, `modal.signTransaction(${await txBytes(transfer(recipient, SOL / 10))}).then((r) => Array.from(r.signedTransaction))`)
    await txPrompt(page).getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await txPrompt(page).getByText('Transaction signed!').waitFor({ timeout: 30000 })
    await expectNoAxeViolations(page, 'Solana transaction signed', 'sign-prompt')
    const signed = VersionedTransaction.deserialize(Uint8Array.from((await settled(page)).ok as number[]))
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), new PublicKey(address).toBytes())).toBe(true)
    expect(await balance(recipient)).toBe(0)
  })

  it('error: a transfer beyond the balance shows the add-funds text and a disabled Approve; leaving or headless, the host gets INSUFFICIENT_BALANCE', async () => {
    const bytes = await txBytes(transfer(Keypair.generate().publicKey, 100 * SOL))
    await startTx(page, `modal.sendTransaction(${bytes})`)
    const screen = txPrompt(page)
    await screen.getByText('Add funds on Solana to complete transaction.').waitFor({ timeout: 30000 })
    expect(await screen.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true)
    await expectNoAxeViolations(page, 'Solana insufficient funds', 'sign-prompt')
    await screen.getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: expect.stringMatching(/^Solana wallet has insufficient funds for this transaction\.\n/),
    })
    await startTx(page, `modal.sendTransaction(${bytes}, { uiOptions: { showWalletUIs: false } })`)
    // BaseError: the spec text first, then the details lines.
    expect((await settled(page)).err).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: expect.stringMatching(/^Solana wallet has insufficient funds for this transaction\.\n/),
    })
  })

  it('signAndSendAllTransactions steps through both transactions and confirms both on chain', async () => {
    const [a, b] = [Keypair.generate().publicKey, Keypair.generate().publicKey]
    const list = `[${await txBytes(transfer(a, SOL / 100))}, ${await txBytes(transfer(b, SOL / 50))}]`
    await startTx(page, `modal.signAndSendAllTransactions(${list}).then((r) => r.signatures)`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm transaction (1 / 2)' }).waitFor({ timeout: 30000 })
    await expectNoAxeViolations(page, 'Solana batch confirmation (1 / 2)', 'sign-prompt')
    await screen.getByRole('button', { name: 'Continue' }).click()
    await screen.getByRole('heading', { name: 'Confirm transaction (2 / 2)' }).waitFor()
    await expect.poll(() => row('Amount')).toBe('Amount0.02 SOL ($3.00)')
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    expect((await settled(page)).ok).toHaveLength(2)
    expect([await balance(a), await balance(b)]).toEqual([SOL / 100, SOL / 50])
  })

  it('error: an expired blockhash fails with the spec text; Retry signs over a fresh blockhash and succeeds', async () => {
    const recipient = Keypair.generate().publicKey
    const bytes = await txBytes(transfer(recipient, SOL / 20))
    sol.expireBlockhash()
    await startTx(page, `modal.sendTransaction(${bytes}).then((r) => ({ signature: r.signature }))`)
    const screen = txPrompt(page)
    await screen.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await screen.getByText('Simulation failed: Blockhash not found').waitFor({ timeout: 30000 })
    await expectNoAxeViolations(page, 'Solana transaction error', 'sign-prompt')
    await screen.getByRole('button', { name: 'Retry transaction' }).click()
    await screen.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    expect((await settled(page)).ok).toMatchObject({ signature: expect.any(String) })
    expect(await balance(recipient)).toBe(SOL / 20)
  })

  it('headless (showWalletUIs: false) sends without any screen', async () => {
    const recipient = Keypair.generate().publicKey
    await startTx(
      page,
      `modal.sendTransaction(${await txBytes(transfer(recipient, SOL / 25))}, { uiOptions: { showWalletUIs: false } }).then((r) => ({ signature: r.signature }))`,
    )
    expect((await settled(page)).ok).toMatchObject({ signature: expect.any(String) })
    expect(await txPrompt(page).locator('[data-screen]').count()).toBe(0)
    expect(await balance(recipient)).toBe(SOL / 25)
  })

  it('a Wallet Standard dapp (@wallet-standard/app) finds the embedded wallet, connects, and signs and sends through it', async () => {
    const source = readFileSync(
      createRequire(import.meta.url)
        .resolve('@wallet-standard/app')
        .replace(/cjs\/index\.js$/, 'esm/wallets.js'),
      'utf8',
    )
    await page.addScriptTag({ type: 'module', content: `${source}\nwindow.__getWallets = getWallets` })
    await page.waitForFunction(() => 'wallet-standard-app' in window || (window as any).__getWallets)
    const recipient = Keypair.generate().publicKey
    const bytes = await txBytes(transfer(recipient, SOL / 40))
    await startTx(
      page,
      `(async () => {
        const wallet = window.__getWallets().get().find((w) => w.name === 'Gatehouse')
        const { accounts } = await wallet.features['standard:connect'].connect()
        const [out] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({ account: accounts[0], transaction: ${bytes}, chain: wallet.chains[0] })
        return { account: accounts[0].address, chains: wallet.chains, signatureBytes: out.signature.length, features: Object.keys(wallet.features) }
      })()`,
    )
    await txPrompt(page).getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await txPrompt(page).getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    const result = (await settled(page)).ok as { account: string; chains: string[]; signatureBytes: number; features: string[] }
    expect(result).toMatchObject({ account: address, chains: ['solana:localnet'], signatureBytes: 64 })
    expect(result.features).toEqual(expect.arrayContaining(['solana:signTransaction', 'solana:signAndSendTransaction', 'solana:signMessage']))
    expect(await balance(recipient)).toBe(SOL / 40)
  })

  it("the demo page of `npm start`: the faucet funds a new user's Solana wallet; 'Send SOL' and 'Send 1 USDC (SPL)' go through the screen", async () => {
    const { faucetUrl } = await startSolanaFaucet(sol)
    const demo = await startDemoServer({ port: 0, appId: currentAppId, apiUrl: stack.apiUrl, solanaFaucetUrl: faucetUrl })
    try {
      const demoPage = await (await browser.newContext()).newPage()
      await demoPage.goto(`${demo.url}/`)
      await waitForHostEvent(demoPage, 'auth-ready')
      await demoPage.locator('#login').click()
      await submitEmail(demoPage, 'demo.solana@example.com')
      await typeCode(demoPage, await stack.nextCode('demo.solana@example.com'))
      await waitForHostEvent(demoPage, 'wallet-created', { timeout: 30000 })
      const owner = (await wallets(demoPage)).find((w) => w.chainType === 'solana')!.address
      await expect.poll(() => balance(new PublicKey(owner)), { timeout: 15000 }).toBe(10 * SOL)
      await waitForHostEvent(demoPage, 'modal-close', { timeout: 15000 })
      const funded = (await (await fetch(faucetUrl, { method: 'POST', body: JSON.stringify({ address: owner }) })).json()) as {
        recipient: string
        recipientTokenAccount: string
      }
      const screen = txPrompt(demoPage)
      await demoPage.locator('#send-sol').click()
      await expect.poll(() => screen.locator('.tx-row', { hasText: 'Amount' }).textContent(), { timeout: 30000 }).toMatch(/^Amount0\.01 SOL/)
      await screen.getByRole('button', { name: 'Approve' }).click()
      await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
      await expect.poll(() => demoPage.locator('#sol-tx').textContent()).toMatch(/^send SOL: [1-9A-HJ-NP-Za-km-z]{64,88}$/)
      expect(await balance(new PublicKey(funded.recipient))).toBe(SOL + SOL / 100)
      await demoPage.locator('#send-spl').click()
      await expect.poll(() => screen.locator('.tx-row', { hasText: 'Amount' }).textContent(), { timeout: 30000 }).toBe('Amount1 USDC')
      await screen.getByRole('button', { name: 'Approve' }).click()
      await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
      await expect.poll(() => demoPage.locator('#sol-tx').textContent()).toMatch(/^send USDC: /)
      const tokens = (await sol.request('getTokenAccountBalance', [funded.recipientTokenAccount])) as { value: { amount: string } }
      expect(tokens.value.amount).toBe('1000000')
    } finally {
      await demo.close()
    }
  })

  it('a connected external Solana wallet (Wallet Standard) signs the transaction itself; it is sent to the cluster (spec §6)', async () => {
    await stack.createApp({
      name: 'Sol External',
      loginMethods: { email: true, wallet: true },
      walletChainType: 'solana-only',
      solanaCluster: { name: 'localnet', rpcUrl: sol.url },
    })
    const external = newSolanaWallet()
    await sol.airdrop(external.address, SOL)
    const externalPage = await (await browser.newContext()).newPage()
    await injectSolanaWallet(externalPage, external)
    await externalPage.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(externalPage, 'auth-ready')
    await externalPage.locator('#connect-wallet').click()
    await externalPage
      .locator('auth-modal')
      .getByRole('button', { name: /Test Solana Wallet/ })
      .click()
    await waitForHostEvent(externalPage, 'wallet-connected')
    const recipient = Keypair.generate().publicKey
    const { value } = (await sol.request('getLatestBlockhash')) as { value: { blockhash: string } }
    const tx = new Transaction({ feePayer: new PublicKey(external.address), recentBlockhash: value.blockhash }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(external.address), toPubkey: recipient, lamports: SOL / 8 }),
    )
    const bytes = JSON.stringify([...tx.serialize({ requireAllSignatures: false, verifySignatures: false })])
    await startTx(externalPage, `modal.sendTransaction(new Uint8Array(${bytes}), { address: '${external.address}' }).then((r) => ({ signature: r.signature }))`)
    expect((await settled(externalPage)).ok).toMatchObject({ signature: expect.any(String) })
    expect(await externalPage.evaluate(() => (window as any).__testSolWallet.requests)).toContain('signTransaction')
    expect(await balance(recipient)).toBe(SOL / 8)
  })
})

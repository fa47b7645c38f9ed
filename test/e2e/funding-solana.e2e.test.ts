/**
 * Funding a Solana wallet end to end: the demo page in Chromium, the real server, the wallet frame
 * and a real local Solana cluster (litesvm behind the Solana JSON-RPC wire format) configured as
 * the app's `solanaCluster`. The receive screen reads balances from that cluster, not a public one;
 * 'Transfer from wallet' sends SOL and the test USDC (an SPL mint the app names as its cluster's
 * USDC) from a connected Wallet Standard wallet (test/wallets.ts) there, and bridges from that wallet
 * to an Ethereum address through the relay stand-in (a Solana origin quote signed by the wallet).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { associatedTokenAddress, createTestMint, mintTestTokens, startLocalSolana, type LocalSolana } from '../svm.ts'
import { startRelayStandIn } from '../relay-stand-in.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { settled, startTx, txPrompt } from './eth-helpers.ts'
import { eventCount, modal, waitForHostEvent } from './helpers.ts'
import { injectSolanaWallet, newSolanaWallet } from '../wallets.ts'
import { login, wallets } from './wallet-helpers.ts'
import { CHAIN_ICONS } from '../../src/ui/icons/chainIcons.ts'

const SOL = 1_000_000_000

describe('funding: a Solana wallet on the app cluster', () => {
  let stack: Stack
  let browser: Browser
  let sol: LocalSolana
  let page: Page
  let address: string
  let mint: string
  let relay: Awaited<ReturnType<typeof startRelayStandIn>>
  const source = newSolanaWallet()
  const lamports = async (key: string) => BigInt(((await sol.request('getBalance', [key])) as { value: number }).value)

  const fundingEvent = (type: string, after: number) => waitForHostEvent(page, type, { after, timeout: 30000 })
  const balanceIs = (value: string) =>
    page.waitForFunction(
      (v) => document.querySelector('auth-modal')!.shadowRoot!.querySelector('[part="balance-card"]')?.getAttribute('data-balance') === v,
      value,
      { timeout: 15000 },
    )

  beforeAll(async () => {
    ;[stack, browser, sol] = await Promise.all([startStack(), launchBrowser(), startLocalSolana()])
    relay = await startRelayStandIn(null, sol.url)
    mint = createTestMint(sol)
    await stack.createApp({
      name: 'Sol Funding',
      loginMethods: { email: true, wallet: true },
      walletChainType: 'solana-only',
      embeddedWallets: { solana: { createOnLogin: 'users-without-wallets' } },
      solanaCluster: { name: 'localnet', rpcUrl: sol.url, usdcMint: mint },
      // The Ethereum side of the bridge: a destination chain only (the stand-in settles nothing there).
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: 'http://127.0.0.1:9' }],
      funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedAmount: '0.5', crossChainBridgingEnabled: true },
      fundingProviders: { bridge: { apiUrl: relay.url } },
    })
    // bypassCSP: lets the axe script in (test/e2e/a11y.ts).
    page = await (await browser.newContext({ bypassCSP: true })).newPage()
    await injectSolanaWallet(page, source)
    await login(page, stack, 'sol.funder@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    address = (await wallets(page)).find((w) => w.chainType === 'solana')!.address
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await sol?.close()
    await relay?.close()
  })

  it("fundWallet(<embedded Solana address>): 'Receive funds' shows the QR and the network; SOL sent on the local cluster makes Continue appear and fund-success fire", async () => {
    await sol.airdrop(address, SOL / 10)
    const after = await eventCount(page)
    await page.evaluate(
      (a) =>
        void document
          .querySelector('auth-modal')!
          .fundWallet(a)
          .catch(() => undefined),
      address,
    )
    await modal(page).getByRole('heading', { name: 'Add funds to your Sol Funding wallet' }).waitFor({ timeout: 30000 })
    await modal(page).getByRole('button', { name: 'Receive funds' }).click()
    await modal(page).getByRole('heading', { name: 'Receive 0.5 SOL' }).waitFor()
    await modal(page).getByText('Scan this code or copy your wallet address to receive funds on Solana (localnet).').waitFor()
    await modal(page).getByText('Make sure to send funds on Solana (localnet).').waitFor()
    // Spec part 3 §9: the chain's icon beside the network to send on, Solana's mark once its chunk loaded.
    const icon = modal(page).locator('p', { hasText: 'Make sure to send funds on Solana (localnet).' }).locator('[part="chain-icon"]')
    await icon.and(modal(page).locator('[data-loaded]')).waitFor()
    expect(await icon.getAttribute('data-chain-icon')).toBe('solana')
    expect(await icon.locator('svg path').getAttribute('d')).toBe(CHAIN_ICONS.solana!.d)
    const qr = modal(page).locator('[part="funding-qr"]')
    await qr.waitFor()
    expect(await qr.getAttribute('data-qr-text')).toBe(address)
    expect(await qr.getAttribute('width')).toBe('200')
    // The first read comes from the app's cluster: the 0.1 SOL airdropped there (a public cluster knows nothing of this wallet).
    await balanceIs(String(SOL / 10))
    const card = modal(page).locator('[part="balance-card"]')
    expect(await card.textContent()).toContain('0.1 SOL')
    expect(await card.getAttribute('data-reached')).toBe('false')
    expect(await modal(page).getByRole('button', { name: 'Continue' }).count()).toBe(0)
    await sol.airdrop(address, SOL / 2)
    await modal(page).getByRole('button', { name: 'Continue' }).waitFor({ timeout: 15000 })
    await balanceIs(String(SOL / 10 + SOL / 2))
    expect(await card.getAttribute('data-reached')).toBe('true')
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    const success = await fundingEvent('fund-success', after)
    expect(success.detail).toMatchObject({
      provider: 'manual',
      status: 'completed',
      destinationAddress: address,
      destinationValue: '0.5',
      destinationChain: 'solana:localnet',
      destinationToken: 'SOL',
    })
  })

  it("'Transfer from wallet': a connected external Solana wallet signs a SOL transfer to the embedded wallet; it lands on the local cluster", async () => {
    await sol.airdrop(source.address, SOL)
    const connecting = await eventCount(page)
    await page.evaluate(() => document.querySelector('auth-modal')!.connectWallet())
    await modal(page)
      .getByRole('button', { name: /Test Solana Wallet/ })
      .click()
    await waitForHostEvent(page, 'wallet-connected', { after: connecting, timeout: 15000 })
    await waitForHostEvent(page, 'modal-close', { after: connecting })
    const before = await lamports(address)
    const after = await eventCount(page)
    await page.evaluate(
      (a) =>
        void document
          .querySelector('auth-modal')!
          .fundWallet(a, { amount: '0.25' })
          .catch(() => undefined),
      address,
    )
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
    expect(await modal(page).getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('0.25')
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Solana Wallet' }).click()
    const success = await fundingEvent('fund-success', after)
    expect(success.detail).toMatchObject({
      provider: 'wallet',
      status: 'completed',
      sourceAddress: source.address,
      destinationAddress: address,
      sourceValue: '0.25',
      sourceChain: 'solana:localnet',
      destinationChain: 'solana:localnet',
    })
    expect(await page.evaluate(() => (window as any).__testSolWallet.requests)).toContain('signTransaction')
    const status = (await sol.request('getSignatureStatuses', [[success.detail.txHash]])) as { value: [{ err: unknown } | null] }
    expect(status.value[0]).toMatchObject({ err: null })
    expect((await lamports(address)) - before).toBe(BigInt(SOL / 4))
  })

  it("'Transfer from wallet' in USDC: the wallet signs an SPL TransferChecked that first creates the embedded wallet's associated token account", async () => {
    mintTestTokens(sol, mint, source.address, 5_000_000n)
    const destination = associatedTokenAddress(address, mint)
    const tokenAmount = async (account: string) => ((await sol.request('getTokenAccountBalance', [account])) as { value: { amount: string } }).value.amount
    expect(((await sol.request('getAccountInfo', [destination, { encoding: 'base64' }])) as { value: unknown }).value).toBeNull()
    const after = await eventCount(page)
    await page.evaluate(
      (a) =>
        void document
          .querySelector('auth-modal')!
          .fundWallet(a, { asset: 'USDC', amount: '1.5' })
          .catch(() => undefined),
      address,
    )
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Solana Wallet' }).waitFor()
    await expectNoAxeViolations(page, 'wallet list')
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Solana Wallet' }).click()
    const success = await fundingEvent('fund-success', after)
    expect(success.detail).toMatchObject({
      provider: 'wallet',
      status: 'completed',
      sourceAddress: source.address,
      destinationAddress: address,
      sourceValue: '1.5',
      sourceToken: 'USDC',
      destinationToken: 'USDC',
      destinationChain: 'solana:localnet',
    })
    expect(await tokenAmount(destination)).toBe('1500000')
    expect(await tokenAmount(associatedTokenAddress(source.address, mint))).toBe('3500000')
  })

  it("Solana → Ethereum through the bridge: the relay quotes the Solana origin, the connected Solana wallet signs its instructions, sent to the local cluster; 'Success!' closes the modal", async () => {
    const recipient = '0x00000000000000000000000000000000000b0b01'
    const deposits = relay.solanaDeposits.size
    const after = await eventCount(page)
    await page.evaluate(
      (a) =>
        void document
          .querySelector('auth-modal')!
          .fundWallet(a, { chain: 31337, amount: '0.05' })
          .catch(() => undefined),
      recipient,
    )
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Solana Wallet' }).click()
    const option = modal(page).locator('[part="bridge-option"]', { hasText: 'Solana (localnet)' })
    await option.waitFor({ timeout: 15000 })
    // 0.05 ETH out costs 0.05 SOL plus the stand-in's 0.001 SOL fee.
    expect(await option.textContent()).toContain('0.051 SOL')
    await expectNoAxeViolations(page, 'bridge quotes')
    await option.click()
    await modal(page).getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30000 })
    expect(relay.quotes.at(-1)).toEqual({
      user: source.address,
      recipient,
      originChainId: 792703809,
      destinationChainId: 31337,
      originCurrency: '11111111111111111111111111111111',
      destinationCurrency: '0x0000000000000000000000000000000000000000',
      amount: String(5n * 10n ** 16n),
      tradeType: 'EXPECTED_OUTPUT',
    })
    const success = await fundingEvent('fund-success', after)
    expect(success.detail).toMatchObject({
      provider: 'relay',
      status: 'success',
      sourceAddress: source.address,
      sourceChain: 'solana:localnet',
      destinationAddress: recipient,
      destinationChain: 'eip155:31337',
    })
    const status = (await sol.request('getSignatureStatuses', [[success.detail.txHash]])) as { value: [{ err: unknown } | null] }
    expect(status.value[0]).toMatchObject({ err: null })
    expect(relay.solanaDeposits.size).toBe(deposits + 1)
    const [deposit, { lamports: owed }] = [...relay.solanaDeposits].at(-1)!
    expect(owed).toBe(51_000_000n)
    expect(await lamports(deposit)).toBe(owed)
    await waitForHostEvent(page, 'modal-close', { after, timeout: 15000 })
  })

  it("error: a transfer above the connected wallet's SOL balance shows 'Wallet <address> does not have enough funds.' and sends nothing", async () => {
    const before = await lamports(source.address)
    await page.evaluate(
      (a) =>
        void document
          .querySelector('auth-modal')!
          .fundWallet(a, { amount: '50' })
          .catch(() => undefined),
      address,
    )
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Solana Wallet' }).click()
    await modal(page).getByRole('alert').getByText(`Wallet ${source.address} does not have enough funds.`).waitFor()
    expect(await lamports(source.address)).toBe(before)
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })

  it("'Add funds' on the Solana transaction screen when the wallet is short: the funding flow opens for that wallet, and once funded the transaction is approved", async () => {
    // Not the amount of the earlier airdrop: the same airdrop on the same blockhash would be a duplicate.
    await sol.airdrop(source.address, SOL + 1)
    const short = Number(await lamports(address)) + SOL / 5
    const recipient = newSolanaWallet().address
    const { value } = (await sol.request('getLatestBlockhash')) as { value: { blockhash: string } }
    const tx = new Transaction({ feePayer: new PublicKey(address), recentBlockhash: value.blockhash }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: new PublicKey(recipient), lamports: short }),
    )
    const bytes = JSON.stringify([...tx.serialize({ requireAllSignatures: false, verifySignatures: false })])
    await startTx(page, `modal.sendTransaction(new Uint8Array(${bytes})).then((r) => ({ signature: r.signature }))`)
    const screen = txPrompt(page)
    await screen.getByText('Add funds on Solana to complete transaction.').waitFor({ timeout: 30000 })
    await screen.getByRole('button', { name: 'Add funds' }).click()
    await modal(page).getByRole('heading', { name: 'Add funds to your Sol Funding wallet' }).waitFor({ timeout: 30000 })
    await expectNoAxeViolations(page, 'method chooser')
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click()
    expect(await modal(page).getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('0.5')
    const before = await eventCount(page)
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Solana Wallet' }).click()
    const success = await fundingEvent('fund-success', before)
    expect(success.detail).toMatchObject({ provider: 'wallet', destinationAddress: address, destinationChain: 'solana:localnet', sourceValue: '0.5' })
    await waitForHostEvent(page, 'modal-close', { after: before, timeout: 30000 })
    // Prepared again with the new balance: Approve, and the transfer lands.
    await screen.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    expect((await settled(page)).ok).toMatchObject({ signature: expect.any(String) })
    expect(await lamports(recipient)).toBe(BigInt(short))
  })
})

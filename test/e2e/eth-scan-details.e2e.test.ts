/**
 * The Ethereum confirmation with a transaction scan (spec part 3 §2 'send and receive amounts … a
 * scan details view', §5 'an empty token list means the scan is treated as failed') and the
 * request's uiOptions (§3: title, contractInfo logo, description, buttonText, successHeader,
 * successDescription, isCancellable). Chromium, the real server, the local EVM and a scan
 * stand-in speaking Blockaid's EVM scan format.
 */
import type { Browser, Page } from 'playwright-core'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startStack, type Stack } from '../stack.ts'
import { waitForHostEvent } from './helpers.ts'
import { deployTestContracts, fundWallet, settled, startTx, txPrompt } from './eth-helpers.ts'
import { login, wallets } from './wallet-helpers.ts'
import { startScanner } from '../scan-and-price-standins.ts'

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const SPENDER = getAddress('0x00000000000000000000000000000000000c0ffe')
const USDC = { type: 'ERC20', symbol: 'USDC', name: 'USD Coin', decimals: 6, address: '0x0000000000000000000000000000000000005dc0' }
const LOGO = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/%3E'

describe('Ethereum confirmation: scan asset changes and details, empty token list, uiOptions', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let page: Page
  let appId: string
  let scanner: Awaited<ReturnType<typeof startScanner>>

  beforeAll(async () => {
    scanner = await startScanner('scan-key')
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    const contracts = await deployTestContracts(chain)
    ;({ id: appId } = await stack.createApp({
      name: 'Scan Demo',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      defaultChain: 31337,
    }))
    page = await (await browser.newContext()).newPage()
    await login(page, stack, 'scan.owner@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    await fundWallet(chain, contracts.deployer, (await wallets(page))[0]!.address, 10n ** 18n)
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
    await scanner?.close()
  })

  it('uiOptions: the title, the logo with its alt text, the description and button text; not cancellable (no Not now, no Close); the success header and description', async () => {
    const options = {
      transactionInfo: { title: 'Buy a ticket', contractInfo: { imgUrl: LOGO, imgAltText: 'Ticket office' } },
      description: 'One ticket for the show.',
      buttonText: 'Pay now',
      successHeader: 'Ticket bought!',
      successDescription: 'See you at the show.',
      isCancellable: false,
    }
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 11n }, { uiOptions: ${JSON.stringify(options)} })`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Buy a ticket' }).waitFor({ timeout: 30000 })
    const logo = screen.locator('img[part~="icon"]')
    expect(await logo.getAttribute('src')).toBe(LOGO)
    expect(await logo.getAttribute('alt')).toBe('Ticket office')
    await screen.getByText('One ticket for the show.').waitFor()
    expect(await screen.getByText('Scan Demo wants your permission to approve the following transaction.').count()).toBe(0)
    const pay = screen.getByRole('button', { name: 'Pay now' })
    await expect.poll(() => pay.isEnabled(), { timeout: 30000 }).toBe(true)
    expect(await screen.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    expect(await screen.getByRole('button', { name: 'Not now' }).count()).toBe(0)
    expect(await screen.getByRole('button', { name: 'Close' }).count()).toBe(0)
    await pay.click()
    await screen.getByRole('heading', { name: 'Ticket bought!' }).waitFor({ timeout: 30000 })
    await screen.getByText('See you at the show.').waitFor()
    expect(await screen.getByText('Transaction complete!').count()).toBe(0)
    expect((await settled(page)).ok).toMatchObject({ hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    await screen.getByRole('button', { name: 'All Done' }).click()
    await screen.locator('[data-screen]').waitFor({ state: 'detached' })
  })

  it("a scan shows what the user sends and receives in place of the amount; 'Scan details' shows the verdict, description, reason, each asset in/out and the exposures", async () => {
    await stack.patchApp(appId, { transactionScan: { url: `${scanner.url}/v0/evm/json-rpc/scan`, apiKey: scanner.apiKey } })
    await page.reload()
    await waitForHostEvent(page, 'auth-ready')
    scanner.state.verdict = 'Malicious'
    scanner.state.description = 'Known drainer contract'
    scanner.state.reason = 'known_attacker'
    scanner.state.diffs = [
      { asset_type: 'NATIVE', asset: { type: 'NATIVE', symbol: 'ETH', name: 'Ether', decimals: 18 }, in: [], out: [{ raw_value: '0x38d7ea4c68000' }] },
      { asset_type: 'ERC20', asset: USDC, in: [{ raw_value: '0x4c4b40', value: '5', usd_price: '5' }], out: [] },
    ]
    scanner.state.exposures = [{ asset_type: 'ERC20', asset: USDC, spenders: { [SPENDER]: { exposure: [{ raw_value: '0x5f5e100', value: '100' }] } } }]
    const scans = scanner.requests.length
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 10n ** 15n })`)
    const screen = txPrompt(page)
    await screen.getByText('This is a malicious transaction').waitFor({ timeout: 30000 })
    expect(scanner.requests.length).toBe(scans + 1)
    const summary = screen.locator('[part="transaction-summary"]')
    expect(await summary.locator('.tx-row', { hasText: 'You send' }).textContent()).toBe('You send0.001 ETH')
    expect(await summary.locator('.tx-row', { hasText: 'You receive' }).textContent()).toBe('You receive5 USDC')
    // The scan's asset changes replace the basic amount view.
    expect(await summary.locator('dt', { hasText: /^Amount$/ }).count()).toBe(0)

    expect(await screen.locator('[part="scan-details"]').count()).toBe(0)
    const toggle = screen.getByRole('button', { name: 'Scan details' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await toggle.click()
    const details = screen.locator('[part="scan-details"]')
    await details.waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const rows = await details.locator('.tx-row').allTextContents()
    expect(rows.slice(0, 5)).toEqual(['ResultMalicious', 'DescriptionKnown drainer contract', 'Reasonknown_attacker', 'ETH-0.001 ETH', 'USDC+5 USDC'])
    expect(rows[5]).toBe('Allowance100 USDC to 0x0000…0ffe')
    expect(await details.locator('.tx-row', { hasText: 'Allowance' }).locator('[title]').getAttribute('title')).toBe(SPENDER)
    await toggle.click()
    await details.waitFor({ state: 'detached' })
    await screen.getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toMatchObject({ code: 4001 })
  })

  it('an empty token list counts as a failed scan: no verdict warning, Approve not blocked, the basic amount view, no scan details', async () => {
    scanner.state.verdict = 'Malicious'
    scanner.state.diffs = []
    scanner.state.exposures = undefined
    const scans = scanner.requests.length
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 10n ** 15n })`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm action' }).waitFor({ timeout: 30000 })
    await expect.poll(() => scanner.requests.length).toBe(scans + 1)
    const approve = screen.getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 30000 }).toBe(true)
    expect(await screen.locator('.tx-row', { hasText: 'Amount' }).textContent()).toBe('Amount0.001 ETH')
    expect(await screen.locator('[part="scan-warning"]').count()).toBe(0)
    expect(await screen.getByText('This is a malicious transaction').count()).toBe(0)
    expect(await screen.getByRole('button', { name: 'Scan details' }).count()).toBe(0)
    expect(await screen.locator('.tx-row', { hasText: 'You send' }).count()).toBe(0)
    await screen.getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toMatchObject({ code: 4001 })
  })
})

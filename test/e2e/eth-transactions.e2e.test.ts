/**
 * Ethereum transactions end to end: the demo page in Chromium, the real server, the wallet frame,
 * and a real local EVM (Hardhat's EDR). A new user's embedded wallet sends through the
 * confirmation screen and the receipts are read back from the chain.
 */
import type { Browser, Page } from 'playwright-core'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
// @ts-expect-error plain ES modules shared with `npm start`
import { startDevFaucet } from '../../scripts/lib/local-chain.mjs'
// @ts-expect-error plain ES module
import { startDemoServer } from '../../demo/serve.mjs'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { call, deployTestContracts, fundWallet, settled, settledYet, startTx, txPrompt } from './eth-helpers.ts'
import { login, wallets } from './wallet-helpers.ts'
import { startPriceSource, startScanner, type StandIn } from '../scan-and-price-standins.ts'

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const SPENDER = getAddress('0x00000000000000000000000000000000000c0ffe')
const MAX_UINT256 = 2n ** 256n - 1n

describe('Ethereum transactions from the embedded wallet', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let contracts: Awaited<ReturnType<typeof deployTestContracts>>
  let page: Page
  let address: string
  let appId: string
  /** Every script the page fetched, in order. */
  const scripts: string[] = []
  let prices: StandIn
  let scanner: Awaited<ReturnType<typeof startScanner>>

  beforeAll(async () => {
    ;[prices, scanner] = await Promise.all([startPriceSource({ ethereum: 2000 }), startScanner('scan-key')])
    ;[stack, browser, chain] = await Promise.all([
      startStack({ env: { GATEHOUSE_PRICE_SOURCE_URL: `${prices.url}/api/v3/simple/price` } }),
      launchBrowser(),
      startLocalChain(),
    ])
    contracts = await deployTestContracts(chain)
    ;({ id: appId } = await stack.createApp({
      name: 'Tx Demo',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      defaultChain: 31337,
    }))
    page = await (await browser.newContext()).newPage()
    page.on('response', (response) => void (/\.js$/.test(new URL(response.url()).pathname) && scripts.push(new URL(response.url()).pathname)))
    await login(page, stack, 'tx.owner@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    address = (await wallets(page))[0]!.address
    await fundWallet(chain, contracts.deployer, address, 10n ** 18n)
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
    await prices?.close()
    await scanner?.close()
  })

  it('a new user sends ETH through the confirmation screen; the receipt is on chain', async () => {
    const after = await eventCount(page)
    const before = BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string)
    // Landing, login and wallet creation fetched nothing of the transaction code; the first call does.
    const txChunk = /\/(TransactionView|transactions|sendTransaction|decode)-[^/]*\.js$/
    expect(scripts.filter((s) => txChunk.test(s))).toEqual([])
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 10n ** 15n })`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm action' }).waitFor({ timeout: 30000 })
    await screen.getByText('Tx Demo wants your permission to approve the following transaction.').waitFor()
    expect(scripts.filter((s) => txChunk.test(s)).length).toBeGreaterThanOrEqual(2)
    await screen.getByText('Local chain').waitFor()
    // USD from our server's price source (ETH at $2,000 in the stand-in): 0.001 ETH is $2.00.
    await expect.poll(() => screen.locator('.tx-row', { hasText: 'Amount' }).textContent()).toBe('Amount0.001 ETH ($2.00)')
    // The fee comes from the chain: gas (21000) × max fee per gas, shown in ETH.
    await expect
      .poll(() => screen.locator('.tx-row', { hasText: 'Estimated fee' }).textContent())
      .toMatch(/^Estimated fee<0\.001 ETH \((<\$0\.01|\$0\.\d\d)\)$/)
    await screen.locator('[part="balance-card"]').getByText('Balance 1 ETH').waitFor()
    await screen.getByRole('button', { name: 'Details' }).click()
    await screen.getByText('Total (including fees)').waitFor()
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByText('Transaction complete!').waitFor({ timeout: 30000 })
    await screen.getByText("You're all set.").waitFor()
    const outcome = await settled(page)
    const { hash } = outcome.ok as { hash: string }
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // The success screen shows the hash (copyable); the local chain has no explorer, so no link to one.
    expect(await screen.locator('[part="transaction-hash"] code').getAttribute('title')).toBe(hash)
    await screen.getByRole('button', { name: 'Copy transaction hash' }).waitFor()
    expect(await screen.getByRole('link', { name: 'View on explorer' }).count()).toBe(0)
    await expectNoAxeViolations(page, 'Transaction complete with its hash', 'sign-prompt')
    await screen.getByRole('button', { name: 'All Done' }).click()
    const receipt = (await chain.request('eth_getTransactionReceipt', [hash])) as { status: string; from: string }
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string) - before).toBe(10n ** 15n)
    const event = await waitForHostEvent(page, 'tx-success', { after })
    expect(event.detail).toMatchObject({ method: 'eth_sendTransaction', address, chainId: 31337, hash })
  })

  it("the host gets { hash } and tx-success once the receipt is on chain, while the success screen still shows; 'All Done' only closes", async () => {
    const after = await eventCount(page)
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 7n })`)
    const screen = txPrompt(page)
    await screen.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await screen.getByText('Transaction complete!').waitFor({ timeout: 30000 })
    // Nobody clicks 'All Done': the promise has settled and the event fired all the same.
    await expect.poll(() => settledYet(page), { timeout: 15000 }).toBe(true)
    const { hash } = (await settled(page)).ok as { hash: string }
    expect(((await chain.request('eth_getTransactionReceipt', [hash])) as { status: string }).status).toBe('0x1')
    const event = await waitForHostEvent(page, 'tx-success', { after })
    expect(event.detail).toMatchObject({ method: 'eth_sendTransaction', hash })
    expect(await screen.getByRole('button', { name: 'All Done' }).isVisible()).toBe(true)
    await screen.getByRole('button', { name: 'All Done' }).click()
    await screen.locator('[data-screen]').waitFor({ state: 'detached' })
  })

  it("an ERC-20 approve names the token, warns that the allowance is unlimited ('Maximum'), shows the token address once and the token's balance", async () => {
    const data = call(contracts.tokenAbi, 'approve', [SPENDER, MAX_UINT256])
    await startTx(page, `modal.sendTransaction({ to: '${contracts.token}', data: '${data}' }, { uiOptions: { transactionInfo: { action: 'USDC spending' } } })`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Approve USDC spending' }).waitFor({ timeout: 30000 })
    await expect.poll(() => screen.locator('.tx-row', { hasText: 'Amount' }).textContent()).toBe('AmountMaximum')
    await expect.poll(() => screen.locator('.tx-row', { hasText: 'Spender' }).locator('[title]').getAttribute('title')).toBe(SPENDER)
    // The symbol is read from the contract; the token is its address, not a second 'To'.
    const tokenRow = screen.locator('.tx-row', { hasText: 'Token address' })
    expect(await tokenRow.locator('.tx-token-symbol').textContent()).toBe('USDC')
    expect(await tokenRow.locator('[title]').getAttribute('title')).toBe(contracts.token)
    expect(await screen.locator('[part="transaction-summary"] dt', { hasText: /^To$/ }).count()).toBe(0)
    await screen.getByText('Unlimited allowance: 0x0000…0ffe can spend all of your USDC, now and later, until you revoke it.').waitFor()
    // The balance card shows the token being approved (this wallet holds none of it), beside the ether that pays the fee.
    expect(await screen.locator('[part="balance-card"]').textContent()).toMatch(/Balance 0 USDC · 0\.9\d* ETH$/)
    await expectNoAxeViolations(page, 'ERC-20 approval', 'sign-prompt')
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    expect((await settled(page)).ok).toMatchObject({ hash: expect.stringMatching(/^0x/) })
    const allowance = (await chain.request('eth_call', [
      { to: contracts.token, data: call(contracts.tokenAbi, 'allowance', [address, SPENDER]) },
      'latest',
    ])) as string
    expect(BigInt(allowance)).toBe(MAX_UINT256)
  })

  it("error: a reverted call shows 'Transaction failed' with its hash and rejects TRANSACTION_FAILURE", async () => {
    const after = await eventCount(page)
    const data = call(contracts.reverterAbi, 'fail', [])
    // An explicit gas limit skips estimation (which would see the revert), so the call is mined and reverts.
    await startTx(page, `modal.sendTransaction({ to: '${contracts.reverter}', data: '${data}', gas: 100000n })`)
    const screen = txPrompt(page)
    await screen.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await screen.getByRole('heading', { name: 'Transaction failed' }).waitFor({ timeout: 30000 })
    await screen.getByText('Please try again.').waitFor()
    // Focus moved from the confirmation to the error screen's title (Escape and Tab keep working).
    await expect.poll(() => page.evaluate(() => document.querySelector('sign-prompt')?.shadowRoot?.activeElement?.textContent)).toBe('Transaction failed')
    const hash = await screen.locator('[part="transaction-hash"] code').getAttribute('title')
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // A code never titles the screen; the local chain has no explorer, so the hash has no link (never mainnet Etherscan).
    expect(await screen.getByRole('link', { name: 'View on explorer' }).count()).toBe(0)
    await expectNoAxeViolations(page, 'Transaction failed', 'sign-prompt')
    expect(((await chain.request('eth_getTransactionReceipt', [hash])) as { status: string }).status).toBe('0x0')
    // Retry prepares again from the chain (a fresh nonce: the reverted one was used), back to the confirmation.
    const nonceBefore = await chain.request('eth_getTransactionCount', [address, 'latest'])
    await screen.getByRole('button', { name: 'Retry transaction' }).click()
    await screen.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await screen.getByRole('heading', { name: 'Transaction failed' }).waitFor({ timeout: 30000 })
    const retried = await screen.locator('[part="transaction-hash"] code').getAttribute('title')
    expect(retried).not.toBe(hash)
    expect(BigInt((await chain.request('eth_getTransactionCount', [address, 'latest'])) as string)).toBe(BigInt(nonceBefore as string) + 1n)
    await screen.getByRole('button', { name: 'Not now' }).click()
    const { err } = await settled(page)
    expect(err).toMatchObject({ errorCode: 'TRANSACTION_FAILURE', hash: retried })
    expect(err!.message).toContain('Transaction failed')
    const event = await waitForHostEvent(page, 'tx-error', { after })
    expect(event.detail).toMatchObject({ code: 'TRANSACTION_FAILURE', message: 'Transaction failed', hash: retried })
  })

  it('error: more than the balance without funding: Approve is disabled with the reason; leaving gives the host INSUFFICIENT_BALANCE (headless too)', async () => {
    const after = await eventCount(page)
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 10n ** 20n })`)
    const screen = txPrompt(page)
    await screen.getByText('Add funds on Local chain to complete transaction.').waitFor({ timeout: 30000 })
    const approve = screen.getByRole('button', { name: 'Approve' })
    expect(await approve.isDisabled()).toBe(true)
    // The disabled button says why (its accessible description).
    expect(await approve.evaluate((b) => b.getAttribute('aria-describedby'))).toBe('gh-tx-funds-reason')
    await expectNoAxeViolations(page, 'insufficient funds', 'sign-prompt')
    await screen.getByRole('button', { name: 'Not now' }).click()
    const { err } = await settled(page)
    expect(err).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE', message: 'Add funds on Local chain to complete transaction.' })
    const event = await waitForHostEvent(page, 'tx-error', { after })
    expect(event.detail).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'Add funds on Local chain to complete transaction.' })
    // Headless: nothing is signed or sent, the same error.
    const nonce = await chain.request('eth_getTransactionCount', [address, 'latest'])
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 10n ** 20n }, { uiOptions: { showWalletUIs: false } })`)
    expect((await settled(page)).err).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE' })
    expect(await chain.request('eth_getTransactionCount', [address, 'latest'])).toBe(nonce)
  })

  it('the close control (named Close) declines as Not now does: 4001', async () => {
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 5n })`)
    const screen = txPrompt(page)
    await screen.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30000 })
    await screen.getByRole('button', { name: 'Close' }).click()
    const { err } = await settled(page)
    expect(err).toMatchObject({ code: 4001 })
    expect(err!.message).toContain('The user rejected the request')
    await screen.locator('[data-screen]').waitFor({ state: 'detached' })
  })

  it('focus lands on the title when the sheet opens and on each new screen; Escape does what Close does (declines with 4001, or closes the success screen)', async () => {
    const focused = () => page.evaluate(() => document.querySelector('sign-prompt')?.shadowRoot?.activeElement?.textContent ?? null)
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 3n })`)
    const screen = txPrompt(page)
    await screen.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30000 })
    await expect.poll(focused).toBe('Confirm action')
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByText('Transaction complete!').waitFor({ timeout: 30000 })
    await expect.poll(focused).toBe('Transaction complete!')
    await page.keyboard.press('Escape')
    await screen.locator('[data-screen]').waitFor({ state: 'detached' })
    expect((await settled(page)).ok).toMatchObject({ hash: expect.stringMatching(/^0x/) })

    const after = await eventCount(page)
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 4n })`)
    await screen.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30000 })
    await expect.poll(focused).toBe('Confirm action')
    await page.keyboard.press('Escape')
    const { err } = await settled(page)
    expect(err).toMatchObject({ code: 4001 })
    expect(err!.message).toContain('The user rejected the request')
    const event = await waitForHostEvent(page, 'tx-error', { after })
    expect(event.detail).toMatchObject({ code: 'USER_REJECTED' })
    await screen.locator('[data-screen]').waitFor({ state: 'detached' })
  })

  it("a batch of two steps through '(1 / 2)' and '(2 / 2)', then both are on chain", async () => {
    const transfer = call(contracts.tokenAbi, 'approve', [RECIPIENT, 5_000_000n])
    await startTx(page, `modal.sendTransaction([{ to: '${RECIPIENT}', value: 7n }, { to: '${contracts.token}', data: '${transfer}' }])`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm action (1 / 2)' }).waitFor({ timeout: 30000 })
    await screen.getByRole('button', { name: 'Continue' }).click()
    await screen.getByRole('heading', { name: 'Confirm action (2 / 2)' }).waitFor()
    await expect.poll(() => screen.locator('.tx-row', { hasText: 'Amount' }).textContent()).toBe('Amount5 USDC')
    // Back moves one step back.
    await screen.getByRole('button', { name: 'Back' }).click()
    await screen.getByRole('heading', { name: 'Confirm action (1 / 2)' }).waitFor()
    await screen.getByRole('button', { name: 'Continue' }).click()
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    const { hashes } = (await settled(page)).ok as { hashes: string[] }
    expect(hashes).toHaveLength(2)
    for (const hash of hashes) expect(((await chain.request('eth_getTransactionReceipt', [hash])) as { status: string }).status).toBe('0x1')
  })

  it("a request that moves no value and calls nothing is titled 'Confirm address' (spec part 3 §2)", async () => {
    await startTx(page, `modal.signTransaction({ to: '${RECIPIENT}', value: 0n })`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm address' }).waitFor({ timeout: 30000 })
    await screen.getByRole('button', { name: 'Approve' }).click()
    expect(((await settled(page)).ok as { signature: string }).signature).toMatch(/^0x02/)
    await screen.locator('[data-screen]').waitFor({ state: 'detached' })
  })
  it('signTransaction through the screen: success shows, then it resolves by itself with the signed transaction (not sent)', async () => {
    const nonce = await chain.request('eth_getTransactionCount', [address, 'latest'])
    await startTx(page, `modal.signTransaction({ to: '${RECIPIENT}', value: 9n })`)
    const screen = txPrompt(page)
    await screen.getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await screen.getByText('Transaction complete!').waitFor()
    const { signature } = (await settled(page)).ok as { signature: string }
    expect(signature).toMatch(/^0x02/)
    expect(await chain.request('eth_getTransactionCount', [address, 'latest'])).toBe(nonce)
  })

  it('error: wallet_switchEthereumChain to a chain the app did not configure answers UNSUPPORTED_CHAIN_ID', async () => {
    const answer = await page.evaluate(async (a) => {
      const provider = (document.querySelector('auth-modal') as any).getEthereumProvider(a)
      const before = await provider.request({ method: 'eth_chainId' })
      const error = await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }).catch((e: any) => e)
      return { before, code: error.code, errorCode: error.errorCode }
    }, address)
    expect(answer).toEqual({ before: '0x7a69', code: 4902, errorCode: 'UNSUPPORTED_CHAIN_ID' })
  })

  it("a malicious scan verdict blocks Approve until 'I understand and want to proceed anyways.' is ticked; a warning and a failed scan do not", async () => {
    await stack.patchApp(appId, { transactionScan: { url: `${scanner.url}/v0/evm/json-rpc/scan`, apiKey: scanner.apiKey } })
    await page.reload()
    await waitForHostEvent(page, 'auth-ready')
    const screen = txPrompt(page)

    scanner.state.verdict = 'Malicious'
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 3n })`)
    await screen.getByText('This is a malicious transaction').waitFor({ timeout: 30000 })
    const approve = screen.getByRole('button', { name: 'Approve' })
    expect(await approve.isDisabled()).toBe(true)
    await expectNoAxeViolations(page, 'malicious transaction warning', 'sign-prompt')
    await screen.getByLabel('I understand and want to proceed anyways.').check()
    expect(await approve.isEnabled()).toBe(true)
    expect(scanner.requests.at(-1)!.headers['x-api-key']).toBe('scan-key')
    expect(scanner.requests.at(-1)!.body).toMatchObject({ account_address: address, data: { method: 'eth_sendTransaction' } })
    await screen.getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toMatchObject({ code: 4001 })

    scanner.state.verdict = 'Warning'
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 3n })`)
    await screen.getByText('Warning: Suspicious transaction').waitFor({ timeout: 30000 })
    expect(await screen.getByRole('button', { name: 'Approve' }).isEnabled()).toBe(true)
    await screen.getByRole('button', { name: 'Not now' }).click()
    await settled(page)

    // A failed simulation: the basic view, no warning.
    scanner.state.verdict = 'fail'
    const scans = scanner.requests.length
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 3n })`)
    await screen.getByRole('heading', { name: 'Confirm action' }).waitFor({ timeout: 30000 })
    await expect.poll(() => scanner.requests.length).toBe(scans + 1)
    await expect.poll(() => screen.locator('.tx-row', { hasText: 'Network' }).count()).toBe(1)
    expect(await screen.locator('[part="scan-warning"]').count()).toBe(0)
    await screen.getByRole('button', { name: 'Not now' }).click()
    await settled(page)
  })

  it('with an explorer configured, addresses and hashes link to it (Details, success screen); never to mainnet Etherscan', async () => {
    await stack.patchApp(appId, { chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url, blockExplorerUrl: 'https://explorer.local.test/' }] })
    await page.reload()
    await waitForHostEvent(page, 'auth-ready')
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 4n })`)
    const screen = txPrompt(page)
    await screen.getByRole('button', { name: 'Details' }).click({ timeout: 30000 })
    const to = screen.locator('[part="transaction-details"] .tx-row', { hasText: /^To/ }).getByRole('link')
    expect(await to.getAttribute('href')).toBe(`https://explorer.local.test/address/${RECIPIENT}`)
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByText('Transaction complete!').waitFor({ timeout: 30000 })
    const { hash } = (await settled(page)).ok as { hash: string }
    expect(await screen.getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toBe(`https://explorer.local.test/tx/${hash}`)
    await screen.getByRole('button', { name: 'All Done' }).click()
    await stack.patchApp(appId, { chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }] })
    await page.reload()
    await waitForHostEvent(page, 'auth-ready')
  })

  it("the demo page of `npm start`: the faucet funds a new user's wallet, 'Transfer 1 USDC' goes through the screen; on a phone the page and the sheet fit the screen", async () => {
    const { token, faucetUrl } = await startDevFaucet(chain)
    const demo = await startDemoServer({ port: 0, appId, apiUrl: stack.apiUrl, faucetUrl, tokenAddress: token })
    try {
      const demoPage = await (await browser.newContext()).newPage()
      await demoPage.goto(`${demo.url}/`)
      await waitForHostEvent(demoPage, 'auth-ready')
      await demoPage.locator('#login').click()
      await submitEmail(demoPage, 'demo.faucet@example.com')
      await typeCode(demoPage, await stack.nextCode('demo.faucet@example.com'))
      await waitForHostEvent(demoPage, 'wallet-created', { timeout: 30000 })
      const owner = (await wallets(demoPage))[0]!.address
      await expect.poll(async () => BigInt((await chain.request('eth_getBalance', [owner, 'latest'])) as string), { timeout: 15000 }).toBe(10n * 10n ** 18n)
      await waitForHostEvent(demoPage, 'modal-close', { timeout: 15000 })
      await demoPage.locator('#transfer-token').click()
      const screen = txPrompt(demoPage)
      await expect.poll(() => screen.locator('.tx-row', { hasText: 'Amount' }).textContent(), { timeout: 30000 }).toBe('Amount1 USDC')
      await screen.getByRole('button', { name: 'Approve' }).click()
      await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
      await expect.poll(() => demoPage.locator('#tx').textContent()).toMatch(/^transfer: 0x[0-9a-f]{64}$/)
      const balance = (await chain.request('eth_call', [
        { to: token, data: call(contracts.tokenAbi, 'balanceOf', ['0x000000000000000000000000000000000000dEaD']) },
        'latest',
      ])) as string
      expect(BigInt(balance)).toBe(10n ** 6n)

      // On a phone (390 px): the demo wraps its long addresses and hashes, so it is no wider than the screen.
      const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })).newPage()
      await phone.goto(`${demo.url}/`)
      await waitForHostEvent(phone, 'auth-ready')
      await phone.locator('#login').click()
      await submitEmail(phone, 'demo.phone@example.com')
      await typeCode(phone, await stack.nextCode('demo.phone@example.com'))
      await waitForHostEvent(phone, 'wallet-created', { timeout: 30000 })
      await waitForHostEvent(phone, 'modal-close', { timeout: 15000 })
      await phone
        .locator('#wallets li', { hasText: /0x[0-9a-fA-F]{40}/ })
        .first()
        .waitFor()
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      for (const li of await phone.locator('#wallets li').all()) expect(await li.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      // A host page wider than the screen (here 1200 px) must not push the sheet's 'Not now' or amounts off-screen.
      await phone.evaluate(() => document.body.append(Object.assign(document.createElement('div'), { style: 'width:1200px;height:8px' })))
      expect(await phone.evaluate(() => window.innerWidth)).toBeGreaterThan(1000)
      // (The host's own button under the widened page: clicked through the DOM, the sheet is what is tested.)
      await phone.locator('#transfer-token').dispatchEvent('click')
      const sheet = txPrompt(phone)
      const amount = sheet.locator('.tx-row', { hasText: 'Amount' })
      await expect.poll(() => amount.textContent(), { timeout: 30000 }).toBe('Amount1 USDC')
      const onScreen = (el: Element) => {
        const r = el.getBoundingClientRect()
        const v = window.visualViewport!
        return (
          r.width > 0 &&
          r.left >= v.offsetLeft - 1 &&
          r.right <= v.offsetLeft + v.width + 1 &&
          r.top >= v.offsetTop - 1 &&
          r.bottom <= v.offsetTop + v.height + 1
        )
      }
      expect(await sheet.getByRole('button', { name: 'Not now' }).evaluate(onScreen)).toBe(true)
      expect(await amount.locator('dd').evaluate(onScreen)).toBe(true)
      expect(await sheet.getByRole('button', { name: 'Close' }).evaluate(onScreen)).toBe(true)
      await expectNoAxeViolations(phone, 'transaction sheet on a phone', 'sign-prompt')
      // A finger on the screen where 'Not now' shows declines (screen coordinates: the visual viewport's).
      const box = (await sheet.getByRole('button', { name: 'Not now' }).boundingBox())!
      await phone.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
      await sheet.locator('[data-screen]').waitFor({ state: 'detached' })
    } finally {
      await demo.close()
    }
  })
})

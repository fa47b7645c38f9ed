/**
 * Funding end to end: the page with only `<fund-button>` and `<auth-modal>` (demo/fund.html) in
 * Chromium, the real server, the wallet frame, the local EVM chain, and the card and exchange
 * on-ramp stand-ins (test/funding-stand-ins.ts) that speak the providers' documented formats.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startCoinbaseStandIn, startMoonpayStandIn } from '../funding-stand-ins.ts'
import { startStack, type Stack } from '../stack.ts'
import { deployTestContracts, fundWallet } from './eth-helpers.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { expectCounted, expectSpecShape, sentEvents, sentNamed, widgetEventCounts, type SentEvent } from './analytics-helpers.ts'

describe('funding: <fund-button> and the funding flows', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let deployer: string
  let page: Page
  let address: string
  let moonpay: Awaited<ReturnType<typeof startMoonpayStandIn>>
  let coinbase: Awaited<ReturnType<typeof startCoinbaseStandIn>>
  let appId: string
  /** The analytics events the page sent (spec part 3 §7: sdk_fiat_on_ramp_started, sdk_fiat_on_ramp_completed_with_status). */
  let sent: SentEvent[]
  const fundingResults = () => sentNamed(sent, appId, 'sdk_fiat_on_ramp_completed_with_status').map((e) => e.payload)
  /** The on-ramp stand-ins deliver what was bought on the local chain. */
  const deliver = async ({ address: to, amount }: { address: string; amount: number }) =>
    fundWallet(chain, deployer, to, BigInt(Math.round(amount * 1e6)) * 10n ** 12n)

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    ;({ deployer } = await deployTestContracts(chain))
    ;[moonpay, coinbase] = await Promise.all([startMoonpayStandIn(undefined, deliver), startCoinbaseStandIn(deliver)])
    ;({ id: appId } = await stack.createApp({
      name: 'Funding Demo',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      // 8453 points at the same local chain: the exchange on-ramp serves only its chains (spec §5).
      chains: [
        { id: 31337, name: 'Local chain', rpcUrl: chain.url },
        { id: 8453, name: 'Base (local)', rpcUrl: chain.url },
      ],
      defaultChain: 31337,
      funding: {
        enabled: true,
        // A second card provider (Coinbase-style, on its chains only) behind the alternate-method link.
        options: [
          { method: 'card', provider: 'moonpay' },
          { method: 'card', provider: 'coinbase' },
          { method: 'exchange', provider: 'coinbase' },
          { method: 'wallets' },
        ],
        showAlternateFundingMethod: true,
        defaultRecommendedCurrency: { chain: 'eip155:31337', asset: 'native-currency' },
        defaultRecommendedAmount: '0.05',
        useSandbox: true,
      },
      fundingProviders: {
        moonpay: {
          sandboxPublishableKey: moonpay.keys.publishableKey,
          sandboxSecretKey: moonpay.keys.secretKey,
          sandboxWidgetUrl: moonpay.url,
          apiUrl: moonpay.url,
        },
        coinbase: { apiKeyName: coinbase.apiKeyName, apiKeySecret: coinbase.apiKeySecret, apiUrl: coinbase.url, payUrl: coinbase.url },
      },
    }))
    // bypassCSP: lets the axe script in (test/e2e/a11y.ts).
    const context = await browser.newContext({ bypassCSP: true })
    sent = sentEvents(context)
    page = await context.newPage()
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
    await moonpay?.close()
    await coinbase?.close()
  })

  const chooser = () => modal(page).getByRole('heading', { name: 'Add funds to your Funding Demo wallet' })
  const fundingEvent = (type: string, source: string, after: number) =>
    page
      .waitForFunction(
        ([t, s, n]) => window.gatehouseEvents.slice(n as number).find((e: any) => e.type === t && e.source === s),
        [type, source, after] as const,
        { timeout: 30000 },
      )
      .then((h) => h.jsonValue() as Promise<{ detail: any }>)
  const startFromButton = async (options = '') => {
    await page.evaluate((o) => {
      const b = document.querySelector('fund-button')!
      for (const a of [...b.attributes]) if (a.name !== 'id') b.removeAttribute(a.name)
      for (const [k, v] of new URLSearchParams(o)) b.setAttribute(k, v)
    }, options)
    await page.locator('fund-button').getByRole('button').click()
  }
  /** A card or exchange purchase without a host amount: the amount step first, whose Continue opens the provider's popup. */
  const purchase = async (method: string | RegExp) => {
    await modal(page).getByRole('button', { name: method }).click()
    const [popup] = await Promise.all([page.waitForEvent('popup'), modal(page).getByRole('button', { name: 'Continue' }).click()])
    return popup
  }
  /** The browser's answer to PaymentRequest.canMakePayment (spec §2: the badge shows where the browser can pay). */
  const answerCanPay = (can: boolean) =>
    page.evaluate((c) => {
      const w = window as any
      w.__payAsked = 0
      PaymentRequest.prototype.canMakePayment = () => Promise.resolve(Boolean(++w.__payAsked) && c)
    }, can)
  const badge = () =>
    modal(page)
      .getByRole('button', { name: /Pay with card/ })
      .locator('.badge')

  it("a new user clicks <fund-button>, logs in, and 'Receive funds' shows the address QR; a transfer on the chain makes Continue appear and fund-success fire", async () => {
    await page.goto(`${stack.demoUrl}/fund.html`)
    // The button renders from fund-button.js alone (no React).
    await page.locator('fund-button').getByRole('button', { name: 'Add funds' }).waitFor()
    await waitForHostEvent(page, 'auth-ready')
    await startFromButton()
    await submitEmail(page, 'funder@example.com')
    await typeCode(page, await stack.nextCode('funder@example.com'))
    const created = await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    address = created.detail.wallet.address
    await chooser().waitFor({ timeout: 30000 })
    for (const name of ['Pay with card', 'Transfer from wallet', 'Receive funds']) await modal(page).getByRole('button', { name }).waitFor()
    // The local chain has no Coinbase-style on-ramp (spec §5): no exchange button.
    expect(await modal(page).getByRole('button', { name: 'Transfer from an exchange' }).count()).toBe(0)
    const after = await eventCount(page)
    await expectNoAxeViolations(page, 'method chooser')
    await modal(page).getByRole('button', { name: 'Receive funds' }).click()
    await modal(page).getByRole('heading', { name: 'Receive 0.05 ETH' }).waitFor()
    await modal(page).getByText('Scan this code or copy your wallet address to receive funds on Local chain.').waitFor()
    await modal(page).getByText('Make sure to send funds on Local chain.').waitFor()
    // A chain outside spec §9's icon set (the local chain) gets the generic mark beside the network.
    const icon = modal(page).locator('p', { hasText: 'Make sure to send funds on Local chain.' }).locator('[part="chain-icon"]')
    expect(await icon.getAttribute('data-chain-icon')).toBe('generic')
    expect(await icon.locator('svg path').count()).toBe(1)
    const qr = modal(page).locator('[part="funding-qr"]')
    expect(await qr.getAttribute('data-qr-text')).toBe(address)
    expect(await qr.getAttribute('width')).toBe('200')
    const card = modal(page).locator('[part="balance-card"]')
    await page.waitForFunction(
      () => document.querySelector('auth-modal')!.shadowRoot!.querySelector('[part="balance-card"]')!.getAttribute('data-balance') === '0',
    )
    expect(await modal(page).getByRole('button', { name: 'Continue' }).count()).toBe(0)
    await expectNoAxeViolations(page, 'receive funds')
    await fundWallet(chain, deployer, address, 5n * 10n ** 16n)
    await modal(page).getByRole('button', { name: 'Continue' }).waitFor({ timeout: 15000 })
    expect(await card.getAttribute('data-reached')).toBe('true')
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    const [fromModal, fromButton] = await Promise.all([fundingEvent('fund-success', 'modal', after), fundingEvent('fund-success', 'button', after)])
    expect(fromButton.detail).toMatchObject({
      provider: 'manual',
      status: 'completed',
      destinationAddress: address,
      destinationValue: '0.05',
      destinationChain: 'eip155:31337',
      destinationToken: 'ETH',
    })
    expect(fromModal.detail).toEqual(fromButton.detail)
    // The server counted the flow's start and its result; the result carries every field the spec lists.
    await expectCounted(stack, appId, { sdk_fiat_on_ramp_started: 1, sdk_fiat_on_ramp_completed_with_status: 1 })
    const [started] = sentNamed(sent, appId, 'sdk_fiat_on_ramp_started')
    expectSpecShape(started)
    expect(started.payload).toMatchObject({ destinationAddress: address, destinationChain: 'eip155:31337' })
    expectSpecShape(sentNamed(sent, appId, 'sdk_fiat_on_ramp_completed_with_status')[0])
    expect(fundingResults()).toEqual([{ ...fromButton.detail, clientTimestamp: expect.any(String) }])
    for (const field of [
      'provider',
      'status',
      'txHash',
      'sourceAddress',
      'destinationAddress',
      'sourceValue',
      'destinationValue',
      'sourceToken',
      'destinationToken',
      'sourceChain',
      'destinationChain',
    ])
      expect(fundingResults()[0]).toHaveProperty(field)
  })

  it("'Pay with card' (with the Google Pay badge where the browser can pay): the amount step, then the signed widget in a popup; 'Processing payment', then 'You've funded your account!'", async () => {
    const after = await eventCount(page)
    await answerCanPay(true)
    await startFromButton()
    await chooser().waitFor()
    await expect.poll(() => badge().textContent()).toBe('Google Pay')
    expect(await page.evaluate(() => (window as any).__payAsked)).toBeGreaterThan(0)
    // The amount step (spec §5): prefilled with the app's recommended amount; bad input is explained and blocks Continue.
    await modal(page)
      .getByRole('button', { name: /Pay with card/ })
      .click()
    const input = modal(page).getByRole('textbox', { name: 'Amount' })
    expect(await input.inputValue()).toBe('0.05')
    await input.fill('1.2.3')
    await modal(page).getByRole('alert').getByText('Enter an amount greater than 0, using digits and at most one decimal point.').waitFor()
    expect(await modal(page).getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)
    await expectNoAxeViolations(page, 'amount step (invalid)')
    await input.fill('0')
    expect(await modal(page).getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)
    await input.fill('0.04')
    expect(await modal(page).getByRole('alert').count()).toBe(0)
    const [popup] = await Promise.all([page.waitForEvent('popup'), modal(page).getByRole('button', { name: 'Continue' }).click()])
    await modal(page).getByRole('heading', { name: 'In Progress' }).waitFor()
    await expectNoAxeViolations(page, 'card status')
    // The popup loads the stand-in's widget on its own time: wait for the load to be recorded.
    await expect.poll(() => moonpay.widgetLoads.at(-1)).toMatchObject({ validSignature: true })
    const widget = new URL(moonpay.widgetLoads.at(-1)!.url).searchParams
    expect([widget.get('walletAddress'), widget.get('quoteCurrencyAmount')]).toEqual([address, '0.04'])
    await popup.getByRole('button', { name: 'Pay' }).click()
    await modal(page).getByRole('heading', { name: 'Processing payment' }).waitFor()
    await popup.getByRole('button', { name: 'Buy' }).click()
    await modal(page).getByRole('heading', { name: "You've funded your account!" }).waitFor()
    // Spec §4: the terminal status is reported when it is reached, before (and whether or not) the user presses Continue.
    await expectCounted(stack, appId, { sdk_fiat_on_ramp_started: 2, sdk_fiat_on_ramp_completed_with_status: 2 })
    await expectNoAxeViolations(page, 'card funded')
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    const result = await fundingEvent('fund-success', 'button', after)
    expect(result.detail).toMatchObject({ provider: 'moonpay', status: 'completed', destinationAddress: address, destinationValue: '0.04' })
    // Continue ends the flow without reporting the result a second time.
    expect(fundingResults()).toHaveLength(2)
    expect(fundingResults()[1]).toEqual({ ...result.detail, clientTimestamp: expect.any(String) })
    await expectCounted(stack, appId, { sdk_fiat_on_ramp_started: 2, sdk_fiat_on_ramp_completed_with_status: 2 })
  })

  it('a card purchase outlives a closed modal and a reload: the transaction id, stored 8 s after the widget loaded, brings its status back, and it completes', async () => {
    const storedPurchase = () =>
      page.evaluate(() => {
        const key = Object.keys(sessionStorage).find((k) => k.endsWith(':purchase'))
        return key ? (JSON.parse(sessionStorage.getItem(key)!) as { provider: string; id: string }) : null
      })
    const loads = moonpay.widgetLoads.length
    await startFromButton()
    await chooser().waitFor()
    const popup = await purchase(/Pay with card/)
    await modal(page).getByRole('heading', { name: 'In Progress' }).waitFor()
    await expect.poll(() => moonpay.widgetLoads.length).toBe(loads + 1)
    const externalTransactionId = new URL(moonpay.widgetLoads.at(-1)!.url).searchParams.get('externalTransactionId')
    const startedAt = Date.now()
    await popup.getByRole('button', { name: 'Pay' }).click()
    // Spec §9: stored after 8 s (not before: the unit tests hold the exact time).
    await page.waitForFunction(() => Object.keys(sessionStorage).some((k) => k.endsWith(':purchase')), null, { timeout: 20000 })
    expect(Date.now() - startedAt).toBeGreaterThan(3000)
    expect(await storedPurchase()).toMatchObject({ provider: 'moonpay', id: externalTransactionId })

    // Closing the modal keeps it: <fund-button> opens on the purchase's status again, not on the chooser.
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await startFromButton()
    await modal(page).getByRole('heading', { name: 'Processing payment' }).waitFor({ timeout: 15000 })
    expect(await chooser().count()).toBe(0)

    await page.reload()
    await waitForHostEvent(page, 'auth-ready')
    // The status screen is back, polling the stored id: the stand-in has the payment processing.
    await modal(page).getByRole('heading', { name: 'Processing payment' }).waitFor({ timeout: 15000 })
    await popup.getByRole('button', { name: 'Buy' }).click()
    await modal(page).getByRole('heading', { name: "You've funded your account!" }).waitFor({ timeout: 15000 })
    expect(await storedPurchase()).toBeNull()
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    const result = await fundingEvent('fund-success', 'modal', 0)
    expect(result.detail).toMatchObject({ provider: 'moonpay', status: 'completed', destinationAddress: address, destinationValue: '0.05' })
    // Ended: the next funding starts on the chooser again.
    await startFromButton()
    await chooser().waitFor()
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })

  it("error: a declined card returns to the chooser with 'Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.' (no badge where the browser cannot pay)", async () => {
    const counted = await widgetEventCounts(stack, appId)
    const results = fundingResults().length
    await answerCanPay(false)
    await startFromButton()
    await chooser().waitFor()
    await page.waitForFunction(() => (window as any).__payAsked > 0)
    expect(await badge().count()).toBe(0)
    const popup = await purchase(/Pay with card/)
    await popup.getByRole('button', { name: 'Decline card' }).click()
    await modal(page)
      .getByText('Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.')
      .waitFor({ timeout: 15000 })
    // The failed purchase is a funding result too (status 'failed').
    await expectCounted(stack, appId, {
      sdk_fiat_on_ramp_started: counted.sdk_fiat_on_ramp_started + 1,
      sdk_fiat_on_ramp_completed_with_status: counted.sdk_fiat_on_ramp_completed_with_status + 1,
    })
    expect(fundingResults().slice(results)).toEqual([expect.objectContaining({ provider: 'moonpay', status: 'failed', destinationAddress: address })])
    await chooser().waitFor()
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })

  it("'Transfer from an exchange' on a Coinbase chain: the session comes from our server, the stand-in's purchase reaches 'You've funded your account!'", async () => {
    const after = await eventCount(page)
    const results = fundingResults().length
    await startFromButton('chain=8453')
    await chooser().waitFor()
    const popup = await purchase('Transfer from an exchange')
    await modal(page).getByRole('heading', { name: 'Fund account' }).waitFor()
    await modal(page).getByText('In Progress').waitFor()
    await expectNoAxeViolations(page, 'exchange status')
    await popup.getByRole('button', { name: 'Buy' }).click()
    await modal(page).getByText("You've funded your account!").waitFor({ timeout: 15000 })
    const token = coinbase.calls.find((c) => c.path === '/onramp/v1/token')!.body as { addresses: unknown }
    expect(token.addresses).toEqual([{ address, blockchains: ['base'] }])
    // Spec §4: the success is reported when it is reached, before (and whether or not) the user presses Continue.
    await expect.poll(() => fundingResults().length).toBe(results + 1)
    expect(fundingResults().at(-1)).toMatchObject({ provider: 'coinbase', status: 'success' })
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    const result = await fundingEvent('fund-success', 'button', after)
    expect(result.detail).toMatchObject({ provider: 'coinbase', status: 'success', destinationChain: 'eip155:8453', txHash: `0x${'ab'.repeat(32)}` })
    // Continue ends the flow without reporting the result a second time.
    expect(fundingResults()).toHaveLength(results + 1)
    expect(fundingResults().at(-1)).toEqual({ ...result.detail, clientTimestamp: expect.any(String) })
  })

  it("error: a failed exchange purchase returns to the chooser with 'Something went wrong adding funds. Please try again or use another method.'; the host hears 'There was an error completing Coinbase Onramp flow.'", async () => {
    await startFromButton('chain=8453')
    await chooser().waitFor()
    const after = await eventCount(page)
    const popup = await purchase('Transfer from an exchange')
    await popup.getByRole('button', { name: 'Fail' }).click()
    await modal(page).getByText('Something went wrong adding funds. Please try again or use another method.').waitFor({ timeout: 15000 })
    await chooser().waitFor()
    // A provider's failure does not end the flow (the chooser offers other methods): the modal's fund-error says it.
    const error = await fundingEvent('fund-error', 'modal', after)
    expect(error.detail).toMatchObject({
      code: 'FUNDING_FAILURE',
      message: 'There was an error completing Coinbase Onramp flow.',
      provider: 'coinbase',
      status: 'failure',
    })
    // The screen's text is the user's, not the host's.
    expect(await modal(page).getByText('There was an error completing Coinbase Onramp flow.').count()).toBe(0)
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })

  it('a default funding method starts its flow directly; closing the modal rejects with fund-error USER_EXITED_FUNDING_FLOW', async () => {
    const after = await eventCount(page)
    await startFromButton('default-method=manual&amount=0.2&receive-title=Top up')
    await modal(page).getByRole('heading', { name: 'Top up' }).waitFor()
    await modal(page).getByRole('button', { name: 'Close' }).click()
    const error = await fundingEvent('fund-error', 'button', after)
    expect(error.detail.code).toBe('USER_EXITED_FUNDING_FLOW')
    // A default card purchase without a host amount starts on the amount step (its Continue opens the popup).
    await startFromButton('default-method=card')
    expect(await modal(page).locator('[data-screen="funding-amount"]').getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('0.05')
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })

  it('error: closing the exchange popup without buying is counted at each 1.5 s poll; the third count returns to the chooser', async () => {
    await startFromButton('chain=8453')
    await chooser().waitFor()
    const popup = await purchase('Transfer from an exchange')
    await modal(page).getByRole('heading', { name: 'Fund account' }).waitFor()
    await popup.getByRole('button', { name: 'Buy' }).waitFor()
    const closedAt = Date.now()
    await popup.close()
    await chooser().waitFor({ timeout: 15000 })
    // Three polls 1.5 s apart see it closed: not before about 3 s.
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(2900)
    expect(await modal(page).locator('[part="error-message"]').count()).toBe(0)
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })

  it("error: a blocked popup returns to the chooser with 'Unable to initialize flow'", async () => {
    await startFromButton()
    await chooser().waitFor()
    await page.evaluate(() => {
      ;(window as any).__open = window.open
      window.open = () => null
    })
    await modal(page)
      .getByRole('button', { name: /Pay with card/ })
      .click()
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByText('Unable to initialize flow').waitFor()
    await chooser().waitFor()
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await page.evaluate(() => void (window.open = (window as any).__open))
  })

  it("'Having trouble or facing location restrictions? Try a different provider.' switches to the second card provider (Coinbase-style) and its purchase completes", async () => {
    const after = await eventCount(page)
    await startFromButton('amount=0.01') // the local chain: one card provider, no link
    await chooser().waitFor()
    const link = modal(page).getByRole('button', { name: 'Having trouble or facing location restrictions? Try a different provider.' })
    expect(await link.count()).toBe(0)
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await startFromButton('chain=8453&amount=0.01')
    await chooser().waitFor()
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()])
    await modal(page).getByRole('heading', { name: 'Fund account' }).waitFor()
    await popup.getByRole('button', { name: 'Buy' }).click()
    await modal(page).getByText("You've funded your account!").waitFor({ timeout: 15000 })
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    const result = await fundingEvent('fund-success', 'button', after)
    expect(result.detail).toMatchObject({ provider: 'coinbase', destinationChain: 'eip155:8453', destinationValue: '0.01' })
  })

  it("a bank payment left waiting authorization is terminal (spec §4): 'Processing payment' stays and its status is reported once, not again when the modal reopens on it", async () => {
    const results = fundingResults().length
    await startFromButton()
    await chooser().waitFor()
    const popup = await purchase(/Pay with card/)
    await modal(page).getByRole('heading', { name: 'In Progress' }).waitFor()
    await popup.getByRole('button', { name: 'Bank transfer' }).click()
    // The transaction id is stored after 8 s; polling then finds the payment waiting authorization.
    await modal(page).getByRole('heading', { name: 'Processing payment' }).waitFor({ timeout: 20000 })
    await expect.poll(() => fundingResults().length, { timeout: 15000 }).toBe(results + 1)
    expect(fundingResults().at(-1)).toMatchObject({ provider: 'moonpay', status: 'waitingAuthorization', destinationAddress: address })

    // Reopened, the button resumes the purchase: polled again, shown again, not reported again.
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await startFromButton()
    await modal(page).getByRole('heading', { name: 'Processing payment' }).waitFor({ timeout: 15000 })
    // Two frames after the screen showed it its effects have run; the reload's own first event then
    // comes after anything the resumed screen sent.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const initialized = sentNamed(sent, appId, 'sdk_initialize').length
    await page.reload()
    await expect.poll(() => sentNamed(sent, appId, 'sdk_initialize').length, { timeout: 15000 }).toBeGreaterThan(initialized)
    expect(fundingResults()).toHaveLength(results + 1)
    // After the reload too: the purchase is back on screen, still reported once.
    await modal(page).getByRole('heading', { name: 'Processing payment' }).waitFor({ timeout: 15000 })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.evaluate(() => {
      for (const key of Object.keys(sessionStorage)) if (key.endsWith(':purchase')) sessionStorage.removeItem(key)
    })
    await modal(page).getByRole('button', { name: 'Close' }).click()
    expect(fundingResults()).toHaveLength(results + 1)
  })
})

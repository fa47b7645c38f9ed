/**
 * Spec part 3 §4 (receive screen): "The balance indicator is green once the balance reaches the
 * requested amount." Funds are sent on the local EVM chain in two halves: after the first half the
 * balance rose (Continue shows) but the indicator is not green; after the second it is green with ' ✓'.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startStack, type Stack } from '../stack.ts'
import { deployTestContracts, fundWallet } from './eth-helpers.ts'
import { modal, waitForHostEvent } from './helpers.ts'
import { login, wallets } from './wallet-helpers.ts'

describe('receive screen: the balance indicator turns green at the requested amount', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let deployer: string
  let page: Page
  let address: string

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    ;({ deployer } = await deployTestContracts(chain))
    await stack.createApp({
      name: 'Receive Demo',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      defaultChain: 31337,
      funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedAmount: '0.05' },
    })
    page = await (await browser.newContext()).newPage()
    await login(page, stack, 'receive.green@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    address = (await wallets(page))[0]!.address
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
  })

  /** The card's state as the user sees it: the attribute, the amount line's text and its computed colour. */
  const indicator = () =>
    page.evaluate(() => {
      const root = document.querySelector('auth-modal')!.shadowRoot!
      const card = root.querySelector('[part="balance-card"]') as HTMLElement
      const line = card.querySelectorAll('span')[1] as HTMLElement
      const probe = document.createElement('span')
      probe.style.color = 'var(--gh-success)'
      card.appendChild(probe)
      const green = getComputedStyle(probe).color
      probe.remove()
      return {
        reached: card.getAttribute('data-reached'),
        balance: card.getAttribute('data-balance'),
        text: line.textContent,
        green: getComputedStyle(line).color === green,
      }
    })

  it("0.005 of 0.01 ETH: Continue shows but no green and no ' ✓'; 0.01: green and ' ✓'", async () => {
    await page.evaluate(
      (a) =>
        void document
          .querySelector('auth-modal')!
          .fundWallet(a, { amount: '0.01' })
          .catch(() => undefined),
      address,
    )
    await modal(page).getByRole('button', { name: 'Receive funds' }).click({ timeout: 30000 })
    await modal(page).getByRole('heading', { name: 'Receive 0.01 ETH' }).waitFor()
    await expect.poll(indicator, { timeout: 15000 }).toEqual({ reached: 'false', balance: '0', text: '0 ETH', green: false })

    await fundWallet(chain, deployer, address, 5n * 10n ** 15n)
    await modal(page).getByRole('button', { name: 'Continue' }).waitFor({ timeout: 15000 })
    await expect.poll(indicator, { timeout: 15000 }).toEqual({ reached: 'false', balance: String(5n * 10n ** 15n), text: '0.005 ETH', green: false })

    await fundWallet(chain, deployer, address, 5n * 10n ** 15n)
    await expect.poll(indicator, { timeout: 15000 }).toEqual({ reached: 'true', balance: String(10n ** 16n), text: '0.01 ETH ✓', green: true })
  })
})

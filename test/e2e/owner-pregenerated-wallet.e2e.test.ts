/**
 * A wallet made in advance by the owner API (SECURITY.md "Wallets made in advance"): the backend
 * creates the user with an Ethereum wallet, the user logs in by e-mail code in a real browser and
 * signs with that very address; the frame received the wallet on that first login.
 */
import type { Browser } from 'playwright-core'
import { chromium } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module shared with the benchmark scripts
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs'
import { startStack, type Stack } from '../stack.ts'
import { eventCount, waitForHostEvent } from './helpers.ts'
import { login, signThroughPrompt, wallets } from './wallet-helpers.ts'

const MESSAGE = 'Hello from the Gatehouse demo'

describe('a wallet made in advance by the owner API', () => {
  let stack: Stack
  let browser: Browser
  let appId: string

  const owner = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.apiUrl}/api/v1/apps/${appId}/users${path}`, {
      method,
      headers: { authorization: `Bearer ${stack.adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    expect(res.ok, await res.clone().text()).toBe(true)
    return res.json()
  }

  beforeAll(async () => {
    stack = await startStack()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
    appId = (await stack.createApp({ name: 'Pregenerated App' })).id
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it('the user logs in by e-mail code and signs with the address the backend was given', async () => {
    const email = 'pregenerated.user@example.com'
    const user = await owner('POST', '', { linked_accounts: [{ type: 'email', address: email }], wallets: [{ chain_type: 'ethereum' }] })
    const [made] = user.wallets as { address: string; on_device: boolean }[]
    expect(made).toMatchObject({ on_device: false, recovery_method: 'privy' })

    const context = await browser.newContext()
    const page = await context.newPage()
    await login(page, stack, email)
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    expect(await wallets(page)).toEqual([expect.objectContaining({ address: made.address, chainType: 'ethereum', recoveryMethod: 'privy' })])

    const signed = await signThroughPrompt(page, '#sign', await eventCount(page))
    expect(signed.address).toBe(made.address)
    expect(await verifyMessage({ address: made.address as `0x${string}`, message: MESSAGE, signature: signed.signature as `0x${string}` })).toBe(true)
    // The device holds a share now, and says so to the owner.
    expect((await owner('GET', `/${user.id}`)).wallets[0].on_device).toBe(true)
    await context.close()
  })
})

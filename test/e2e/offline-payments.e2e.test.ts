/**
 * Issue #29's "Done when", end to end: in Chromium on the demo page, against the real server (its
 * own signing process, no test signer) and the local chain, a user accepts 'Enable offline access'
 * and closes the browser; the demo host backend (demo/backend/server.mjs with @gatehouse/node, an
 * app secret made through the owner API and an authorization key registered through the admin API)
 * pays from their wallet on chain; above the policy's daily cap the server refuses with the rule's
 * code and an audit row; no or a wrong authorization signature and a replayed signed request are
 * refused; after 'Revoke offline access to wallet' → 'Confirm' (the same browser profile reopened:
 * revoking needs the user's device) the next call is refused and `delegated_wallets` has no row.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHostBackend } from '../../demo/backend/server.mjs'
import { authorizationHeaders, generateAuthorizationKeyPair } from '../../packages/node/src/authorization.ts'
import { createGatehouseClient } from '../../packages/node/src/index.ts'
import { openDatabase, type DatabaseHandle } from '../../server/db/connect.ts'
// @ts-expect-error plain ES module shared with the benchmark scripts
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startStack, type Stack } from '../stack.ts'
import { fundWallet } from './eth-helpers.ts'
import { modal, waitForHostEvent } from './helpers.ts'
import { hostCall, login, walletAccounts as accounts, wallets } from './wallet-helpers.ts'

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const AMOUNT = 10n ** 15n
const DAILY_CAP = 2n * 10n ** 15n

/** A real browser on a profile directory of its own: closing it ends the browser; reopening the directory is the same device. */
async function openProfile(dir: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH as string,
    headless: true,
    args: CHROMIUM_ARGS as string[],
    reducedMotion: 'reduce',
  })
  context.setDefaultTimeout(60_000)
  return context
}

describe('offline payments from a delegated wallet (issue #29, done when)', () => {
  let stack: Stack
  let chain: LocalChain
  let profile: string
  let database: DatabaseHandle
  let appId: string
  /** The browser open at the moment (closed by the test; by afterAll when a step failed). */
  let context: BrowserContext | undefined

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'gh-offline-profile-'))
    ;[stack, chain] = await Promise.all([startStack(), startLocalChain()])
    ;({ id: appId } = await stack.createApp({
      name: 'Offline Payments',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      defaultChain: 31337,
    }))
    database = await openDatabase({ dbFile: join(stack.stateDir, 'gatehouse.db'), skipMigrations: true })
  })
  afterAll(async () => {
    await context?.close()
    await database?.close()
    await stack?.stop()
    await chain?.close()
    if (profile) rmSync(profile, { recursive: true, force: true })
  })

  it("'Enable offline access', browser closed: the demo backend pays on chain; cap, signature and replay refusals; after revoking, not_delegated", async () => {
    const admin = { authorization: `Bearer ${stack.adminToken}`, 'content-type': 'application/json' }
    const api = (path: string, init: RequestInit = {}) => fetch(`${stack.apiUrl}/api/v1${path}`, init)
    // The host's credentials: an app secret (owner API) and an authorization key (admin API).
    const made = await api(`/admin/apps/${appId}/secrets`, { method: 'POST', headers: admin, body: '{}' })
    expect(made.status, await made.clone().text()).toBeLessThan(300)
    const appSecret = ((await made.json()) as { secret: string }).secret
    const pair = generateAuthorizationKeyPair()
    const registered = await api(`/admin/apps/${appId}/authorization-keys`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ keys: [{ public_key: pair.publicKey, label: 'demo backend' }] }),
    })
    expect(registered.status, await registered.clone().text()).toBeLessThan(300)

    // The user on the demo page: logs in, gets an embedded wallet, accepts 'Enable offline access'.
    context = await openProfile(profile)
    let page = await context.newPage()
    await login(page, stack, 'offline.payer@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    const [eth] = await wallets(page)
    expect(eth).toMatchObject({ chainType: 'ethereum' })
    const address = eth!.address
    await fundWallet(chain, privateKeyToAccount(chain.deployerKey).address, address, 10n ** 18n)
    const answer = hostCall(page, 'delegateWallet', { address, chainType: 'ethereum' })
    await modal(page).getByText('Enable offline access').waitFor()
    await modal(page).getByRole('button', { name: 'Accept' }).click()
    await modal(page).getByText('Success!').waitFor({ timeout: 30000 })
    expect(await answer).toBe('resolved')
    const account = (await accounts(page)).find((a) => a.address === address)!
    expect(account.delegated).toBe(true)
    const userId = await page.evaluate(() => (document.querySelector('auth-modal') as unknown as { user: { id: string } }).user.id)
    // The browser is closed: nothing of the user's takes part from here on.
    await context.close()

    // The demo host backend, as `npm start` runs it with the two variables set; its scheduler driven by hand.
    const backend = await createHostBackend({
      appId,
      apiUrl: stack.apiUrl,
      appSecret,
      authorizationPrivateKey: pair.privateKey,
      recipient: RECIPIENT,
      amountWei: AMOUNT,
      dailyCapWei: DAILY_CAP,
      intervalMs: 24 * 60 * 60 * 1000,
    })
    try {
      const payments = backend.payments!
      const gatehouse = createGatehouseClient({ appId, apiUrl: stack.apiUrl, appSecret, authorizationPrivateKey: pair.privateKey })
      // The wallet the widget's account names is the wallet the server-side API knows.
      const [listed] = await gatehouse.wallets.list({ userId })
      expect(listed).toMatchObject({ id: account.id, address, delegated: true })

      const before = BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string)
      const payerBefore = BigInt((await chain.request('eth_getBalance', [address, 'latest'])) as string)
      const first = await payments.subscribe(userId, address)
      expect(first, JSON.stringify(first)).toMatchObject({ ok: true, walletId: account.id })
      const [second] = await payments.tick()
      expect(second, JSON.stringify(second)).toMatchObject({ ok: true })
      for (const hash of [first!.hash!, second!.hash!]) {
        const receipt = (await chain.request('eth_getTransactionReceipt', [hash])) as { status: string; from: string } | null
        expect(receipt).toMatchObject({ status: '0x1', from: address.toLowerCase() })
      }
      expect(BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string) - before).toBe(2n * AMOUNT)
      expect(payerBefore - BigInt((await chain.request('eth_getBalance', [address, 'latest'])) as string)).toBeGreaterThan(2n * AMOUNT)
      // The scheduler stops at its cap; asked anyway, the server's policy refuses with the daily cap's rule.
      expect(await payments.tick()).toEqual([])
      const send = {
        method: 'eth_sendTransaction',
        caip2: 'eip155:31337',
        params: { transaction: { to: RECIPIENT, value: `0x${AMOUNT.toString(16)}`, chain_id: 31337 } },
      } as const
      const over = await gatehouse.wallets.rpc(account.id, send).catch((e: unknown) => e)
      expect(over).toMatchObject({ status: 403, code: 'policy_violation', data: { rule: 'native_value.per_day' } })
      const audit = (await (await api(`/admin/apps/${appId}/audit-log`, { headers: admin })).json()) as {
        data: { action: string; details: Record<string, unknown> }[]
      }
      expect(audit.data).toContainEqual(
        expect.objectContaining({ action: 'wallet.rpc_denied', details: expect.objectContaining({ wallet_id: account.id, rule: 'native_value.per_day' }) }),
      )
      expect(audit.data.filter((row) => row.action === 'wallet.rpc' && row.details.wallet_id === account.id)).toHaveLength(2)

      // The app secret alone signs nothing: no signature, a wrong one, a replayed one.
      const path = `/wallets/${account.id}/rpc`
      const url = `${stack.apiUrl}/api/v1${path}`
      const personal = { method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } }
      const basic = {
        authorization: `Basic ${Buffer.from(`${appId}:${appSecret}`).toString('base64')}`,
        'privy-app-id': appId,
        'content-type': 'application/json',
      }
      const post = (headers: Record<string, string>) => api(path, { method: 'POST', headers: { ...basic, ...headers }, body: JSON.stringify(personal) })
      // The wallet's policy allows only sends; a personal_sign that got through would be a policy_violation, not these.
      const unsigned = await post({})
      expect(unsigned.status).toBe(401)
      expect(await unsigned.json()).toMatchObject({ code: 'invalid_authorization_signature' })
      const stranger = generateAuthorizationKeyPair()
      const wrong = await post(authorizationHeaders(stranger.privateKey, { appId, method: 'POST', url, body: personal, idempotencyKey: 'wrong-key-1' }))
      expect(wrong.status).toBe(401)
      expect(await wrong.json()).toMatchObject({ code: 'invalid_authorization_signature' })
      // A signed request goes through once (here: to the policy's refusal); sent again byte for byte, it is refused as a replay.
      const sendSigned = authorizationHeaders(pair.privateKey, { appId, method: 'POST', url, body: send, idempotencyKey: 'replay-1' })
      const once = await api(path, { method: 'POST', headers: { ...basic, ...sendSigned }, body: JSON.stringify(send) })
      expect(await once.json()).toMatchObject({ code: 'policy_violation' })
      const replayed = await api(path, { method: 'POST', headers: { ...basic, ...sendSigned }, body: JSON.stringify(send) })
      expect(replayed.status).toBe(401)
      expect(await replayed.json()).toMatchObject({ code: 'invalid_authorization_signature' })

      const escrowed = () => database.db.selectFrom('delegated_wallets').selectAll().where('wallet_id', '=', account.id).execute()
      expect(await escrowed()).toHaveLength(1)

      // Back on the same device (the profile reopened): 'Revoke offline access to wallet' → 'Confirm'.
      context = await openProfile(profile)
      page = await context.newPage()
      await page.goto(`${stack.demoUrl}/`)
      await waitForHostEvent(page, 'auth-ready')
      expect(await accounts(page)).toContainEqual(expect.objectContaining({ address, delegated: true }))
      const revoked = hostCall(page, 'revokeWallets')
      await modal(page).getByText('Revoke offline access to wallet').waitFor()
      await modal(page).getByRole('button', { name: 'Confirm' }).click()
      await modal(page).getByText('Success!').waitFor({ timeout: 30000 })
      expect(await revoked).toBe('resolved')
      await context.close()

      // The next server-side call is refused, and the escrowed material is gone from the database.
      const after = await gatehouse.wallets.rpc(account.id, send).catch((e: unknown) => e)
      expect(after).toMatchObject({ code: 'not_delegated' })
      expect(await escrowed()).toEqual([])
      // The demo backend cannot subscribe the wallet again.
      await expect(payments.subscribe(userId, address)).rejects.toMatchObject({ code: 'not_delegated' })
    } finally {
      backend.close()
    }
  })
})

/**
 * Delegated actions end to end (SECURITY.md "Delegated actions"): in Chromium on the demo page,
 * against the real server, the user accepts 'Enable offline access'; the wallet account's
 * `delegated` flag turns on, and a signing service with the server's database and signer key
 * signs personal_sign for that wallet while no browser takes part. 'Not now' and 'Deny' give the
 * host the spec's refusals; 'Confirm' on 'Revoke offline access to wallet' turns the flag off, the
 * escrowed share is gone from the database, and the signing service refuses.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { Browser, Page } from 'playwright-core'
import { hexToBytes, stringToHex, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../server/db/connect.ts'
import { DelegationService } from '../../server/services/delegation/delegations.ts'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { modal, waitForHostEvent } from './helpers.ts'
import { hostCall, login, walletAccounts as accounts, wallets } from './wallet-helpers.ts'

const SECRET = 'e2e-delegation-secret-0123456789-0123456789'

describe('delegated actions through the demo page', () => {
  let stack: Stack
  let browser: Browser
  let appId: string
  let keyDir: string
  let database: DatabaseHandle
  let signer: DelegationService

  beforeAll(async () => {
    keyDir = mkdtempSync(join(tmpdir(), 'gh-signer-key-'))
    const keyFile = join(keyDir, 'signer.key')
    ;[stack, browser] = await Promise.all([startStack({ env: { GATEHOUSE_SECRET: SECRET, GATEHOUSE_SIGNER_KEY_FILE: keyFile } }), launchBrowser()])
    appId = (
      await stack.createApp({
        name: 'Offline Demo',
        embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' }, solana: { createOnLogin: 'users-without-wallets' } },
      })
    ).id
    // The signing service as a host backend's call would reach it: the server's database and signer key, no browser.
    database = await openDatabase({ dbFile: join(stack.stateDir, 'gatehouse.db'), skipMigrations: true })
    signer = new DelegationService({
      db: database.db,
      wallets: undefined as never,
      mfa: undefined as never,
      secret: SECRET,
      signer: { keyFile },
      now: Date.now,
    })
  })
  afterAll(async () => {
    await signer?.close()
    await database?.close()
    await browser?.close()
    await stack?.stop()
    if (keyDir) rmSync(keyDir, { recursive: true, force: true })
  })

  it("'Not now' declines; 'Accept' delegates and the server signs for the wallet; 'Deny' keeps it; 'Confirm' revokes", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await login(page, stack, 'offline.user@example.com')
    await modal(page).getByText('Welcome to Offline Demo').waitFor({ timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    const [eth, sol] = await wallets(page)
    expect(eth).toMatchObject({ chainType: 'ethereum' })
    expect(sol).toMatchObject({ chainType: 'solana' })

    // The host page cannot borrow the device key to hand a share over itself; it may for revoking (its own call).
    const frame = new URL(stack.apiUrl).origin
    const proofs = await page.evaluate(
      async ({ frame, address }) => {
        const iframe = [...document.querySelectorAll('iframe')].find((f) => f.src.startsWith(frame) && f.src.endsWith('/embedded-wallets'))!
        const ask = (htu: string) =>
          new Promise<{ ok: boolean; error?: { type: string } }>((resolve) => {
            const id = `borrow-${Math.random()}`
            window.addEventListener('message', function on(event) {
              if (event.data?.id !== id) return
              window.removeEventListener('message', on)
              resolve(event.data)
            })
            iframe.contentWindow!.postMessage({ tag: 'gatehouse-wallet', id, type: 'device:proof', payload: { htm: 'POST', htu, ath: 'A'.repeat(43) } }, frame)
          })
        return { delegate: await ask(`${frame}/api/v1/embedded_wallets/${address}/delegated_actions`), revoke: await ask(`${frame}/api/v1/wallets/revoke`) }
      },
      { frame, address: eth!.address },
    )
    expect(proofs.delegate).toMatchObject({ ok: false, error: { type: 'invalid_request_arguments' } })
    expect(proofs.revoke.ok).toBe(true)

    // 'Not now': the host hears the spec's refusal, nothing is delegated.
    let answer = hostCall(page, 'delegateWallet', { address: eth!.address, chainType: 'ethereum' })
    await modal(page).getByText('Enable offline access').waitFor()
    await modal(page).getByRole('button', { name: 'Not now' }).click()
    expect(await answer).toBe('User declined delegating actions.')
    expect((await accounts(page)).every((a) => !a.delegated)).toBe(true)
    // An address that is not the user's never opens the screen.
    expect(await hostCall(page, 'delegateWallet', { address: '0x000000000000000000000000000000000000dEaD', chainType: 'ethereum' })).toBe(
      'Address to delegate is not associated with current user.',
    )
    // Revoking needs an existing delegation.
    expect(await hostCall(page, 'revokeWallets')).toBe('The user has no delegated wallets to revoke.')

    // 'Accept': 'Success!', then the modal closes and the promise resolves; the flag is on.
    answer = hostCall(page, 'delegateWallet', { address: eth!.address, chainType: 'ethereum' })
    await modal(page).getByText('Enable offline access').waitFor()
    await modal(page).getByRole('button', { name: 'Accept' }).click()
    await modal(page).getByText('Success!').waitFor({ timeout: 30000 })
    expect(await answer).toBe('resolved')
    const ethAccount = (await accounts(page)).find((a) => a.address === eth!.address)!
    expect(ethAccount.delegated).toBe(true)

    // The tab is closed: the server's signing service signs for the wallet on its own.
    await page.close()
    const message = stringToHex('Scheduled payment #1')
    const signed = await signer.sign({ appId, walletId: ethAccount.id }, { chainType: 'ethereum', method: 'personal_sign', message })
    expect(await verifyMessage({ address: eth!.address as Hex, message: { raw: message }, signature: (signed as { signature: Hex }).signature })).toBe(true)

    // Back on the device (the same browser profile): the Solana wallet too, then 'Deny' keeps both, 'Confirm' revokes both.
    const again = await context.newPage()
    await again.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(again, 'auth-ready')
    expect(await accounts(again)).toContainEqual(expect.objectContaining({ address: eth!.address, delegated: true }))
    answer = hostCall(again, 'delegateWallet', { address: sol!.address, chainType: 'solana' })
    await modal(again).getByRole('button', { name: 'Accept' }).click()
    expect(await answer).toBe('resolved')
    const solAccount = (await accounts(again)).find((a) => a.address === sol!.address)!
    expect(solAccount.delegated).toBe(true)
    const bytes = new TextEncoder().encode('Scheduled payment #2')
    const solSigned = await signer.sign({ appId, walletId: solAccount.id }, { chainType: 'solana', method: 'sign_bytes', bytes })
    expect(ed25519.verify(hexToBytes((solSigned as { signature: Hex }).signature), bytes, base58.decode(sol!.address))).toBe(true)

    answer = hostCall(again, 'revokeWallets')
    await modal(again).getByText('Revoke offline access to wallet').waitFor()
    await modal(again).getByRole('button', { name: 'Deny' }).click()
    expect(await answer).toBe('User declined revoking access to their delegated wallet.')
    expect(await signer.isDelegated({ appId, walletId: ethAccount.id })).toBe(true)

    answer = hostCall(again, 'revokeWallets')
    await modal(again).getByText('Revoke offline access to wallet').waitFor()
    await modal(again).getByRole('button', { name: 'Confirm' }).click()
    await modal(again).getByText('Success!').waitFor({ timeout: 30000 })
    expect(await answer).toBe('resolved')
    expect((await accounts(again)).every((a) => !a.delegated)).toBe(true)
    expect(await database.db.selectFrom('delegated_wallets').selectAll().execute()).toEqual([])
    await expect(signer.sign({ appId, walletId: ethAccount.id }, { chainType: 'ethereum', method: 'personal_sign', message })).rejects.toMatchObject({
      code: 'not_delegated',
    })
    await context.close()
  })
})

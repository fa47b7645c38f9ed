/**
 * The Solana confirmation's Swap row (spec part 3 §2 'rows Amount, Swap, Network and Estimated
 * fee') and a Solana request's uiOptions (§3: title, contractInfo logo, description, buttonText,
 * successHeader, successDescription, isCancellable). Chromium, the real server, the wallet frame
 * and a local Solana cluster.
 */
import { createHash } from 'node:crypto'
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { createTestMint, startLocalSolana, type LocalSolana } from '../svm.ts'
import { waitForHostEvent } from './helpers.ts'
import { settled, startTx, txPrompt } from './eth-helpers.ts'
import { login, wallets } from './wallet-helpers.ts'
import { PROGRAMS } from '../../src/wallets/solana/instructions.ts'

const SOL = 1_000_000_000
const LOGO = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/%3E'

describe('Solana confirmation: the Swap row and uiOptions', () => {
  let stack: Stack
  let browser: Browser
  let sol: LocalSolana
  let page: Page
  let address: string

  async function txBytes(...instructions: TransactionInstruction[]): Promise<string> {
    const { value } = (await sol.request('getLatestBlockhash')) as { value: { blockhash: string } }
    const tx = new Transaction({ feePayer: new PublicKey(address), recentBlockhash: value.blockhash }).add(...instructions)
    return `new Uint8Array(${JSON.stringify([...tx.serialize({ requireAllSignatures: false, verifySignatures: false })])})`
  }
  const row = (name: string) => txPrompt(page).locator('.tx-row', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })

  beforeAll(async () => {
    ;[stack, browser, sol] = await Promise.all([startStack(), launchBrowser(), startLocalSolana()])
    await stack.createApp({
      name: 'Sol Options',
      embeddedWallets: { solana: { createOnLogin: 'users-without-wallets' } },
      solanaCluster: { name: 'localnet', rpcUrl: sol.url },
    })
    page = await (await browser.newContext()).newPage()
    await login(page, stack, 'sol.options@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    address = (await wallets(page)).find((w) => w.chainType === 'solana')!.address
    await sol.airdrop(address, 2 * SOL)
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await sol?.close()
  })

  it("a single Raydium swap shows the Swap row '<in> → <out>' with the mints' symbols and decimals", async () => {
    const usdc = new PublicKey(createTestMint(sol, { symbol: 'USDC', decimals: 6 }))
    const bonk = new PublicKey(createTestMint(sol, { symbol: 'BONK', decimals: 5 }))
    // Raydium CPMM swap_base_input: anchor discriminator, amount_in, minimum_amount_out; accounts 10 and 11 are the input and output mints.
    const accounts = Array.from({ length: 13 }, () => Keypair.generate().publicKey)
    accounts[0] = new PublicKey(address)
    accounts[10] = usdc
    accounts[11] = bonk
    const u64 = (n: bigint) => {
      const b = Buffer.alloc(8)
      b.writeBigUInt64LE(n)
      return b
    }
    const swap = new TransactionInstruction({
      programId: new PublicKey(PROGRAMS.raydiumCpmm),
      keys: accounts.map((pubkey, i) => ({ pubkey, isSigner: i === 0, isWritable: i === 0 })),
      data: Buffer.concat([createHash('sha256').update('global:swap_base_input').digest().subarray(0, 8), u64(1_500_000n), u64(250_000n)]),
    })
    await startTx(page, `modal.sendTransaction(${await txBytes(swap)})`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm transaction' }).waitFor({ timeout: 30000 })
    await expect.poll(() => row('Swap').textContent(), { timeout: 30000 }).toBe('Swap1.5 USDC → 2.5 BONK')
    // The rows in the spec's order: Swap before Network and Estimated fee; no Amount for a swap alone.
    expect(await screen.locator('[part="transaction-summary"] dt').allTextContents()).toEqual(['Swap', 'Network', 'Estimated fee'])
    await screen.getByRole('button', { name: 'Advanced' }).click()
    expect(await screen.locator('[part="transaction-instructions"] li').getAttribute('data-type')).toBe('raydium-swap-base-input')
    await screen.getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toMatchObject({ code: 'USER_REJECTED' })
  })

  it('uiOptions: the title, the logo with its alt text, the description and button text; not cancellable (no Not now, no Close); the success header and description', async () => {
    const options = {
      transactionInfo: { title: 'Tip the author', contractInfo: { imgUrl: LOGO, imgAltText: 'Author avatar' } },
      description: 'A small tip in SOL.',
      buttonText: 'Send tip',
      successHeader: 'Tip sent!',
      successDescription: 'Thank you.',
      isCancellable: false,
    }
    const recipient = Keypair.generate().publicKey
    const transfer = SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: recipient, lamports: SOL / 100 })
    await startTx(
      page,
      `modal.sendTransaction(${await txBytes(transfer)}, { uiOptions: ${JSON.stringify(options)} }).then((r) => ({ signature: r.signature }))`,
    )
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Tip the author' }).waitFor({ timeout: 30000 })
    const logo = screen.locator('img[part~="icon"]')
    expect(await logo.getAttribute('src')).toBe(LOGO)
    expect(await logo.getAttribute('alt')).toBe('Author avatar')
    await screen.getByText('A small tip in SOL.').waitFor()
    expect(await screen.getByText('Sol Options wants your permission to approve the following transaction.').count()).toBe(0)
    const send = screen.getByRole('button', { name: 'Send tip' })
    await expect.poll(() => send.isEnabled(), { timeout: 30000 }).toBe(true)
    expect(await screen.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    expect(await screen.getByRole('button', { name: 'Not now' }).count()).toBe(0)
    expect(await screen.getByRole('button', { name: 'Close' }).count()).toBe(0)
    await send.click()
    await screen.getByRole('heading', { name: 'Tip sent!' }).waitFor({ timeout: 30000 })
    await screen.getByText('Thank you.').waitFor()
    expect(await screen.getByText('Transaction complete!').count()).toBe(0)
    expect((await settled(page)).ok).toMatchObject({ signature: expect.anything() })
    await expect.poll(async () => ((await sol.request('getBalance', [recipient.toBase58()])) as { value: number }).value, { timeout: 15000 }).toBe(SOL / 100)
    await screen.getByRole('button', { name: 'All Done' }).click()
    await screen.locator('[data-screen]').waitFor({ state: 'detached' })
  })
})

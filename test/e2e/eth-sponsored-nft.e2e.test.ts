/**
 * Sponsored gas and NFT calls end to end, in Chromium against the real server and the local EVM:
 * a new user's embedded wallet holds no ether at all; the app sponsors the chain, so the
 * confirmation screen reads 'Sponsored', the button stays 'Approve', and the server's sponsor
 * account pays the gas. The wallet holds an ERC-721 (test/contracts/TestNFT.sol) and moves it.
 */
import type { Browser, Page } from 'playwright-core'
import { getAddress, type Abi, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { compileContracts, startLocalChain, type LocalChain } from '../evm.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, waitForHostEvent } from './helpers.ts'
import { call, fundWallet, settled, startTx, txPrompt } from './eth-helpers.ts'
import { login, wallets } from './wallet-helpers.ts'

const RECIPIENT = getAddress('0x000000000000000000000000000000000000bEEF')
const OPERATOR = getAddress('0x00000000000000000000000000000000000c0ffe')

describe('sponsored gas and NFT calls from a wallet without ether', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let page: Page
  let appId: string
  let address: string
  let nft: Hex
  let nftAbi: Abi
  const sponsorKey = generatePrivateKey()
  const sponsor = privateKeyToAccount(sponsorKey).address
  const deployer = () => privateKeyToAccount(chain.deployerKey).address

  const balance = async (who: string) => BigInt((await chain.request('eth_getBalance', [who, 'latest'])) as string)
  const nonceOf = async (who: string) => Number(await chain.request('eth_getTransactionCount', [who, 'latest']))
  const row = (label: string) => txPrompt(page).locator('.tx-row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })

  /** What the wallet keeps of a sponsored transaction: the allowance it was given minus the fee it was charged. */
  async function leftover(hash: string) {
    const tx = (await chain.request('eth_getTransactionByHash', [hash])) as { gas: string; maxFeePerGas: string }
    const receipt = (await chain.request('eth_getTransactionReceipt', [hash])) as { gasUsed: string; effectiveGasPrice: string }
    return BigInt(tx.gas) * BigInt(tx.maxFeePerGas) - BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
  }

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    const compiled = compileContracts('TestNFT.sol').TestNFT!
    nftAbi = compiled.abi as Abi
    const deployHash = await chain.request('eth_sendTransaction', [{ from: deployer(), data: compiled.bytecode, gas: '0x2dc6c0' }])
    nft = ((await chain.request('eth_getTransactionReceipt', [deployHash])) as { contractAddress: Hex }).contractAddress
    await fundWallet(chain, deployer(), sponsor, 10n ** 18n)
    ;({ id: appId } = await stack.createApp({
      name: 'Sponsored Demo',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url, sponsored: true }],
      defaultChain: 31337,
      // A user is sponsored from the first minute here (the default waits 10 minutes after sign-up).
      gasSponsorship: { privateKey: sponsorKey, maxWeiPerTransaction: String(10n ** 16n), dailyWeiPerUser: String(10n ** 17n), minAccountAgeMinutes: 0 },
    }))
    page = await (await browser.newContext()).newPage()
    await login(page, stack, 'sponsored.owner@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    address = (await wallets(page))[0]!.address
    for (const id of [7n, 8n]) await chain.request('eth_sendTransaction', [{ from: deployer(), to: nft, data: call(nftAbi, 'mint', [address, id]) }])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
  })

  it("an ERC-721 transfer from a 0-ETH wallet: the rows show the token, the fee reads 'Sponsored', Approve sends it and the sponsor pays", async () => {
    expect(await balance(address)).toBe(0n)
    const sponsorNonce = await nonceOf(sponsor)
    const data = call(nftAbi, 'safeTransferFrom', [address, RECIPIENT, 7n])
    await startTx(page, `modal.sendTransaction({ to: '${nft}', data: '${data}' })`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm action' }).waitFor({ timeout: 30000 })
    await expect.poll(() => row('Estimated fee').textContent(), { timeout: 30000 }).toBe('Estimated feeSponsored')
    expect(await row('Token ID').textContent()).toBe('Token ID#7')
    // The local chain names no explorer: addresses are shown (full on hover), linked nowhere.
    expect(await row('From').locator('[title]').getAttribute('title')).toBe(address)
    expect(await row('To').locator('[title]').getAttribute('title')).toBe(RECIPIENT)
    expect(await row('Token address').locator('[title]').getAttribute('title')).toBe(nft)
    expect(await row('To').getByRole('link').count()).toBe(0)
    await screen.locator('[part="balance-card"]').getByText('Balance 0 ETH').waitFor()
    // Sponsored: a wallet without ether is not short of funds, so no 'Add funds' and the button stays 'Approve'.
    expect(await screen.getByText('Add funds on Local chain to complete transaction.').count()).toBe(0)
    await screen.getByRole('button', { name: 'Details' }).click()
    expect(await screen.locator('[part="transaction-details"] .tx-row', { hasText: 'Est. Fees' }).textContent()).toBe('Est. FeesSponsored')
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    const { hash } = (await settled(page)).ok as { hash: string }
    const receipt = (await chain.request('eth_getTransactionReceipt', [hash])) as { status: string; from: string }
    expect(receipt.status).toBe('0x1')
    expect(getAddress(receipt.from)).toBe(address)
    const owner = (await chain.request('eth_call', [{ to: nft, data: call(nftAbi, 'ownerOf', [7n]) }, 'latest'])) as string
    expect(getAddress(`0x${owner.slice(-40)}`)).toBe(RECIPIENT)
    // The sponsor sent one top-up; the wallet paid the fee out of it and keeps only its unused rest.
    expect(await nonceOf(sponsor)).toBe(sponsorNonce + 1)
    expect(await balance(address)).toBe(await leftover(hash))
  })

  it("setApprovalForAll shows the operator and 'Yes'; an ERC-721 approve shows the spender and the token id", async () => {
    const approveAll = call(nftAbi, 'setApprovalForAll', [OPERATOR, true])
    await startTx(page, `modal.sendTransaction({ to: '${nft}', data: '${approveAll}' })`)
    const screen = txPrompt(page)
    await expect.poll(() => row('Approved').textContent(), { timeout: 30000 }).toBe('ApprovedYes')
    expect(await row('Operator').locator('[title]').getAttribute('title')).toBe(OPERATOR)
    // setApprovalForAll moves nothing to anyone: the collection shows once, as 'Token address', never also as 'To'.
    expect(await row('To').count()).toBe(0)
    expect(await row('Token address').locator('[title]').getAttribute('title')).toBe(nft)
    expect(await row('Estimated fee').textContent()).toBe('Estimated feeSponsored')
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    expect((await settled(page)).ok).toMatchObject({ hash: expect.stringMatching(/^0x/) })
    const approved = await chain.request('eth_call', [{ to: nft, data: call(nftAbi, 'isApprovedForAll', [address, OPERATOR]) }, 'latest'])
    expect(BigInt(approved as string)).toBe(1n)

    const approveOne = call(nftAbi, 'approve', [OPERATOR, 8n])
    await startTx(page, `modal.sendTransaction({ to: '${nft}', data: '${approveOne}' })`)
    await expect.poll(() => row('Token ID').textContent(), { timeout: 30000 }).toBe('Token ID#8')
    expect(await row('Spender').locator('[title]').getAttribute('title')).toBe(OPERATOR)
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    expect((await settled(page)).ok).toMatchObject({ hash: expect.stringMatching(/^0x/) })
    const getApproved = (await chain.request('eth_call', [{ to: nft, data: call(nftAbi, 'getApproved', [8n]) }, 'latest'])) as string
    expect(getAddress(`0x${getApproved.slice(-40)}`)).toBe(OPERATOR)
  })

  it("error: sponsorship pays gas, not value: sending more than the wallet holds offers 'Add funds' with funding on, else a disabled Approve; the host gets INSUFFICIENT_BALANCE", async () => {
    const sponsorNonce = await nonceOf(sponsor)
    await stack.patchApp(appId, { funding: { enabled: true, options: [{ method: 'wallets' }] } })
    await page.reload()
    await waitForHostEvent(page, 'auth-ready')
    const after = await eventCount(page)
    const screen = txPrompt(page)
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 10n ** 18n })`)
    await expect.poll(() => row('Estimated fee').textContent(), { timeout: 30000 }).toBe('Estimated feeSponsored')
    await screen.getByText('Add funds on Local chain to complete transaction.').waitFor()
    expect(await screen.getByRole('button', { name: 'Add funds' }).isEnabled()).toBe(true)
    expect(await screen.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    await screen.getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE', message: 'Add funds on Local chain to complete transaction.' })
    expect((await waitForHostEvent(page, 'tx-error', { after })).detail).toMatchObject({ code: 'INSUFFICIENT_BALANCE' })

    await stack.patchApp(appId, { funding: { enabled: false, options: [{ method: 'wallets' }] } })
    await page.reload()
    await waitForHostEvent(page, 'auth-ready')
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 10n ** 18n })`)
    await screen.getByText('Add funds on Local chain to complete transaction.').waitFor({ timeout: 30000 })
    expect(await screen.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true)
    await expectNoAxeViolations(page, 'sponsored chain, insufficient funds', 'sign-prompt')
    await screen.getByRole('button', { name: 'Close' }).click()
    expect((await settled(page)).err).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE' })
    // Nothing was sponsored for a transfer that could never go through.
    expect(await nonceOf(sponsor)).toBe(sponsorNonce)
  })

  it("error: once the user's daily sponsorship budget is spent, Approve ends on the error screen and nothing is sent", async () => {
    await stack.patchApp(appId, {
      gasSponsorship: { privateKey: sponsorKey, maxWeiPerTransaction: String(10n ** 16n), dailyWeiPerUser: '1', minAccountAgeMinutes: 0 },
    })
    const sponsorNonce = await nonceOf(sponsor)
    const walletNonce = await nonceOf(address)
    const data = call(nftAbi, 'transferFrom', [address, RECIPIENT, 8n])
    await startTx(page, `modal.sendTransaction({ to: '${nft}', data: '${data}' })`)
    const screen = txPrompt(page)
    await expect.poll(() => row('Estimated fee').textContent(), { timeout: 30000 }).toBe('Estimated feeSponsored')
    await screen.getByRole('button', { name: 'Approve' }).click()
    // The title is the spec's words, never a code constant: a send that failed (nothing reverted) is 'Transaction failure' (spec part 2 §8).
    await screen.getByRole('heading', { name: 'Transaction failure' }).waitFor({ timeout: 30000 })
    await screen.getByText('An error has occurred, please try again.').waitFor()
    expect(await screen.getByRole('heading', { name: 'TRANSACTION_FAILURE' }).count()).toBe(0)
    // The error screen's close control is its 'Not now': the host gets the error shown.
    await screen.getByRole('button', { name: 'Close' }).click()
    expect((await settled(page)).err).toMatchObject({ errorCode: 'TRANSACTION_FAILURE', hash: null })
    expect(await nonceOf(sponsor)).toBe(sponsorNonce)
    expect(await nonceOf(address)).toBe(walletNonce)
  })
})

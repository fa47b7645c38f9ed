/**
 * The embedded wallet's EIP-1193 provider used unmodified by viem's wallet client and by a wagmi
 * config, against the real server, the wallet frame and a local EVM. viem and wagmi run in Node;
 * each request they make crosses into the page and goes to `getEthereumProvider()` there, headless.
 */
import { connect, createConfig, createConnector, http as wagmiHttp, sendTransaction as wagmiSend, waitForTransactionReceipt } from '@wagmi/core'
import type { Browser, Page } from 'playwright-core'
import {
  createWalletClient,
  custom,
  defineChain,
  parseTransaction,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
  type EIP1193Provider,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startStack, type Stack } from '../stack.ts'
import { waitForHostEvent } from './helpers.ts'
import { deployTestContracts, fundWallet, settled, startTx } from './eth-helpers.ts'
import { login, wallets } from './wallet-helpers.ts'
import { injectEthereumWallet, newEthereumWallet } from '../wallets.ts'
import { modal } from './helpers.ts'

const RECIPIENT = '0x000000000000000000000000000000000000dEaD'

describe('viem and wagmi through the embedded wallet provider', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let page: Page
  let address: `0x${string}`
  let local: ReturnType<typeof defineChain>
  let deployer: string

  /** An EIP-1193 provider whose every request runs in the page, on the embedded wallet's provider. */
  const bridged = (): EIP1193Provider =>
    ({
      request: ({ method, params }: { method: string; params?: unknown }) =>
        page.evaluate(
          ([a, m, p]) =>
            (document.querySelector('auth-modal') as any)
              .getEthereumProvider(a, { showWalletUIs: false })
              .request({ method: m, params: p })
              .catch((e: any) => Promise.reject(Object.assign(new Error(e.message), { code: e.code }))),
          [address, method, params] as const,
        ),
      on: () => undefined,
      removeListener: () => undefined,
    }) as unknown as EIP1193Provider

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    ;({ deployer } = await deployTestContracts(chain))
    local = defineChain({
      id: 31337,
      name: 'Local chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.url] } },
    })
    await stack.createApp({
      name: 'Provider Demo',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
    })
    page = await (await browser.newContext()).newPage()
    await login(page, stack, 'provider.owner@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    address = (await wallets(page))[0]!.address as `0x${string}`
    await fundWallet(chain, deployer, address, 10n ** 18n)
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
  })

  it("viem's createWalletClient({ transport: custom(provider) }) sends a transaction and reads the chain", async () => {
    const client = createWalletClient({ account: address, chain: local, transport: custom(bridged()) })
    expect(await client.getChainId()).toBe(31337)
    expect(await client.getAddresses()).toEqual([address])
    const hash = await client.sendTransaction({ to: RECIPIENT, value: 12345n, chain: local })
    const receipt = (await chain.request('eth_getTransactionReceipt', [hash])) as { status: string; from: string }
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    // A read forwarded to the chain's RPC through the provider.
    expect(await bridged().request({ method: 'eth_getBalance', params: [RECIPIENT, 'latest'] })).toBe('0x3039')
    // personal_sign and eth_signTypedData_v4 through the same client, checked by viem.
    const message = 'Gatehouse provider check'
    expect(await verifyMessage({ address, message, signature: await client.signMessage({ message }) })).toBe(true)
    const typed = {
      domain: { name: 'Gatehouse', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    } as const
    expect(await verifyTypedData({ address, ...typed, signature: await client.signTypedData(typed) })).toBe(true)
  })

  it('a wagmi config with the provider as its connector sends a transaction', async () => {
    const provider = bridged()
    // wagmi's injected() looks for window.ethereum, absent in Node: a minimal connector hands it the provider.
    const gatehouse = createConnector(() => ({
      id: 'gatehouse',
      name: 'Gatehouse',
      type: 'gatehouse',
      async connect() {
        const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[]
        return { accounts, chainId: Number(await provider.request({ method: 'eth_chainId' })) } as never
      },
      async disconnect() {},
      getAccounts: async () => (await provider.request({ method: 'eth_accounts' })) as `0x${string}`[],
      getChainId: async () => Number(await provider.request({ method: 'eth_chainId' })),
      getProvider: async () => provider,
      isAuthorized: async () => true,
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {},
    }))
    const config = createConfig({
      chains: [local],
      connectors: [gatehouse],
      transports: { [local.id]: wagmiHttp(chain.url) },
    })
    const connection = (await connect(config, { connector: config.connectors[0]! } as never)) as { accounts: readonly string[] }
    expect(connection.accounts).toEqual([address])
    const hash = await wagmiSend(config, { to: RECIPIENT, value: 1n })
    const receipt = await waitForTransactionReceipt(config, { hash })
    expect(receipt.status).toBe('success')
  })

  it('signTransaction answers a signed transaction for this wallet and chain, without sending it', async () => {
    await startTx(page, `modal.signTransaction({ to: '${RECIPIENT}', value: 5n }, { uiOptions: { showWalletUIs: false } })`)
    const { signature } = (await settled(page)).ok as { signature: `0x${string}` }
    const parsed = parseTransaction(signature)
    expect(parsed).toMatchObject({ chainId: 31337, to: RECIPIENT.toLowerCase(), value: 5n })
    expect((await recoverTransactionAddress({ serializedTransaction: signature as never })).toLowerCase()).toBe(address.toLowerCase())
  })

  it("an external EIP-6963 wallet's transaction goes through that wallet, not the embedded one", async () => {
    const external = newEthereumWallet()
    await fundWallet(chain, deployer, external.address, 10n ** 18n)
    const other = await (await browser.newContext()).newPage()
    await injectEthereumWallet(other, external, { rpcUrl: chain.url })
    await other.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(other, 'auth-ready')
    await other.locator('#connect-wallet').click()
    await modal(other)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await waitForHostEvent(other, 'wallet-connected')
    await startTx(other, `modal.sendTransaction({ to: '${RECIPIENT}', value: 77n, chainId: 31337 }, { address: '${external.address}' })`)
    const { hash } = (await settled(other)).ok as { hash: string }
    const receipt = (await chain.request('eth_getTransactionReceipt', [hash])) as { status: string; from: string }
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(external.address.toLowerCase())
    // The wallet itself was asked (after switching to the transaction's chain); no confirmation screen of ours showed.
    const requests = await other.evaluate(() => (window as any).__testEthWallet.requests as string[])
    expect(requests).toEqual(expect.arrayContaining(['wallet_switchEthereumChain', 'eth_sendTransaction']))
    expect(await other.locator('sign-prompt [data-screen]').count()).toBe(0)
  })
})

/**
 * Test wallets for end-to-end tests, injected into a page before it loads:
 * - an EIP-1193 provider announced through EIP-6963, backed by a viem local account;
 * - a Wallet Standard Solana wallet backed by an ed25519 key (@noble/curves).
 * Keys stay in Node: the page-side wallet asks Node to sign through an exposed function, the way a
 * real extension signs in its own process. `rejectNext` makes the next request fail with 4001.
 * `hold` (Ethereum): the next request whose method is listed waits, as a wallet waits for the person
 * in front of it, until `release()`; `waiting` names the method held meanwhile.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import type { Page } from 'playwright-core'
import { createWalletClient, defineChain, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

export interface TestEthereumWallet {
  address: `0x${string}`
  privateKey: `0x${string}`
}
export interface TestSolanaWallet {
  address: string
  secretKey: Uint8Array
}

export const newEthereumWallet = (): TestEthereumWallet => {
  const privateKey = generatePrivateKey()
  return { privateKey, address: privateKeyToAccount(privateKey).address }
}
export const newSolanaWallet = (): TestSolanaWallet => {
  const secretKey = ed25519.utils.randomPrivateKey()
  return { secretKey, address: base58.encode(ed25519.getPublicKey(secretKey)) }
}

const ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#676FFF"/></svg>').toString('base64')

/**
 * Installs an EIP-6963 wallet in `page` (call before `goto`). `failConnect` makes every connect
 * prompt fail with that provider error until `window.__testEthWallet.failConnect` is cleared.
 */
export async function injectEthereumWallet(
  page: Page,
  wallet: TestEthereumWallet,
  o: {
    name?: string
    rdns?: string
    failConnect?: { code: number; message: string }
    /** With it the wallet answers eth_sendTransaction: it signs in Node and broadcasts there, as an extension would. */
    rpcUrl?: string
    /** 'coinbase-extension': installs as `window.coinbaseWalletExtension` (the Coinbase Wallet SDK's extension hook) instead of announcing via EIP-6963. */
    as?: 'eip6963' | 'coinbase-extension'
    /** The chains the wallet knows (hex ids); a switch to another answers 4902 until wallet_addEthereumChain adds it. Absent: every chain. */
    knownChains?: string[]
    /** The chain the wallet is on at first (hex id); default mainnet, '0x1'. */
    chainId?: string
  } = {},
) {
  const account = privateKeyToAccount(wallet.privateKey)
  await page.exposeFunction(`__gatehouseTestEthSign_${wallet.address}`, (hex: `0x${string}`) => account.signMessage({ message: { raw: hex } }))
  const rpcUrl = o.rpcUrl
  if (rpcUrl) {
    await page.exposeFunction(`__gatehouseTestEthSend_${wallet.address}`, async (tx: Record<string, string | undefined>, chainId: string) => {
      const chain = defineChain({
        id: parseInt(chainId, 16),
        name: 'Test',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      })
      const client = createWalletClient({ account, chain, transport: http(rpcUrl) })
      const big = (v: string | undefined) => (v === undefined ? undefined : BigInt(v))
      return client.sendTransaction({ to: tx.to as `0x${string}`, data: tx.data as `0x${string}` | undefined, value: big(tx.value), gas: big(tx.gas) })
    })
  }
  await page.addInitScript(
    ({ address, name, rdns, icon, failConnect, as, knownChains, chainId }) => {
      const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
      // Like an extension, the wallet remembers which sites it is connected to (here: the page's storage).
      const remembered = `__testwallet:eth:${address}`
      const state = {
        rejectNext: 0,
        connected: localStorage.getItem(remembered) === '1',
        chainId,
        requests: [] as string[],
        failConnect: failConnect as { code: number; message: string } | null,
        knownChains: knownChains as string[] | null,
        hold: null as string[] | null,
        waiting: null as string | null,
        release: () => undefined as void,
      }
      // The last wallet installed; every one by its address (a page may hold several).
      ;(window as any).__testEthWallet = state
      ;((window as any).__testEthWallets ??= {})[address] = state
      const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((fn) => fn(value))
      // The account the wallet answers for; `switchAccount` moves it, as a user switching account in the extension.
      let current: string = address
      ;(state as any).switchAccount = (next: string) => {
        current = next
        emit('accountsChanged', [next])
      }
      const reject = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const provider = {
        async request({ method, params }: { method: string; params?: any[] }) {
          state.requests.push(method)
          if (state.hold?.includes(method)) {
            state.hold = null
            state.waiting = method
            await new Promise<void>((resolve) => (state.release = () => ((state.waiting = null), resolve())))
          }
          const prompts = ['eth_requestAccounts', 'wallet_requestPermissions', 'personal_sign']
          if (prompts.includes(method) && state.rejectNext > 0) {
            state.rejectNext--
            throw reject()
          }
          switch (method) {
            case 'eth_requestAccounts':
              if (state.failConnect) throw Object.assign(new Error(state.failConnect.message), { code: state.failConnect.code })
              state.connected = true
              localStorage.setItem(remembered, '1')
              emit('connect', { chainId: state.chainId })
              return [current]
            case 'eth_accounts':
              return state.connected ? [current] : []
            case 'eth_chainId':
              return state.chainId
            case 'net_version':
              return String(parseInt(state.chainId, 16))
            case 'wallet_requestPermissions':
              state.connected = true
              localStorage.setItem(remembered, '1')
              return [{ parentCapability: 'eth_accounts' }]
            case 'wallet_revokePermissions':
              state.connected = false
              localStorage.removeItem(remembered)
              return null
            case 'wallet_addEthereumChain':
              state.knownChains?.push(params![0].chainId)
              return null
            case 'wallet_switchEthereumChain':
              if (state.knownChains && !state.knownChains.includes(params![0].chainId)) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
              state.chainId = params![0].chainId
              emit('chainChanged', state.chainId)
              return null
            case 'personal_sign':
              if (String(params![1]).toLowerCase() !== address.toLowerCase()) throw Object.assign(new Error('Unknown account'), { code: 4100 })
              return (window as any)[`__gatehouseTestEthSign_${address}`](params![0])
            case 'eth_sendTransaction':
              if (!(window as any)[`__gatehouseTestEthSend_${address}`])
                throw Object.assign(new Error('Unsupported method eth_sendTransaction'), { code: 4200 })
              if (String(params![0].from).toLowerCase() !== address.toLowerCase()) throw Object.assign(new Error('Unknown account'), { code: 4100 })
              return (window as any)[`__gatehouseTestEthSend_${address}`](params![0], state.chainId)
            default:
              throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 })
          }
        },
        on(event: string, fn: (...args: unknown[]) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set())
          listeners.get(event)!.add(fn)
        },
        removeListener(event: string, fn: (...args: unknown[]) => void) {
          listeners.get(event)?.delete(fn)
        },
      }
      if (as === 'coinbase-extension') {
        // The extension's legacy hook: the SDK calls setAppInfo, then uses it as the provider.
        ;(window as any).coinbaseWalletExtension = Object.assign(provider, {
          isCoinbaseWallet: true,
          appInfo: null as unknown,
          setAppInfo(...info: unknown[]) {
            this.appInfo = info
          },
        })
        return
      }
      const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), name, icon, rdns }), provider })
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    },
    {
      address: wallet.address,
      name: o.name ?? 'Test Wallet',
      rdns: o.rdns ?? 'dev.gatehouse.testwallet',
      icon: ICON,
      failConnect: o.failConnect ?? null,
      as: o.as ?? 'eip6963',
      knownChains: o.knownChains ?? null,
      chainId: o.chainId ?? '0x1',
    },
  )
}

/**
 * Registers a Wallet Standard Solana wallet in `page` (call before `goto`). `registerLater`: the
 * wallet registers only when the page calls `window.__registerTestSolWallet()` (an extension that
 * loads after the app).
 */
export async function injectSolanaWallet(page: Page, wallet: TestSolanaWallet, o: { name?: string; registerLater?: boolean } = {}) {
  await page.exposeFunction('__gatehouseTestSolSign', (bytes: number[]) => Array.from(ed25519.sign(Uint8Array.from(bytes), wallet.secretKey)))
  await page.addInitScript(
    ({ address, publicKey, name, icon, registerLater }) => {
      const state = { rejectNext: 0, requests: [] as string[] }
      ;(window as any).__testSolWallet = state
      const listeners = new Set<(properties: { accounts?: unknown[] }) => void>()
      const reject = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const sign = async (bytes: Uint8Array) => Uint8Array.from(await (window as any).__gatehouseTestSolSign(Array.from(bytes)))
      const account = Object.freeze({
        address,
        publicKey: Uint8Array.from(publicKey),
        chains: ['solana:mainnet'] as const,
        features: ['solana:signMessage', 'solana:signTransaction'] as const,
      })
      const wallet = {
        version: '1.0.0' as const,
        name,
        icon,
        chains: ['solana:mainnet', 'solana:devnet'],
        accounts: [] as (typeof account)[],
        features: {
          'standard:connect': {
            version: '1.0.0',
            async connect(input?: { silent?: boolean }) {
              state.requests.push(input?.silent ? 'connect:silent' : 'connect')
              const remembered = `__testwallet:sol:${address}`
              // A silent connect (a reconnect) answers accounts only for a site the wallet already trusts.
              if (input?.silent && localStorage.getItem(remembered) !== '1') return { accounts: [] }
              localStorage.setItem(remembered, '1')
              if (state.rejectNext > 0) {
                state.rejectNext--
                throw reject()
              }
              wallet.accounts = [account]
              listeners.forEach((fn) => fn({ accounts: wallet.accounts }))
              return { accounts: wallet.accounts }
            },
          },
          'standard:disconnect': {
            version: '1.0.0',
            async disconnect() {
              localStorage.removeItem(`__testwallet:sol:${address}`)
              wallet.accounts = []
              listeners.forEach((fn) => fn({ accounts: [] }))
            },
          },
          'standard:events': {
            version: '1.0.0',
            on(_event: 'change', fn: (properties: { accounts?: unknown[] }) => void) {
              listeners.add(fn)
              return () => listeners.delete(fn)
            },
          },
          'solana:signMessage': {
            version: '1.0.0',
            async signMessage(...inputs: { message: Uint8Array }[]) {
              state.requests.push('signMessage')
              if (state.rejectNext > 0) {
                state.rejectNext--
                throw reject()
              }
              return Promise.all(inputs.map(async ({ message }) => ({ signedMessage: message, signature: await sign(message) })))
            },
          },
          'solana:signTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            async signTransaction(...inputs: { transaction: Uint8Array }[]) {
              state.requests.push('signTransaction')
              return Promise.all(
                inputs.map(async ({ transaction }) => {
                  const signed = Uint8Array.from(transaction)
                  signed.set(await sign(transaction.subarray(65)), 1)
                  return { signedTransaction: signed }
                }),
              )
            },
          },
        },
      }
      // The Wallet Standard registration handshake (what @wallet-standard/wallet's registerWallet does).
      const callback = ({ register }: { register: (w: unknown) => void }) => register(wallet)
      const registerWallet = () => {
        window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
        window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail))
      }
      if (registerLater) (window as any).__registerTestSolWallet = registerWallet
      else registerWallet()
    },
    {
      address: wallet.address,
      publicKey: Array.from(base58.decode(wallet.address)),
      name: o.name ?? 'Test Solana Wallet',
      icon: ICON,
      registerLater: o.registerLater ?? false,
    },
  )
}

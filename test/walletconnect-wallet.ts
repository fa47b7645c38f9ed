/**
 * A WalletConnect v2 wallet in Node for end-to-end tests: the official SDK on the wallet side
 * (`@walletconnect/sign-client`), backed by a viem local account, on the fake relay. It pairs with
 * a `wc:` URI, approves the session for eip155 and answers `personal_sign`, `eth_chainId` and
 * `eth_accounts`. `rejectNext(n)` makes the next n signature requests fail with the SDK's
 * USER_REJECTED error (code 5000); `rejectProposal()` rejects the next session proposal.
 */
import { SignClient } from '@walletconnect/sign-client'
import { privateKeyToAccount } from 'viem/accounts'
import type { TestEthereumWallet } from './wallets.ts'

type Client = Awaited<ReturnType<typeof SignClient.init>>

/** The SDK's documented reason codes (WalletConnect "Reason codes": 5000 user rejected, 6000 user disconnected). */
const SDK_ERRORS = { USER_REJECTED: { code: 5000, message: 'User rejected.' }, USER_DISCONNECTED: { code: 6000, message: 'User disconnected.' } }
const getSdkError = (key: keyof typeof SDK_ERRORS) => SDK_ERRORS[key]

/** In-memory IKeyValueStorage: each test wallet starts clean and leaves no files. */
class MemoryStorage {
  private map = new Map<string, unknown>()
  async getKeys() {
    return [...this.map.keys()]
  }
  async getEntries<T = unknown>() {
    return [...this.map.entries()] as [string, T][]
  }
  async getItem<T = unknown>(key: string) {
    return this.map.get(key) as T | undefined
  }
  async setItem<T = unknown>(key: string, value: T) {
    this.map.set(key, value)
  }
  async removeItem(key: string) {
    this.map.delete(key)
  }
}

export interface NodeWalletConnectWallet {
  address: `0x${string}`
  client: Client
  /** Methods the dapp asked for, in order, with when they arrived (ms since the epoch). */
  requests: string[]
  requestTimes: number[]
  /** When the session was approved (ms since the epoch), 0 before. */
  approvedAt: () => number
  pair(uri: string): Promise<void>
  /** Resolves with the session topic once a session was approved. */
  approved: Promise<string>
  rejectNext(n?: number): void
  rejectProposal(): void
  /** Ends every session from the wallet side (the dapp sees wc_sessionDelete). */
  disconnectAll(): Promise<void>
  close(): Promise<void>
}

export async function startNodeWallet(
  relayUrl: string,
  wallet: TestEthereumWallet,
  o: { projectId?: string; chainId?: number; /** The wallet's metadata name (e.g. 'MetaMask Wallet'). */ name?: string } = {},
): Promise<NodeWalletConnectWallet> {
  const account = privateKeyToAccount(wallet.privateKey)
  const chainId = o.chainId ?? 1
  const client = await SignClient.init({
    projectId: o.projectId ?? 'test-project-id',
    relayUrl,
    telemetryEnabled: false,
    // Its own core (the SDK shares one per storage prefix in a process): its own client id on the relay.
    customStoragePrefix: `test-wallet-${account.address}`,
    storage: new MemoryStorage() as never,
    logger: 'silent',
    metadata: { name: o.name ?? 'Gatehouse Test Wallet', description: 'Node test wallet', url: 'https://wallet.test', icons: [] },
  })
  // Verify API (verify.walletconnect.org) is unreachable here; the wallet does not consult it.
  client.core.verify.resolve = (async () => undefined) as never

  const requests: string[] = []
  const requestTimes: number[] = []
  let approvedAt = 0
  let rejectSign = 0
  let rejectProposal = false
  let settle!: (topic: string) => void
  const approved = new Promise<string>((resolve) => (settle = resolve))

  client.on('session_proposal', async ({ id, params }) => {
    if (rejectProposal) {
      rejectProposal = false
      await client.reject({ id, reason: getSdkError('USER_REJECTED') })
      return
    }
    const requested = { ...params.requiredNamespaces, ...params.optionalNamespaces }
    const eip155 = requested.eip155
    const chains = [...new Set([`eip155:${chainId}`, ...(eip155?.chains ?? [])])]
    const { acknowledged, topic } = await client.approve({
      id,
      namespaces: {
        eip155: {
          chains,
          accounts: chains.map((c) => `${c}:${account.address}`),
          methods: ['personal_sign', 'eth_chainId', 'eth_accounts', 'wallet_switchEthereumChain'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    })
    await acknowledged()
    approvedAt = Date.now()
    settle(topic)
  })

  client.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request as { method: string; params: unknown[] }
    requests.push(method)
    requestTimes.push(Date.now())
    const respond = (result: unknown) => client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    const fail = (code: number, message: string) => client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } })
    switch (method) {
      case 'personal_sign': {
        if (rejectSign > 0) {
          rejectSign--
          const { code, message } = getSdkError('USER_REJECTED')
          return fail(code, message)
        }
        const [data, address] = args as [`0x${string}`, string]
        if (address.toLowerCase() !== account.address.toLowerCase()) return fail(4100, 'Unknown account')
        return respond(await account.signMessage({ message: { raw: data } }))
      }
      case 'eth_chainId':
        return respond(`0x${chainId.toString(16)}`)
      case 'eth_accounts':
        return respond([account.address])
      default:
        return fail(4200, `Unsupported method ${method}`)
    }
  })

  return {
    address: account.address,
    client,
    requests,
    requestTimes,
    approvedAt: () => approvedAt,
    approved,
    pair: async (uri) => {
      await client.core.pairing.pair({ uri })
    },
    rejectNext: (n = 1) => void (rejectSign = n),
    rejectProposal: () => void (rejectProposal = true),
    disconnectAll: async () => {
      for (const session of client.session.getAll()) await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
    },
    close: async () => {
      await client.core.relayer.transportClose().catch(() => {})
    },
  }
}

/**
 * WalletConnect v2 as a @wagmi/core connector (connectorType 'wallet_connect_v2'), over the
 * official protocol SDK (`@walletconnect/sign-client`). We render our own QR screen, so neither
 * @wagmi/connectors' `walletConnect` (it pulls @reown/appkit's modal) nor the ethereum-provider is
 * used. Its own lazy chunk: imported only when the user picks a WalletConnect wallet, or when a
 * stored WalletConnect connection is restored after a reload.
 *
 * Nothing phones home beyond the relay: telemetry (pulse) is off, and the Verify API (an
 * attestation iframe and lookups at verify.walletconnect.org) is skipped on this side: it helps
 * wallets flag phishing domains, tells a dapp nothing it needs, and costs ~5 s when unreachable.
 */
import { createConnector, type CreateConnectorFn } from '@wagmi/core'
import { SignClient } from '@walletconnect/sign-client'
import { getAddress, numberToHex } from 'viem'
import { withWalletTimeout } from './walletTimeout.ts'
import { $config } from '../../stores/config.ts'
import { WALLET_CONNECTOR_INIT_MS } from '../../stores/walletFlow.ts'
import * as eth from './ethereum.ts'

type Client = Awaited<ReturnType<typeof SignClient.init>>
type Session = ReturnType<Client['session']['getAll']>[number]

export interface WalletConnectSettings {
  projectId: string
  /** null/undefined = the official relay. */
  relayUrl?: string | null
  /** Keys the SDK's storage, so two apps on one origin keep their own sessions. */
  appId: string
  appName: string
  /** Chains to ask for (CAIP-2 eip155 ids as numbers); the first is the default. */
  chains: number[]
}

/** The SDK's documented reason codes: 5000–5002 are user rejections, 6000 'User disconnected'. */
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }
const REJECTION_CODES = new Set([5000, 5001, 5002])
/** Spec part 2 §9: MetaMask over WalletConnect drops a signature request sent right after connecting. */
export const METAMASK_SIGN_DELAY_MS = 2_500
const METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain']
const EVENTS = ['accountsChanged', 'chainChanged']

let clientPromise: Promise<Client> | null = null
let clientKey = ''

/** One SDK client per page and settings (it owns the relay socket and the session store). */
export function walletConnectClient(s: WalletConnectSettings): Promise<Client> {
  const key = `${s.projectId}|${s.relayUrl ?? ''}|${s.appId}`
  if (clientPromise && clientKey === key) return clientPromise
  clientKey = key
  clientPromise = SignClient.init({
    projectId: s.projectId,
    ...(s.relayUrl ? { relayUrl: s.relayUrl } : {}),
    telemetryEnabled: false,
    customStoragePrefix: `gatehouse:${s.appId}`,
    logger: 'silent',
    metadata: { name: s.appName, description: s.appName, url: globalThis.location.origin, icons: [] },
  }).then((client) => {
    client.core.verify.register = (async () => '') as typeof client.core.verify.register
    client.core.verify.resolve = (async () => undefined) as unknown as typeof client.core.verify.resolve
    return client
  })
  clientPromise.catch(() => (clientPromise = null))
  return clientPromise
}

/** EIP-1193 error with a numeric code (wagmi and viem check `code === 4001`). */
const providerError = (code: number, message: string) => Object.assign(new Error(message), { code })

/** Maps the SDK's rejection (5000 'User rejected.') to EIP-1193's 4001, keeping the message. */
function toProviderError(error: unknown): Error {
  const e = error as { code?: number; message?: string }
  if (typeof e?.code === 'number' && REJECTION_CODES.has(e.code)) return providerError(4001, e.message || 'User rejected the request.')
  if (error instanceof Error) return error
  return providerError(typeof e?.code === 'number' ? e.code : -32603, e?.message ?? 'WalletConnect request failed')
}

const accountsOf = (session: Session | null, chainId?: number) => {
  if (!session) return []
  const all = Object.values(session.namespaces).flatMap((ns) => ns.accounts)
  const on = chainId ? all.filter((a) => a.startsWith(`eip155:${chainId}:`)) : all
  return [...new Set((on.length ? on : all).map((a) => getAddress(a.split(':')[2]!)))]
}
const chainsOf = (session: Session) =>
  [
    ...new Set(
      Object.values(session.namespaces)
        .flatMap((ns) => ns.accounts)
        .map((a) => Number(a.split(':')[1])),
    ),
  ].filter(Number.isFinite)

export interface WalletConnectHooks {
  /** The `wc:` pairing URI, for the QR code / deep link. */
  onDisplayUri?: (uri: string) => void
  /** Reconnect: the stored session topic to restore instead of pairing. */
  restoreTopic?: string
}

/** A live WalletConnect connection: the settled session and the topic it lives on. */
export interface WalletConnectState {
  session: Session | null
  connectedAt: number
}

/**
 * The connector. `hooks` is read on each connect, so the screen can swap the URI listener and the
 * restore path can name a topic.
 */
export function walletConnectConnector(s: WalletConnectSettings, hooks: WalletConnectHooks, state: WalletConnectState): CreateConnectorFn {
  return createConnector((config) => {
    let chainId = s.chains[0] ?? 1
    let client: Client | null = null
    const listeners = new Map<string, Set<(value: unknown) => void>>()
    const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((fn) => fn(value))

    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
        const session = state.session
        switch (method) {
          case 'eth_accounts':
          case 'eth_requestAccounts':
            return accountsOf(session, chainId)
          case 'eth_chainId':
            return numberToHex(chainId)
          case 'net_version':
            return String(chainId)
        }
        if (!session || !client) throw providerError(4900, 'WalletConnect session is disconnected')
        if (method === 'personal_sign' && /metamask/i.test(session.peer.metadata.name)) {
          const wait = state.connectedAt + METAMASK_SIGN_DELAY_MS - Date.now()
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        }
        try {
          const result = await client.request({ topic: session.topic, chainId: `eip155:${chainId}`, request: { method, params: params ?? [] } })
          if (method === 'wallet_switchEthereumChain') {
            chainId = Number((params?.[0] as { chainId: string }).chainId)
            emit('chainChanged', numberToHex(chainId))
          }
          return result
        } catch (error) {
          throw toProviderError(error)
        }
      },
      on(event: string, fn: (value: unknown) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(fn)
      },
      removeListener(event: string, fn: (value: unknown) => void) {
        listeners.get(event)?.delete(fn)
      },
    }

    const ended = (topic: string) => {
      if (state.session?.topic !== topic) return
      state.session = null
      emit('disconnect', providerError(4900, 'WalletConnect session ended'))
      config.emitter.emit('disconnect')
    }

    let watching = false
    const watch = (c: Client) => {
      if (watching) return
      watching = true
      c.on('session_delete', ({ topic }) => ended(topic))
      c.on('session_expire', ({ topic }) => ended(topic))
      c.on('session_update', ({ topic, params }) => {
        if (state.session?.topic !== topic) return
        state.session = { ...state.session, namespaces: params.namespaces }
        config.emitter.emit('change', { accounts: accountsOf(state.session, chainId) })
      })
      c.on('session_event', ({ topic, params }) => {
        if (state.session?.topic !== topic) return
        const { name, data } = params.event as { name: string; data: unknown }
        if (name === 'chainChanged') {
          chainId = Number(data)
          config.emitter.emit('change', { chainId })
        } else if (name === 'accountsChanged') {
          config.emitter.emit('change', { accounts: (data as string[]).map((a) => getAddress(a.split(':').pop()!)) })
        }
      })
    }

    /**
     * Spec part 2 §9: the connector gets 1.5 s to initialise (client started, pairing registered
     * with the relay). Past it: a timed-out request (Retry); the SDK carries on in the background
     * and this pairing is dropped.
     */
    const initialisePairing = async () => {
      const pairing = (async () => {
        const c = await walletConnectClient(s)
        client = c
        watch(c)
        const chains = s.chains.map((id) => `eip155:${id}`)
        return c.connect({ optionalNamespaces: { eip155: { chains, methods: METHODS, events: EVENTS } } })
      })()
      try {
        return await withWalletTimeout(pairing, WALLET_CONNECTOR_INIT_MS)
      } catch (error) {
        pairing.then(
          ({ approval }) => approval().catch(() => {}),
          () => {},
        )
        throw error
      }
    }

    return {
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'walletConnect',
      async connect({ isReconnecting } = {}) {
        if (isReconnecting) {
          client = await walletConnectClient(s)
          watch(client)
          const stored = hooks.restoreTopic ? client.session.getAll().find((x) => x.topic === hooks.restoreTopic) : undefined
          if (!stored || stored.expiry * 1000 < Date.now()) throw providerError(4900, 'No WalletConnect session to restore')
          state.session = stored
        } else {
          const { uri, approval } = await initialisePairing()
          if (uri) hooks.onDisplayUri?.(uri)
          try {
            state.session = await approval()
          } catch (error) {
            throw toProviderError(error)
          }
          state.connectedAt = Date.now()
        }
        const offered = chainsOf(state.session)
        chainId = offered.includes(chainId) ? chainId : (offered.find((c) => s.chains.includes(c)) ?? offered[0] ?? chainId)
        return { accounts: accountsOf(state.session, chainId), chainId } as never
      },
      async disconnect() {
        const session = state.session
        state.session = null
        if (session && client) await client.disconnect({ topic: session.topic, reason: USER_DISCONNECTED }).catch(() => {})
      },
      async getAccounts() {
        return accountsOf(state.session, chainId)
      },
      async getChainId() {
        return chainId
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        if (state.session) return true
        if (!hooks.restoreTopic) return false
        const c = await walletConnectClient(s)
        return c.session.getAll().some((x) => x.topic === hooks.restoreTopic && x.expiry * 1000 > Date.now())
      },
      async switchChain({ chainId: next }) {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(next) }] })
        config.emitter.emit('change', { chainId: next })
        return config.chains.find((c) => c.id === next) ?? config.chains[0]
      },
      onAccountsChanged(accounts) {
        config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },
      onChainChanged(next) {
        config.emitter.emit('change', { chainId: Number(next) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

// --- Used by the connector manager (manager.ts / restore.ts) ---

const hooks: WalletConnectHooks = {}
const state: WalletConnectState = { session: null, connectedAt: 0 }

/** The app's WalletConnect settings, or null when WalletConnect is off or has no project id. */
export function walletConnectSettings(): WalletConnectSettings | null {
  const { appId, app } = $config.get()
  const wc = app?.externalWallets?.walletConnect
  if (!appId || !wc?.projectId || wc.enabled === false) return null
  return { projectId: wc.projectId, relayUrl: wc.relayUrl, appId, appName: app?.name ?? 'Gatehouse', chains: eth.SUPPORTED_CHAINS.map((c) => c.id) }
}

function connector() {
  const settings = walletConnectSettings()
  if (!settings) throw new Error('WalletConnect is not configured for this app')
  return eth.ensureConnector('walletConnect', walletConnectConnector(settings, hooks, state))
}

/** Pairs with a wallet: `onDisplayUri` gets the `wc:` URI to show as a QR code or deep link. */
export async function connectWalletConnect(onDisplayUri: (uri: string) => void): Promise<eth.EthereumConnection & { topic: string }> {
  hooks.onDisplayUri = onDisplayUri
  hooks.restoreTopic = undefined
  const connection = await eth.connectEthereum(connector().id)
  return { ...connection, topic: state.session!.topic }
}

/** Restores the stored session `topic` from the SDK's storage (no prompt); null when it is gone or names another address. */
export async function restoreWalletConnect(topic: string, address: string): Promise<(eth.EthereumConnection & { topic: string }) | null> {
  if (!walletConnectSettings()) return null
  hooks.restoreTopic = topic
  const connection = await eth.reconnectEthereum(connector().id, address)
  return connection ? { ...connection, topic } : null
}

/**
 * The host side of the wallet frame: mounts the hidden iframe (API origin) once per page and app,
 * sends requests with ids and matches replies. Replies are accepted only from that iframe's window
 * and the API origin; nothing here ever sees key material.
 */
import type { FrameReply, FrameRequest, FrameRequests, FrameRequestType } from '../../../frame/src/protocol.ts'
import { EmbeddedWalletError, WALLET_MESSAGES, WalletProxyError } from '../../errors/wallet.ts'
import { $config } from '../../stores/config.ts'
import { $session } from '../../stores/session.ts'
import { registeredMfaGate } from './mfaGate.ts'

/** Spec part 2 §9: wallet proxy initialisation 30 s (creation) / 15 s (import); proxy timeout 30 s. Part 3 §9: 15 s before Solana signing. */
export const PROXY_TIMEOUTS = { initMs: 30_000, importInitMs: 15_000, requestMs: 30_000, solanaInitMs: 15_000 }

const TAG = 'gatehouse-wallet'

const isMissingMfa = (error: unknown) => error instanceof WalletProxyError && error.type === 'missing_or_invalid_mfa'

interface Pending {
  resolve(value: unknown): void
  reject(error: unknown): void
  timer: ReturnType<typeof setTimeout>
}

export class EmbeddedWalletProxy {
  readonly origin: string
  readonly frameUrl: string
  private iframe: HTMLIFrameElement | null = null
  private readyPromise: Promise<void> | null = null
  private pending = new Map<string, Pending>()
  private counter = 0
  private readonly onMessage = (event: MessageEvent) => this.receive(event)

  constructor(apiUrl: string, appId: string) {
    this.origin = new URL(apiUrl || location.origin, location.href).origin
    this.frameUrl = `${this.origin}/apps/${encodeURIComponent(appId)}/embedded-wallets`
  }

  get mounted(): boolean {
    return this.iframe !== null
  }

  /** Mounts the frame and waits for its 'ready' answer. */
  ready(timeoutMs = PROXY_TIMEOUTS.initMs): Promise<void> {
    this.readyPromise ??= this.mount(timeoutMs).catch((error) => {
      this.readyPromise = null
      this.destroy()
      throw error
    })
    return this.readyPromise
  }

  private async mount(timeoutMs: number): Promise<void> {
    window.addEventListener('message', this.onMessage)
    const iframe = document.createElement('iframe')
    iframe.src = this.frameUrl
    iframe.title = 'Gatehouse wallet'
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
    iframe.dataset.gatehouseWalletFrame = ''
    iframe.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden'
    const loaded = new Promise<void>((resolve, reject) => {
      iframe.addEventListener('load', () => resolve(), { once: true })
      iframe.addEventListener('error', () => reject(new EmbeddedWalletError(WALLET_MESSAGES.proxyInitFailed)), { once: true })
    })
    this.iframe = iframe
    document.body.append(iframe)
    const deadline = Date.now() + timeoutMs
    await withTimeout(loaded, timeoutMs)
    // The frame's module runs before its load event; a 'ready' round trip proves it listens.
    await this.send('ready', {}, Math.max(1000, deadline - Date.now()))
  }

  async request<T extends FrameRequestType>(
    type: T,
    payload: FrameRequests[T]['payload'],
    timeoutMs = PROXY_TIMEOUTS.requestMs,
  ): Promise<FrameRequests[T]['result']> {
    await this.ready()
    try {
      return await this.send(type, payload, timeoutMs)
    } catch (error) {
      // An MFA-protected call (spec part 2 §4): verify, then retry (the registered gate, src/mfa/gate.ts).
      const gate = registeredMfaGate()
      if (type === 'mfa:verify' || !isMissingMfa(error) || !gate) throw error
      return gate(() => this.send(type, payload, timeoutMs), isMissingMfa, error)
    }
  }

  private send<T extends FrameRequestType>(type: T, payload: FrameRequests[T]['payload'], timeoutMs: number): Promise<FrameRequests[T]['result']> {
    const target = this.iframe?.contentWindow
    if (!target) return Promise.reject(new EmbeddedWalletError(WALLET_MESSAGES.proxyFailed))
    const id = `${Date.now().toString(36)}-${(this.counter++).toString(36)}`
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new EmbeddedWalletError(WALLET_MESSAGES.proxyFailed, { code: 'wallet_timeout', details: `No answer to ${type} in ${timeoutMs} ms` }))
      }, timeoutMs)
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer })
      const message: FrameRequest<T> = { tag: TAG, id, type, payload }
      target.postMessage(message, this.origin)
    })
  }

  private receive(event: MessageEvent): void {
    if (event.origin !== this.origin || !this.iframe || event.source !== this.iframe.contentWindow) return
    const reply = event.data as FrameReply
    if (!reply || reply.tag !== TAG) return
    const pending = this.pending.get(reply.id)
    if (!pending) return
    this.pending.delete(reply.id)
    clearTimeout(pending.timer)
    if (reply.ok) pending.resolve(reply.result)
    else pending.reject(new WalletProxyError(reply.error))
  }

  destroy(): void {
    window.removeEventListener('message', this.onMessage)
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer)
      pending.reject(new EmbeddedWalletError(WALLET_MESSAGES.proxyFailed))
    }
    this.pending.clear()
    this.iframe?.remove()
    this.iframe = null
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new EmbeddedWalletError(WALLET_MESSAGES.proxyInitFailed, { code: 'wallet_timeout' })), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

let current: { key: string; proxy: EmbeddedWalletProxy; stop(): void } | null = null

/** The page's one proxy for the configured app (rebuilt when app id or API URL change). */
export function getWalletProxy(): EmbeddedWalletProxy {
  const { appId, apiUrl } = $config.get()
  if (!appId) throw new EmbeddedWalletError(WALLET_MESSAGES.proxyFailed, { code: 'NOT_INITIALIZED' })
  const key = `${appId}|${apiUrl}`
  if (current?.key !== key) {
    current?.stop()
    const proxy = new EmbeddedWalletProxy(apiUrl, appId)
    // Logging out makes the frame forget every unlocked wallet.
    const unlisten = $session.listen(({ status }) => {
      if (status === 'unauthenticated' && proxy.mounted) void proxy.request('wallets:clear', {}).catch(() => undefined)
    })
    current = { key, proxy, stop: () => (unlisten(), proxy.destroy()) }
  }
  return current.proxy
}

import { atom } from 'nanostores'

/** Why the wallet list was opened: log in (SIWE/SIWS), link to the signed-in user, or only connect. */
export type WalletIntent = 'login' | 'link' | 'connect'
export type WalletChainType = 'ethereum' | 'solana'

/**
 * Spec part 2 §4 "Wallet connection": connecting → connected (signing requested) → signing →
 * success | error, with switching_to_supported_chain on the way when the wallet is on a chain we
 * do not support. Up to 2 retries.
 */
export type WalletConnectionStatus = 'idle' | 'connecting' | 'switching_to_supported_chain' | 'connected' | 'signing' | 'success' | 'error'

export interface WalletFlowError {
  title: string
  detail: string | null
  /** Retry is offered (while fewer than 2 retries were used). */
  retryable: boolean
}

export interface WalletFlow {
  intent: WalletIntent
  status: WalletConnectionStatus
  retries: number
  error: WalletFlowError | null
}

/**
 * Spec part 2 §9 "connector initialization 1.5 s": how long a connect waits for an SDK connector
 * to initialise (WalletConnect: its client started and the pairing registered with the relay, so
 * the `wc:` URI exists). Past it the connect fails as a timed-out wallet request with Retry; the
 * SDK keeps starting in the background, so the Retry finds it ready.
 */
export const WALLET_CONNECTOR_INIT_MS = 1_500

/** Spec part 2 §9: wallet connection retries. */
export const WALLET_MAX_RETRIES = 2

export const $walletFlow = atom<WalletFlow>({ intent: 'login', status: 'idle', retries: 0, error: null })

const NEXT: Record<WalletConnectionStatus, WalletConnectionStatus[]> = {
  idle: ['connecting'],
  connecting: ['switching_to_supported_chain', 'connected', 'success', 'error'],
  switching_to_supported_chain: ['connected', 'success', 'error'],
  connected: ['signing', 'error', 'connecting'],
  signing: ['success', 'error'],
  success: ['idle'],
  error: ['connecting', 'signing', 'idle'],
}

/** Moves the flow; an impossible move (a double click, a stale callback) is ignored and reported false. */
export function setWalletStatus(status: WalletConnectionStatus, error: WalletFlowError | null = null): boolean {
  const flow = $walletFlow.get()
  if (flow.status !== status && !NEXT[flow.status].includes(status)) return false
  $walletFlow.set({ ...flow, status, error: status === 'error' ? error : null })
  return true
}

export function startWalletFlow(intent: WalletIntent): void {
  $walletFlow.set({ intent, status: 'idle', retries: 0, error: null })
}

/** A retry counts against the limit; false once the 2 retries are used. */
export function takeWalletRetry(): boolean {
  const flow = $walletFlow.get()
  if (flow.retries >= WALLET_MAX_RETRIES) return false
  $walletFlow.set({ ...flow, retries: flow.retries + 1 })
  return true
}

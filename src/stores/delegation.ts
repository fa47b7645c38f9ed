/**
 * The pending delegated-actions request (spec part 2 'Delegated actions'): 'Enable offline access'
 * for one wallet, or 'Revoke offline access to wallet'. The screen renders it and the flow in
 * src/wallets/embedded/delegation.ts moves it: consent → submitting → success | error, and the
 * success or error closes after 2.5 s (spec part 3 §4).
 */
import { pendingStore } from './pending.ts'
import type { ChainType } from './wallets.ts'

export type DelegationKind = 'delegate' | 'revoke'
export type DelegationStatus = 'consent' | 'submitting' | 'success' | 'error'

export interface DelegationRequest {
  kind: DelegationKind
  /** The wallet to delegate (delegate only). */
  wallet?: { address: string; chainType: ChainType }
  status: DelegationStatus
}

export const $delegation = pendingStore<DelegationRequest, void>()

/** Spec part 2 §9: delegation success or error closes after 2.5 s; the frame's delegation waits 15 s. */
export const DELEGATION_TIMING = { closeMs: 2500, waitMs: 15_000 }

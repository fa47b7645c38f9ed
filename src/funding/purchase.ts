/**
 * A card or exchange purchase in progress, kept across a reload (spec part 3 §9: "partner id stored
 * after 5 s", "transaction id stored after 8 s").
 *
 * The spec stores the provider's id a fixed time after the popup got the provider's page (the
 * provider needs that long to know the purchase), and polling starts only once it is stored. We
 * store it in sessionStorage (this tab only, like the popup it belongs to), so a reload or a
 * reopened modal resumes the status screen instead of losing a purchase the user may be paying for.
 * A reload before the id is stored finds nothing, as in the spec (there is no id yet). The stored
 * purchase is gone once it ends: success, failure, or back to the method chooser.
 */
import type { FundingConfig } from './config.ts'
import { FUNDING_TIMING } from './flows.ts'

export type PurchaseProvider = 'moonpay' | 'coinbase'

export interface StoredPurchase {
  provider: PurchaseProvider
  /** The card provider's externalTransactionId, or the on-ramp's partnerUserId. */
  id: string
  /** Which button started a Coinbase-style purchase (its status screen's `via`). */
  via?: 'card' | 'exchange'
  /** The signed-in user it belongs to: another user on this tab never resumes it. */
  userId: string
  config: FundingConfig
  storedAt: number
  /** The terminal status already reported to analytics (a purchase that stays shown, like a bank payment waiting authorization). */
  reported?: string
}

export interface PurchaseStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface PurchaseClock {
  now: () => number
  setTimer: (run: () => void, ms: number) => unknown
}

const realClock: PurchaseClock = { now: () => Date.now(), setTimer: (run, ms) => setTimeout(run, ms) }

/** sessionStorage, or nothing where it is missing or blocked (the purchase then lives for the page only). */
export function sessionPurchaseStorage(): PurchaseStorage | null {
  try {
    return (globalThis as { sessionStorage?: PurchaseStorage }).sessionStorage ?? null
  } catch {
    return null
  }
}

export const purchaseKey = (appId: string) => `gatehouse:${appId}:purchase`

/** Spec §9: how long after the popup got the provider's page the id is stored. */
export const storeDelayMs = (provider: PurchaseProvider) =>
  provider === 'moonpay' ? FUNDING_TIMING.moonpayTransactionIdStoreMs : FUNDING_TIMING.coinbasePartnerIdStoreMs

/**
 * Stores the purchase's id after the spec's delay, then calls `onStored` (which starts polling).
 * Answers a cancel, for a user who left the purchase inside the modal (back to the chooser); closing
 * the modal does not cancel it: the popup may still complete the purchase, and reopening resumes it.
 */
export function storePurchaseLater(
  appId: string,
  purchase: Omit<StoredPurchase, 'storedAt'>,
  onStored: () => void,
  { storage = sessionPurchaseStorage(), clock = realClock }: { storage?: PurchaseStorage | null; clock?: PurchaseClock } = {},
): () => void {
  let cancelled = false
  clock.setTimer(() => {
    if (cancelled) return
    try {
      storage?.setItem(purchaseKey(appId), JSON.stringify({ ...purchase, storedAt: clock.now() } satisfies StoredPurchase))
    } catch {
      // Quota or blocked storage: the purchase is then not resumable, but polling still runs.
    }
    onStored()
  }, storeDelayMs(purchase.provider))
  return () => void (cancelled = true)
}

/** The stored purchase of `userId` in this app, if any (malformed or another user's: none). */
export function readPurchase(appId: string, userId: string | null | undefined, storage = sessionPurchaseStorage()): StoredPurchase | null {
  if (!userId || !storage) return null
  try {
    const raw = storage.getItem(purchaseKey(appId))
    const stored = raw ? (JSON.parse(raw) as StoredPurchase) : null
    if (!stored || stored.userId !== userId || typeof stored.id !== 'string' || (stored.provider !== 'moonpay' && stored.provider !== 'coinbase')) return null
    return stored
  } catch {
    return null
  }
}

/** Ends the stored purchase (it succeeded, failed, or the flow went back to the chooser). */
export function clearPurchase(appId: string, storage = sessionPurchaseStorage()): void {
  try {
    storage?.removeItem(purchaseKey(appId))
  } catch {
    /* see storePurchaseLater */
  }
}

/**
 * Spec part 3 §4: a terminal status is reported once. A purchase that stays stored after it ends (a
 * non-card payment waiting authorization: the status screen keeps showing it) remembers the status it
 * reported, so a reopened modal or a reload does not report it again. Answers whether to report now.
 */
export function markPurchaseReported(appId: string, status: string, storage = sessionPurchaseStorage()): boolean {
  try {
    const raw = storage?.getItem(purchaseKey(appId))
    if (!raw) return true
    const stored = JSON.parse(raw) as StoredPurchase
    if (stored.reported === status) return false
    storage!.setItem(purchaseKey(appId), JSON.stringify({ ...stored, reported: status } satisfies StoredPurchase))
  } catch {
    /* see storePurchaseLater: reported, but not remembered */
  }
  return true
}

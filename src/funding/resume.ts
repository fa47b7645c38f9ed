/**
 * Resuming a stored card or exchange purchase (src/funding/purchase.ts): after a reload (the page
 * starts with the user signed in and a purchase stored) or when the host opens funding again for the
 * same wallet, the modal shows that purchase's status screen, which polls the stored id.
 */
import { $config } from '../stores/config.ts'
import { $modal, pushScreen, type ScreenEntry } from '../stores/modal.ts'
import { $session } from '../stores/session.ts'
import { readPurchase, type StoredPurchase } from './purchase.ts'
import { startFunding } from './session.ts'

export function purchaseScreen(purchase: StoredPurchase): ScreenEntry {
  return purchase.provider === 'moonpay'
    ? { name: 'funding-card', resume: purchase.id }
    : { name: 'funding-exchange', via: purchase.via ?? 'exchange', resume: purchase.id }
}

/** The signed-in user's stored purchase, for `address` when given. */
export function storedPurchase(address?: string): StoredPurchase | null {
  const stored = readPurchase($config.get().appId ?? '', $session.get().user?.id)
  return stored && (!address || stored.config.address.toLowerCase() === address.toLowerCase()) ? stored : null
}

/** Starts the funding flow on the chooser with the purchase's status on top (its back button leaves the purchase). */
export function startResumedPurchase(purchase: StoredPurchase) {
  const flow = startFunding({ ...purchase.config, usingDefaultFundingMethod: false }, { name: 'funding-methods' })
  pushScreen(purchaseScreen(purchase))
  return flow
}

/**
 * True when a status screen goes away because the user went back to the method chooser in the open
 * modal: the purchase is given up. A closed modal (or one reopened on the purchase) keeps it.
 */
export function leftForChooser(): boolean {
  const { open, stack } = $modal.get()
  return open && stack.at(-1)?.name === 'funding-methods'
}

/** After a reload: reopens the modal on the stored purchase's status (nothing when none, or when the modal is busy). */
export function resumeStoredPurchase(): void {
  const stored = storedPurchase()
  if (!stored || $modal.get().open) return
  // No host call awaits this flow: its outcome is reported by the fund-success / fund-error events.
  startResumedPurchase(stored).catch(() => {})
}

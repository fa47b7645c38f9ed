/**
 * What the card and exchange status screens share (spec part 3 §4, §9): take the popup the method
 * button opened, let the screen point it at the provider, store the provider's id after the spec's
 * delay and poll it from then on; or, for a purchase stored before a reload, poll its id at once.
 * Leaving for the method chooser gives the purchase up (src/funding/resume.ts `leftForChooser`).
 */
import { FUNDING_MESSAGES } from '../errors/funding.ts'
import { takeFundingPopup } from './popup.ts'
import { clearPurchase, storePurchaseLater, type StoredPurchase } from './purchase.ts'
import { leftForChooser } from './resume.ts'
import { backToChooser } from './session.ts'

export interface PurchaseRun {
  /** False once the screen went away: an answer that comes later changes nothing. */
  live: () => boolean
  /** Stores the purchase after the spec's delay (5 s / 8 s), then polls its id. */
  storeThenPoll: (purchase: Omit<StoredPurchase, 'storedAt'>) => void
}

export interface PurchasePollingOptions {
  /** The id of a purchase stored before a reload or a closed modal: polled again, no popup. */
  resume?: string
  everyMs: number
  /** Poll once right away as well as every `everyMs` (the card provider does). */
  pollAtOnce?: boolean
  poll: (id: string, live: () => boolean) => Promise<void>
  /** Points the popup at the provider; `false` when the screen gave up (it went back itself). */
  open: (popup: Window, run: PurchaseRun) => boolean | void
}

/**
 * Starts a status screen's purchase; answers the screen's effect cleanup (none when it went back
 * to the chooser before anything started).
 *
 * @example
 * useEffect(() => pollPurchase(appId, { resume, everyMs: 3000, poll, open: (win, run) => … }), [])
 */
export function pollPurchase(appId: string, { resume, everyMs, pollAtOnce = false, poll, open }: PurchasePollingOptions): (() => void) | undefined {
  let stopped = false
  let timer: ReturnType<typeof setInterval> | undefined
  let cancelStore: (() => void) | undefined
  const live = () => !stopped
  const startPolling = (id: string) => {
    if (stopped) return
    const tick = () => void poll(id, live)
    timer = setInterval(tick, everyMs)
    if (pollAtOnce) tick()
  }
  const cleanup = () => {
    stopped = true
    clearInterval(timer)
    if (leftForChooser()) {
      cancelStore?.()
      clearPurchase(appId)
    }
  }
  if (resume) {
    startPolling(resume)
    return cleanup
  }
  const win = takeFundingPopup()
  if (!win) {
    backToChooser(FUNDING_MESSAGES.popupBlocked)
    return undefined
  }
  const run: PurchaseRun = {
    live,
    storeThenPoll: (purchase) => void (cancelStore = storePurchaseLater(appId, purchase, () => startPolling(purchase.id))),
  }
  return open(win, run) === false ? undefined : cleanup
}

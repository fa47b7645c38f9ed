/**
 * Spec part 3 §4, the transaction states (Ethereum and Solana alike), as data: which moves are
 * allowed, and what the main button says. The controller (controller.ts) follows these; tests check
 * them without a DOM.
 */
export type TxPhaseName = 'preparing' | 'ready' | 'submitting' | 'awaiting-receipt' | 'success' | 'error'

export type TxEvent = 'prepared' | 'approve' | 'auto' | 'broadcast' | 'receipt' | 'signed' | 'fail' | 'retry' | 'step'

const MOVES: Record<TxPhaseName, Partial<Record<TxEvent, TxPhaseName>>> = {
  // 'auto': headless (showWalletUIs: false) approves by itself, without a review.
  preparing: { prepared: 'ready', auto: 'submitting', fail: 'error' },
  // 'step': a batch's 'Continue' or back, which prepares the other step.
  ready: { approve: 'submitting', step: 'preparing' },
  // 'signed': sign-only mode ends without a broadcast; 'broadcast' shows the hash while the receipt is awaited.
  submitting: { broadcast: 'awaiting-receipt', signed: 'success', fail: 'error' },
  // A batch's next step is signed after the previous receipt.
  'awaiting-receipt': { receipt: 'success', approve: 'submitting', fail: 'error' },
  success: {},
  error: { retry: 'preparing' },
}

/** The next state, or null when the event does not apply (the screen ignores it). */
export function txTransition(from: TxPhaseName, event: TxEvent): TxPhaseName | null {
  return MOVES[from][event] ?? null
}

/**
 * The main button: 'Continue' on a batch step before the last, 'Add funds' when funds are missing
 * and funding is available, else 'Approve' (or the app's text). `fundsMissing` already leaves the fee
 * out when the app sponsors the gas: sponsorship pays gas, not value, so a sponsored transfer of more
 * than the balance needs funds all the same. Missing funds without funding disable the button
 * (`blocked`), with the reason beside it.
 */
export function mainButton(o: { last: boolean; fundsMissing: boolean; fundingEnabled: boolean }): 'Continue' | 'Add funds' | 'Approve' {
  if (!o.last) return 'Continue'
  if (o.fundsMissing && o.fundingEnabled) return 'Add funds'
  return 'Approve'
}

/** Approve cannot succeed: the funds are missing and nothing here can add them. */
export const approveBlocked = (o: { last: boolean; fundsMissing: boolean; fundingEnabled: boolean }) => o.last && o.fundsMissing && !o.fundingEnabled

/**
 * Spec part 3 §2: the Ethereum confirmation's title when the host gives none: 'Approve <action>' when
 * the host names the action; 'Confirm address' for a request that moves no value and calls nothing
 * (all it carries is the address, e.g. a zero-value transaction an app asks for to prove the
 * address); otherwise 'Confirm action'.
 */
export function titleKind(tx: { data?: string; value?: bigint | number | string }, action?: string): 'approve' | 'address' | 'action' {
  if (action) return 'approve'
  const calls = Boolean(tx.data && tx.data !== '0x')
  let value: bigint
  try {
    value = BigInt(tx.value ?? 0)
  } catch {
    return 'action'
  }
  return !calls && value === 0n ? 'address' : 'action'
}

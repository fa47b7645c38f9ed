/**
 * Spec part 2 §9 wallet constants. Mutable (like src/flows/timing.ts) so browser tests can shorten
 * the 120 s request timeout instead of waiting for it.
 */
export const WALLET_TIMING = {
  /** A wallet request (connect, sign, switch) gives up after this. */
  requestTimeoutMs: 120_000,
  /** How long the list waits for injected wallets to announce themselves before 'No wallets available'. */
  detectionMs: 3_000,
  /** Mobile redirect: 'Still here?' after this. */
  stillHereMs: 1_000,
  /** WalletConnect mobile redirect: how often the page checks whether the wallet app took over. */
  walletConnectRedirectPollMs: 500,
  /** Connect-only: the connect callback fires this long after success. */
  connectCallbackMs: 1_400,
}

/** Spec §9 list geometry. */
export const WALLET_LIST_GEOMETRY = { rowHeight: 54, gap: 5, visibleRows: 6 }

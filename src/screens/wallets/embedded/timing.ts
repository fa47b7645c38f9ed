/** Spec delays for the wallet screens; mutable so browser tests may shorten them. */
export const WALLET_TIMING = {
  /** Wallet-created screen closes by itself. */
  createdCloseMs: 2500,
  /** Success (recovery, password set when started automatically, sign) closes. */
  successCloseMs: 1400,
  /** The export interstitial shows at least this long. */
  exportInterstitialMinMs: 1000,
}

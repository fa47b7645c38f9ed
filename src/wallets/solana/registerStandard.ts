/**
 * Registers the embedded Solana wallet with the Wallet Standard once the user has one. Only this
 * subscription is in the entry chunk; the wallet object (standard.ts) loads when needed.
 */
import { $wallets } from '../../stores/wallets.ts'

export function registerStandardWalletWhenReady(): void {
  if (typeof window === 'undefined') return
  let started = false
  const check = (wallets: readonly { chainType: string }[]) => {
    if (started || !wallets.some((w) => w.chainType === 'solana')) return
    started = true
    void import('./standard.ts').then((m) => m.registerSolanaWallet())
  }
  $wallets.subscribe(check)
}

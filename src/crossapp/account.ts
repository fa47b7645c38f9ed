/** Which cross_app account holds a wallet address (small: the landing's provider checks it on every request). */
import type { LinkedAccount } from '../api/user.ts'
import { $session } from '../stores/session.ts'

export interface CrossAppAccount extends LinkedAccount {
  subject: string
  providerApp: { id: string; name?: string }
  embeddedWallets: { address: string; chainType?: string }[]
  smartWallets: { address: string }[]
}

/** The cross_app account whose provider wallet is `address`, or null (an embedded or external wallet). */
export function crossAppAccountOf(address: string | undefined): CrossAppAccount | null {
  if (!address) return null
  const accounts = ($session.get().user?.linkedAccounts ?? []) as CrossAppAccount[]
  const lower = address.toLowerCase()
  return accounts.find((a) => a.type === 'cross_app' && (a.embeddedWallets ?? []).some((w) => w.address.toLowerCase() === lower)) ?? null
}

import { computed } from 'nanostores'
import type { WalletRef } from '../../frame/src/protocol.ts'
import type { User } from '../api/user.ts'
import { $session } from './session.ts'

export type ChainType = 'ethereum' | 'solana'
export type RecoveryMethod = 'privy' | 'privy-v2' | 'user-passcode' | 'google-drive' | 'icloud'

/**
 * A wallet of the user, with the spec's Wallet account fields. Embedded wallets have
 * walletClientType 'privy'; external wallets (another issue) fit the same shape.
 */
export interface Wallet {
  id: string
  address: string
  chainType: ChainType
  chainId: string
  walletClientType: string
  connectorType: string
  walletIndex: number | null
  imported: boolean
  delegated: boolean
  recoveryMethod: RecoveryMethod | null
  entropyId: string | null
  entropyIdVerifier: string | null
}

/** The user's embedded wallets, in the order they were created. */
export function embeddedWalletsOf(user: User | null): Wallet[] {
  if (!user) return []
  return user.linkedAccounts
    .filter((a) => a.type === 'wallet' && a.walletClientType === 'privy')
    .map((a) => ({
      id: String(a.id),
      address: String(a.address),
      chainType: a.chainType as ChainType,
      chainId: String(a.chainId ?? ''),
      walletClientType: 'privy',
      connectorType: String(a.connectorType ?? 'embedded'),
      walletIndex: typeof a.walletIndex === 'number' ? a.walletIndex : null,
      imported: Boolean(a.imported),
      delegated: Boolean(a.delegated),
      recoveryMethod: (a.recoveryMethod as RecoveryMethod) ?? null,
      entropyId: (a.entropyId as string) ?? null,
      entropyIdVerifier: (a.entropyIdVerifier as string) ?? null,
    }))
}

/** The signed-in user's wallets (embedded ones from the session user). */
export const $wallets = computed($session, (session) => embeddedWalletsOf(session.user))

export function findWallet(address: string): Wallet | undefined {
  const wanted = address.toLowerCase()
  return $wallets.get().find((w) => w.address.toLowerCase() === wanted)
}

/** How the wallet frame names a wallet it holds the key of (signing, export); null without an entropy id. */
export function walletRef(wallet: Wallet): WalletRef | null {
  if (!wallet.entropyId) return null
  return { entropyId: wallet.entropyId, chainType: wallet.chainType, walletIndex: wallet.walletIndex ?? 0, imported: wallet.imported, address: wallet.address }
}

/** The primary (first non-imported) wallet of a chain. */
export function primaryWallet(chainType: ChainType): Wallet | undefined {
  return $wallets.get().find((w) => w.chainType === chainType && !w.imported && w.walletIndex === 0)
}

/** The HD secret every generated wallet of the user derives from. */
export function hdEntropyId(): string | null {
  return $wallets.get().find((w) => !w.imported)?.entropyId ?? null
}

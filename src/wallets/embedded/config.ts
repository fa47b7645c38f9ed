import type { AppConfig } from '../../api/types.ts'
import type { User } from '../../api/user.ts'
import type { ChainType } from '../../stores/wallets.ts'
import { embeddedWalletsOf } from '../../stores/wallets.ts'

export type CreateOnLogin = 'all-users' | 'users-without-wallets' | 'off'

/** The app's `embeddedWallets` settings with the spec's defaults (creation on login off). */
export interface EmbeddedWalletsConfig {
  ethereum: { createOnLogin: CreateOnLogin }
  solana: { createOnLogin: CreateOnLogin }
  requireUserOwnedRecoveryOnCreate: boolean
  userOwnedRecoveryOptions: string[]
  /** Spec part 2 §3: the app's wallet mode; null is the default. */
  mode: EmbeddedWalletsMode | null
}

export type EmbeddedWalletsMode = 'legacy-embedded-wallets-only' | 'user-controlled-server-wallets-only'
const MODES: readonly string[] = ['legacy-embedded-wallets-only', 'user-controlled-server-wallets-only']

export function embeddedWalletsConfig(app: AppConfig | null): EmbeddedWalletsConfig {
  const raw = (app?.embeddedWallets ?? {}) as Record<string, any>
  const legacy = (raw.createOnLogin as CreateOnLogin | undefined) ?? 'off'
  const ethereum = (raw.ethereum?.createOnLogin as CreateOnLogin | undefined) ?? 'off'
  return {
    ethereum: { createOnLogin: ethereum === 'off' ? legacy : ethereum },
    solana: { createOnLogin: (raw.solana?.createOnLogin as CreateOnLogin | undefined) ?? 'off' },
    requireUserOwnedRecoveryOnCreate: Boolean(raw.requireUserOwnedRecoveryOnCreate),
    userOwnedRecoveryOptions: Array.isArray(raw.userOwnedRecoveryOptions) ? raw.userOwnedRecoveryOptions : ['user-passcode'],
    mode: MODES.includes(raw.mode) ? (raw.mode as EmbeddedWalletsMode) : null,
  }
}

/**
 * Chains that get a wallet after this login: 'all-users' creates one when the user has none on
 * that chain; 'users-without-wallets' only when the user has no wallet at all (any kind, any chain).
 */
export function chainsToCreate(app: AppConfig | null, user: User): ChainType[] {
  const config = embeddedWalletsConfig(app)
  const embedded = embeddedWalletsOf(user)
  const hasAnyWallet = user.linkedAccounts.some((a) => a.type === 'wallet')
  const out: ChainType[] = []
  for (const chain of ['ethereum', 'solana'] as const) {
    const mode = config[chain].createOnLogin
    const hasChain = embedded.some((w) => w.chainType === chain && !w.imported)
    if (mode === 'all-users' && !hasChain) out.push(chain)
    if (mode === 'users-without-wallets' && !hasAnyWallet) out.push(chain)
  }
  return out
}

/** The cloud methods (google-drive, icloud) are shown only when the app enables them. */
export function recoveryOptions(app: AppConfig | null): string[] {
  return embeddedWalletsConfig(app).userOwnedRecoveryOptions
}

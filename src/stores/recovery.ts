import { pendingStore } from './pending.ts'
import type { Wallet } from './wallets.ts'

/**
 * A wallet that needs its recovery password before it can be used: the action waiting for it
 * parks here while the 'Enter your password' screen shows (src/wallets/embedded/recoveryPrompt.ts).
 */
export const $pendingRecovery = pendingStore<{ wallet: Wallet }, void>()

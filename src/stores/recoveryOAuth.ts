import { atom } from 'nanostores'

/** The cloud recovery methods (spec part 2 §3 recoveryMethod). */
export type CloudRecoveryMethod = 'google-drive' | 'icloud'
/** Spec part 2 §4 recovery OAuth actions. */
export type RecoveryOAuthAction = 'create-wallet' | 'set-recovery' | 'recover'

/**
 * The recovery OAuth screen's state (spec part 2 §4): `confirm` ('Confirm it's really you', recover
 * only), `working`, `success` (closes after 1.4 s, or the wallet-created screen after a creation),
 * `error` (with 'Try again').
 */
export interface RecoveryOAuthStatus {
  provider: CloudRecoveryMethod
  action: RecoveryOAuthAction
  state: 'confirm' | 'working' | 'success' | 'error'
  /** What went wrong, when the user can act on it. */
  detail?: string
  /** recover: the wallet; create-wallet: whether the user is new (the wallet-created screen's title). */
  address?: string
  isNewUser?: boolean
  /** recover before an export: the export screen follows the recovery (as after 'Enter your password'). */
  next?: 'export'
}
export const $recoveryOAuth = atom<RecoveryOAuthStatus | null>(null)

/**
 * The recovery OAuth journey (spec part 2 §4): create-wallet and set-recovery start at once from
 * the click that chose the method; recover first shows 'Confirm it's really you' and starts from
 * 'Confirm with X'. Working → success (closes after 1.4 s, or the wallet-created screen when part of
 * account creation) or error ('Try again'). Screens only read `$recoveryOAuth`.
 */
import { closeModal } from '../../actions/closeModal.ts'
import { recoverWallet } from '../../actions/recoverWallet.ts'
import { setWalletRecovery } from '../../actions/setWalletRecovery.ts'
import { toBaseError } from '../../errors/toBaseError.ts'
import { $modal, currentScreen, pushScreen, replaceScreen } from '../../stores/modal.ts'
import { $recoveryOAuth, type CloudRecoveryMethod, type RecoveryOAuthAction, type RecoveryOAuthStatus } from '../../stores/recoveryOAuth.ts'
import { obtainCloudGrant, openRecoveryPopup } from './cloudGrant.ts'
import { createWalletsOnLogin } from './createOnLogin.ts'

export { $recoveryOAuth }

/** Spec part 2 §2: success closes about 1.4 s later; mutable so browser tests may shorten it. */
export const RECOVERY_OAUTH_TIMING = { successCloseMs: 1400 }

/** The provider's name in the screen's texts ('Backing up with Google Drive...'). */
export const CLOUD_LABELS: Record<CloudRecoveryMethod, string> = { 'google-drive': 'Google Drive', icloud: 'iCloud' }

const SCREEN = 'embedded-wallet-recovery-oauth' as const
const shown = () => $modal.get().open && currentScreen().name === SCREEN

/** Shows the screen for `entry` (replacing a recovery-OAuth screen already shown). */
export function showRecoveryOAuth(entry: Omit<RecoveryOAuthStatus, 'state' | 'detail'>, state: 'confirm' | 'working'): void {
  $recoveryOAuth.set({ ...entry, state })
  const screen = { name: SCREEN, provider: entry.provider, action: entry.action }
  if (currentScreen().name === SCREEN) replaceScreen(screen)
  else pushScreen(screen)
}

/**
 * Runs the action with the user's cloud grant. Call it from a click: the popup opens in that task.
 */
export function runRecoveryOAuth({ provider, action, address, isNewUser, next }: Omit<RecoveryOAuthStatus, 'state'>): Promise<void> {
  const popup = openRecoveryPopup()
  const entry = { provider, action, address, isNewUser, next }
  showRecoveryOAuth(entry, 'working')
  return (async () => {
    try {
      const cloud = await obtainCloudGrant(entry.provider, popup)
      if (entry.action === 'set-recovery') await setWalletRecovery({ recoveryMethod: entry.provider, cloud })
      else if (entry.action === 'create-wallet') await createWalletsOnLogin({ recoveryMethod: entry.provider, cloud })
      else await recoverWallet({ address: entry.address!, cloud })
      $recoveryOAuth.set({ ...entry, state: 'success' })
      if (next === 'export' && address) return replaceScreen({ name: 'embedded-wallet-export', address })
      setTimeout(() => {
        if (!shown()) return
        if (entry.action === 'create-wallet') replaceScreen({ name: 'embedded-wallet-created', isNewUser: entry.isNewUser ?? false })
        else closeModal()
      }, RECOVERY_OAUTH_TIMING.successCloseMs)
    } catch (error) {
      const base = toBaseError(error)
      $recoveryOAuth.set({ ...entry, state: 'error', detail: base.details || base.shortMessage })
    }
  })()
}

export type { RecoveryOAuthAction }

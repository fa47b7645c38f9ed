import { useStore } from '@nanostores/react'
import { PrimaryButton } from '../../../ui/Button.tsx'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'
import { Spinner } from '../../../ui/Spinner.tsx'
import { $recoveryOAuth, CLOUD_LABELS, runRecoveryOAuth, type RecoveryOAuthAction } from '../../../wallets/embedded/recoveryOAuth.ts'
import type { CloudRecoveryMethod } from '../../../stores/recoveryOAuth.ts'

/** Spec part 2 §2 texts of the recovery OAuth screen. */
export const RECOVERY_OAUTH_SCREEN_TEXT = {
  backingUp: (x: string) => `Backing up with ${x}...`,
  recovering: (x: string) => `Recovering with ${x}...`,
  confirmTitle: "Confirm it's really you",
  confirmWith: (x: string) => `Confirm with ${x}`,
  recovered: (x: string) => `Successfully recovered with ${x}.`,
  backedUp: (x: string) => `Successfully backed up with ${x}.`,
  backUpFailed: (x: string) => `Back up with ${x} unsuccessful`,
  recoveryFailed: (x: string) => `Recovery with ${x} unsuccessful`,
  pickAccount: (x: string) => `Make sure you choose the ${x} account you backed up with.`,
  tryAgain: 'Try again',
} as const

/**
 * Recovery OAuth (cloud backup and recovery, spec part 2 §2, §4): progress, 'Confirm it's really
 * you' before a recovery, success, or failure with 'Try again' (a new popup from that click).
 */
export default function RecoveryOAuthScreen({ provider, action }: { provider: CloudRecoveryMethod; action: RecoveryOAuthAction }) {
  const status = useStore($recoveryOAuth)
  const label = CLOUD_LABELS[provider]
  const T = RECOVERY_OAUTH_SCREEN_TEXT
  const recover = action === 'recover'
  const current = status && status.provider === provider && status.action === action ? status : null
  const state = current?.state ?? (recover ? 'confirm' : 'working')
  const again = () => current && void runRecoveryOAuth(current)

  if (state === 'confirm') {
    return (
      <div className="body" part="body" data-screen="embedded-wallet-recovery-oauth" data-state="confirm">
        <ScreenTitle>{T.confirmTitle}</ScreenTitle>
        <p className="detail">{T.pickAccount(label)}</p>
        <PrimaryButton onClick={again}>{T.confirmWith(label)}</PrimaryButton>
      </div>
    )
  }
  if (state === 'success') {
    return (
      <div className="body" part="body" data-screen="embedded-wallet-recovery-oauth" data-state="success">
        <ScreenTitle>{recover ? T.recovered(label) : T.backedUp(label)}</ScreenTitle>
      </div>
    )
  }
  if (state === 'error') {
    return (
      <div className="body" part="body" data-screen="embedded-wallet-recovery-oauth" data-state="error">
        <ScreenTitle>{recover ? T.recoveryFailed(label) : T.backUpFailed(label)}</ScreenTitle>
        <p className="detail">{T.pickAccount(label)}</p>
        {current?.detail ? (
          <p className="detail" role="alert">
            {current.detail}
          </p>
        ) : null}
        <PrimaryButton onClick={again}>{T.tryAgain}</PrimaryButton>
      </div>
    )
  }
  const text = recover ? T.recovering(label) : T.backingUp(label)
  return (
    <div className="body" part="body" data-screen="embedded-wallet-recovery-oauth" data-state="working">
      <Spinner label={text} />
      <ScreenTitle>{text}</ScreenTitle>
    </div>
  )
}

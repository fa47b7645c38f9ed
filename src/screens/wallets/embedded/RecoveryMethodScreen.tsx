import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $config } from '../../../stores/config.ts'
import { pushScreen } from '../../../stores/modal.ts'
import { $wallets } from '../../../stores/wallets.ts'
import { PrimaryButton, SecondaryButton } from '../../../ui/Button.tsx'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'
import { recoveryOptions } from '../../../wallets/embedded/config.ts'

const CLOUD: Record<string, string> = { 'google-drive': 'Back up to Google Drive', icloud: 'Back up to Apple iCloud' }
/** Why an enabled cloud option cannot be chosen yet (cloud backup needs the recovery OAuth flow). */
export const CLOUD_UNAVAILABLE = 'Cloud backup is not available yet.'

/** 'Secure your account' / 'Update backup method': the user-owned recovery methods the app enables. */
export default function RecoveryMethodScreen({ purpose, isNewUser = false }: { purpose: 'create' | 'update'; isNewUser?: boolean }) {
  const { app } = useStore($config)
  const wallets = useStore($wallets)
  const [why, setWhy] = useState(false)
  const current = wallets.find((w) => !w.imported)?.recoveryMethod ?? null
  // The current method is hidden when it is a cloud method; cloud methods show only when enabled.
  const options = recoveryOptions(app).filter((o) => !(o === current && o in CLOUD))
  const anyCloud = options.some((o) => o in CLOUD)

  if (why) {
    return (
      <div className="body" part="body" data-screen="embedded-wallet-recovery-why">
        <ScreenTitle>Why do I need to secure my account?</ScreenTitle>
        <p className="detail">Your wallet lives on this device. A backup method lets you recover it on a new device or if this one is lost.</p>
        <PrimaryButton onClick={() => setWhy(false)}>Select backup method</PrimaryButton>
      </div>
    )
  }
  return (
    <div className="body" part="body" data-screen="embedded-wallet-recovery-select">
      <ScreenTitle>{purpose === 'update' ? 'Update backup method' : 'Secure your account'}</ScreenTitle>
      <div className="actions">
        {options.map((option) =>
          option === 'user-passcode' ? (
            <PrimaryButton key={option} onClick={() => pushScreen({ name: 'embedded-wallet-password', purpose, isNewUser, startedByUser: true })}>
              {current === 'user-passcode' ? 'Reset your password' : 'Set a password'}
            </PrimaryButton>
          ) : CLOUD[option] ? (
            // Cloud backup needs the recovery OAuth flow (a later issue): listed because the app
            // enables it, but disabled with a visible reason rather than failing after a click.
            <SecondaryButton key={option} disabled aria-describedby="gh-cloud-unavailable">
              {CLOUD[option]}
            </SecondaryButton>
          ) : null,
        )}
        {anyCloud ? (
          <p className="detail" id="gh-cloud-unavailable">
            {CLOUD_UNAVAILABLE}
          </p>
        ) : null}
        <button type="button" className="link-button" onClick={() => setWhy(true)}>
          Why do I need to secure my account?
        </button>
      </div>
    </div>
  )
}

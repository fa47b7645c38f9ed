import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $config } from '../../../stores/config.ts'
import { pushScreen } from '../../../stores/modal.ts'
import { $wallets } from '../../../stores/wallets.ts'
import { PrimaryButton, SecondaryButton } from '../../../ui/Button.tsx'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'
import { recoveryOptions } from '../../../wallets/embedded/config.ts'
import { runRecoveryOAuth } from '../../../wallets/embedded/recoveryOAuth.ts'
import type { CloudRecoveryMethod } from '../../../stores/recoveryOAuth.ts'

const CLOUD: Record<string, string> = { 'google-drive': 'Back up to Google Drive', icloud: 'Back up to Apple iCloud' }

/** 'Secure your account' / 'Update backup method': the user-owned recovery methods the app enables. */
export default function RecoveryMethodScreen({ purpose, isNewUser = false }: { purpose: 'create' | 'update'; isNewUser?: boolean }) {
  const { app } = useStore($config)
  const wallets = useStore($wallets)
  const [why, setWhy] = useState(false)
  const current = wallets.find((w) => !w.imported)?.recoveryMethod ?? null
  // The current method is hidden when it is a cloud method; cloud methods show only when enabled.
  const options = recoveryOptions(app).filter((o) => !(o === current && o in CLOUD))

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
            // The popup opens in this click's task (spec part 2 §4: create and set-recovery start at once).
            <SecondaryButton
              key={option}
              data-method={option}
              onClick={() =>
                void runRecoveryOAuth({
                  provider: option as CloudRecoveryMethod,
                  action: purpose === 'create' ? 'create-wallet' : 'set-recovery',
                  isNewUser,
                })
              }
            >
              {CLOUD[option]}
            </SecondaryButton>
          ) : null,
        )}
        <button type="button" className="link-button" onClick={() => setWhy(true)}>
          Why do I need to secure my account?
        </button>
      </div>
    </div>
  )
}

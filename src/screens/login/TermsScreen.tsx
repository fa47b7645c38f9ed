import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { acceptTerms } from '../../actions/acceptTerms.ts'
import { closeModal, declineTerms } from '../../actions/closeModal.ts'
import { continueLogin } from '../../flows/completion.ts'
import { $config } from '../../stores/config.ts'
import { pushScreen } from '../../stores/modal.ts'
import { $pendingLogin } from '../../stores/session.ts'
import { LinkButton, PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { mapInitError } from './errorMapping.ts'

/** 'One last step': the app requires terms acceptance before the login counts. */
export default function TermsScreen() {
  const { app } = useStore($config)
  const [busy, setBusy] = useState(false)
  const legal = app?.legal

  async function accept() {
    setBusy(true)
    const pending = $pendingLogin.get()
    try {
      const { user } = await acceptTerms()
      continueLogin({ user, isNewUser: pending?.isNewUser ?? false, loginMethod: pending?.loginMethod ?? 'email' }, 'terms')
    } catch (error) {
      const outcome = mapInitError(error)
      if (outcome.kind === 'screen') pushScreen(outcome.screen)
    } finally {
      setBusy(false)
    }
  }

  function decline() {
    // closeModal declines a pending login itself; without one, log out explicitly.
    if (!$pendingLogin.get()) declineTerms()
    closeModal()
  }

  return (
    <div className="body" part="body" data-screen="terms">
      <ScreenTitle>One last step</ScreenTitle>
      <p className="detail">By signing up, you agree to our terms and privacy policy.</p>
      <div className="actions">
        {legal?.termsAndConditionsUrl ? <LinkButton href={legal.termsAndConditionsUrl}>View Terms</LinkButton> : null}
        {legal?.privacyPolicyUrl ? <LinkButton href={legal.privacyPolicyUrl}>View Privacy Policy</LinkButton> : null}
        <PrimaryButton onClick={accept} disabled={busy} aria-busy={busy || undefined}>
          Accept
        </PrimaryButton>
        <SecondaryButton onClick={decline} disabled={busy}>
          No thanks
        </SecondaryButton>
      </div>
    </div>
  )
}

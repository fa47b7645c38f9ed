import { pushScreen } from '../../stores/modal.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'

/** Spec §2 'Passkey choice': shown when the app allows passkey sign-up (`passkeysForSignupEnabled`). */
export default function PasskeyChoiceScreen() {
  return (
    <div className="body" part="body" data-screen="passkey-choice">
      <ScreenTitle>Log in or create a new account?</ScreenTitle>
      <div className="actions">
        <PrimaryButton onClick={() => pushScreen({ name: 'passkey-status', intent: 'signup' })}>Create new account</PrimaryButton>
        <SecondaryButton onClick={() => pushScreen({ name: 'passkey-status', intent: 'login' })}>Log in with a passkey</SecondaryButton>
      </div>
    </div>
  )
}

import { resetScreens } from '../../stores/modal.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'

/** A test app reached its user limit: new sign-ups are blocked. */
export default function UnableToSignInScreen() {
  return (
    <div className="body" part="body" data-screen="user-limit">
      <ScreenTitle>Unable to sign in</ScreenTitle>
      <p className="detail">This app has reached its user limit.</p>
      <PrimaryButton onClick={() => resetScreens()}>Go back</PrimaryButton>
    </div>
  )
}

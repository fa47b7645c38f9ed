import { resetScreens } from '../../stores/modal.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'

/** No user exists for this login and the app does not allow sign-up here. */
export default function AccountNotFoundScreen() {
  return (
    <div className="body" part="body" data-screen="account-not-found">
      <ScreenTitle>Account not found</ScreenTitle>
      <p className="detail">No account matches this login.</p>
      <PrimaryButton onClick={() => resetScreens()}>Try logging in again</PrimaryButton>
    </div>
  )
}

import { pushScreen } from '../../../stores/modal.ts'
import { PrimaryButton } from '../../../ui/Button.tsx'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'

/** Splash before the password flow when the app requires user-owned recovery at creation. */
export default function SecureAccountScreen({ isNewUser }: { isNewUser: boolean }) {
  return (
    <div className="body" part="body" data-screen="embedded-wallet-secure">
      <ScreenTitle>Secure Your Account</ScreenTitle>
      <p className="detail">Set a password to protect your wallet and recover it on a new device.</p>
      <PrimaryButton onClick={() => pushScreen({ name: 'embedded-wallet-password', purpose: 'create', isNewUser, startedByUser: false })}>
        Add password
      </PrimaryButton>
    </div>
  )
}

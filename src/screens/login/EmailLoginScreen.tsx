import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { EmailLoginForm } from './EmailLoginForm.tsx'

/** E-mail as its own step: 'Continue with Email' when the landing shows no inline input. */
export default function EmailLoginScreen() {
  return (
    <div className="body" part="body" data-screen="email-login">
      <ScreenTitle>Log in with email</ScreenTitle>
      <EmailLoginForm />
    </div>
  )
}

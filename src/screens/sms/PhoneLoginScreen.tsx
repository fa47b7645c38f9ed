import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { LazyPhoneForm } from './LazyPhoneForm.tsx'

/** 'Log in with SMS' (spec §2): the phone input; the code screen then logs in, links or updates. */
export default function PhoneLoginScreen() {
  return (
    <div className="body" part="body" data-screen="sms-login">
      <ScreenTitle>Log in with SMS</ScreenTitle>
      <LazyPhoneForm />
    </div>
  )
}

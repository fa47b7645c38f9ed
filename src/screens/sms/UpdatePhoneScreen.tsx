import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { LazyPhoneForm } from './LazyPhoneForm.tsx'

/** 'Update your phone number' (spec §2): the phone input; the code screen then logs in, links or updates. */
export default function UpdatePhoneScreen() {
  return (
    <div className="body" part="body" data-screen="update-phone">
      <ScreenTitle>Update your phone number</ScreenTitle>
      <LazyPhoneForm />
    </div>
  )
}

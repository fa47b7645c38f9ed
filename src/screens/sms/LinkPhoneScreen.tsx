import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { LazyPhoneForm } from './LazyPhoneForm.tsx'

/** 'Connect your phone' (spec §2): the phone input; the code screen then logs in, links or updates. */
export default function LinkPhoneScreen() {
  return (
    <div className="body" part="body" data-screen="link-phone">
      <ScreenTitle>Connect your phone</ScreenTitle>
      <LazyPhoneForm />
    </div>
  )
}

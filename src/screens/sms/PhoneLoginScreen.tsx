import { useStore } from '@nanostores/react'
import { $config } from '../../stores/config.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { whatsappOnly } from '../../flows/methodLabels.ts'
import { LazyPhoneForm } from './LazyPhoneForm.tsx'

/** 'Log in with SMS' (spec §2), or WhatsApp for an app that sends codes only there: the phone input; the code screen then logs in, links or updates. */
export default function PhoneLoginScreen() {
  const { app } = useStore($config)
  return (
    <div className="body" part="body" data-screen="sms-login">
      <ScreenTitle>{whatsappOnly(app) ? 'Log in with WhatsApp' : 'Log in with SMS'}</ScreenTitle>
      <LazyPhoneForm />
    </div>
  )
}

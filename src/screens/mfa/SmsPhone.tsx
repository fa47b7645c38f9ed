import { useState } from 'react'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { MfaStyles } from './MfaStyles.tsx'

/**
 * SMS enrollment, first step: the phone number (international form; the server validates it),
 * prefilled with the account's number (SMS MFA is offered only to users with one).
 */
export function SmsPhone({ initial, error, onSubmit }: { initial?: string; error?: string; onSubmit: (phoneNumber: string) => void }) {
  const [phone, setPhone] = useState(initial ?? '')
  const [busy, setBusy] = useState(false)
  const valid = /^\+?[0-9 ()-]{7,20}$/.test(phone.trim())
  const submit = () => {
    if (!valid || busy) return
    setBusy(true)
    onSubmit(phone.trim().startsWith('+') ? phone.trim() : `+1${phone.trim()}`)
  }
  return (
    <div className="body" part="body" data-screen="mfa-enroll-sms">
      <ScreenTitle>Enter your phone number</ScreenTitle>
      <p className="detail">We will text a 6-digit code to this number each time you verify.</p>
      <MfaStyles />
      <input
        type="tel"
        className="text-input mfa-phone"
        part="input phone-input"
        aria-label="Phone number"
        placeholder="+1 (555) 555-0123"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit()
        }}
      />
      {error ? (
        <p className="error-message" part="error-message" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <PrimaryButton disabled={!valid || busy} onClick={submit}>
          Continue
        </PrimaryButton>
      </div>
    </div>
  )
}

/**
 * The phone input (spec §5): country picker (default intl.defaultCountry, else US), formatted as
 * typed, changing the country clears the number, Submit disabled until the number is valid for the
 * country, Enter submits. Its own chunk: libphonenumber-js metadata never loads with the landing.
 */
import { useStore } from '@nanostores/react'
import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'
import { useMemo, useState, type FormEvent } from 'react'
import { sendSmsCode } from '../actions/sendSmsCode.ts'
import { mapInitError } from '../screens/login/errorMapping.ts'
import { $config } from '../stores/config.ts'
import { pushScreen } from '../stores/modal.ts'
import { $smsFlow, setPhoneInput } from '../stores/smsFlow.ts'

/** Spec §9 default country. */
export const DEFAULT_COUNTRY = 'US'

export interface PhoneValue {
  rawPhoneNumber: string
  qualifiedPhoneNumber: string | null
  countryCode: string
  isValid: boolean
}

/** Phone input values (spec §3) for what was typed in a country. */
export function phoneValue(rawPhoneNumber: string, countryCode: string): PhoneValue {
  const parsed = parsePhoneNumberFromString(rawPhoneNumber, countryCode as CountryCode)
  const isValid = Boolean(parsed?.isValid())
  return { rawPhoneNumber, qualifiedPhoneNumber: isValid ? parsed!.number : null, countryCode, isValid }
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([navigator.language || 'en'], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

export default function PhoneForm({ submitLabel = 'Submit' }: { submitLabel?: string }) {
  const { app } = useStore($config)
  const flow = useStore($smsFlow)
  const defaultCountry = getCountries().includes(app?.intl?.defaultCountry as CountryCode) ? app!.intl!.defaultCountry! : DEFAULT_COUNTRY
  const country = flow.countryCode ?? defaultCountry
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const value = phoneValue(flow.rawPhoneNumber, country)
  const countries = useMemo(
    () => getCountries().map((code) => ({ code, label: `${countryName(code)} +${getCountryCallingCode(code)}` })).sort((a, b) => a.label.localeCompare(b.label)),
    [],
  )

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || !value.qualifiedPhoneNumber) return
    setBusy(true)
    setError(null)
    try {
      await sendSmsCode({ phoneNumber: value.qualifiedPhoneNumber })
      pushScreen({ name: 'code', method: 'sms' })
    } catch (caught) {
      const outcome = mapInitError(caught)
      if (outcome.kind === 'landing') setError(outcome.message)
      else pushScreen(outcome.screen)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <form className="email phone" part="phone-form" onSubmit={submit} noValidate>
        <label className="visually-hidden" htmlFor="gh-country">
          Country
        </label>
        <select
          id="gh-country"
          className="country-select"
          part="country-select"
          value={country}
          // Spec §5: changing the country clears the number.
          onChange={(event) => setPhoneInput('', event.target.value)}
        >
          {countries.map(({ code, label }) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor="gh-phone">
          Phone number
        </label>
        <input
          id="gh-phone"
          className="email-input"
          part="phone-input"
          type="tel"
          autoComplete="tel-national"
          placeholder="Phone number"
          autoFocus
          value={flow.rawPhoneNumber}
          onChange={(event) => {
            // Formatted as typed; deleting a formatting character must still delete.
            const raw = event.target.value
            const formatted = raw.length < flow.rawPhoneNumber.length ? raw : new AsYouType(country as CountryCode).input(raw)
            setPhoneInput(formatted, country)
            setError(null)
          }}
        />
        <button type="submit" className="primary-button" part="primary-button" disabled={busy || !value.isValid} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
      </form>
      {error ? (
        <p className="error-message" part="error-message" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}

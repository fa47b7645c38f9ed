/**
 * The phone input (spec §5): country picker (default intl.defaultCountry, else US), formatted as
 * typed, changing the country clears the number, Submit disabled until the number is valid for the
 * country, Enter submits. Its own chunk: libphonenumber-js metadata never loads with the landing.
 */
import { useStore } from '@nanostores/react'
import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { sendSmsCode } from '../../actions/sendSmsCode.ts'
import { showCodeRequestError } from '../login/errorMapping.ts'
import { $config } from '../../stores/config.ts'
import { pushScreen } from '../../stores/modal.ts'
import { $smsFlow, setPhoneInput, setSmsChannel } from '../../stores/smsFlow.ts'
import { space as s } from '../../ui/theme.ts'

/** The focus ring of the country picker, whose select is transparent. */
const PICKER_CSS = /* css */ `.country-picker:focus-within { outline: 2px solid var(--gh-accent); outline-offset: 2px; border-radius: var(--gh-radius-sm); }`

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

/** A prefilled number as the form shows it: country from the number (else `fallbackCountry`), national format. */
export function prefillPhone(value: string, fallbackCountry: string): { rawPhoneNumber: string; countryCode: string } {
  const parsed = parsePhoneNumberFromString(value, fallbackCountry as CountryCode)
  const countryCode = parsed?.country ?? parsed?.getPossibleCountries()[0] ?? fallbackCountry
  return { rawPhoneNumber: parsed ? parsed.formatNational() : new AsYouType(countryCode as CountryCode).input(value), countryCode }
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
  // The app decides which channels exist; with both, the user picks (default: the first offered).
  const channels: ('sms' | 'whatsapp')[] = app?.smsChannels?.length ? app.smsChannels : ['sms']
  const channel = channels.includes(flow.channel) ? flow.channel : channels[0]!
  // A prefill (`login({ prefill: { type: 'phone', value } })`) arrives as raw text without a
  // country: take the country from the number itself (E.164) and format it for that country.
  useEffect(() => {
    if (flow.countryCode === null && flow.rawPhoneNumber) {
      const prefilled = prefillPhone(flow.rawPhoneNumber, defaultCountry)
      setPhoneInput(prefilled.rawPhoneNumber, prefilled.countryCode)
    }
  }, [])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const value = phoneValue(flow.rawPhoneNumber, country)
  const countries = useMemo(
    () =>
      getCountries()
        .map((code) => ({ code, label: `${countryName(code)} +${getCountryCallingCode(code)}` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [],
  )

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || !value.qualifiedPhoneNumber) return
    setBusy(true)
    setError(null)
    try {
      await sendSmsCode({ phoneNumber: value.qualifiedPhoneNumber, channel })
      pushScreen({ name: 'code', method: 'sms' })
    } catch (caught) {
      showCodeRequestError(caught, setError)
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
        {/* The picker shows 'US +1' and lists full names: the native select, transparent, lies over
            the short text, so a whole number fits beside it and Submit (a full name would not). */}
        <style>{PICKER_CSS}</style>
        <span className="country-picker" style={{ position: 'relative', display: 'inline-flex', alignItems: 'center', flex: 'none' }}>
          <span aria-hidden="true" style={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
            {`${country} +${getCountryCallingCode(country as CountryCode)} ▾`}
          </span>
          <select
            id="gh-country"
            className="country-select"
            part="country-select"
            value={country}
            style={{ position: 'absolute', inset: 0, width: '100%', maxWidth: 'none', opacity: 0, cursor: 'pointer' }}
            // Spec §5: changing the country clears the number.
            onChange={(event) => setPhoneInput('', event.target.value)}
          >
            {countries.map(({ code, label }) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </span>
        <label className="visually-hidden" htmlFor="gh-phone">
          Phone number
        </label>
        <input
          id="gh-phone"
          className="email-input"
          part="input phone-input"
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
      {channels.length > 1 ? (
        // Styled here, not in the element's sheet: this chunk loads only with the phone screens.
        <fieldset
          className="channel-choice"
          part="channel-choice"
          style={{ display: 'flex', gap: s(4), margin: `${s(2.5)} 0 0`, padding: 0, border: 0, fontSize: 'var(--gh-font-size-md)', color: 'var(--_muted)' }}
        >
          <legend style={{ float: 'left', marginRight: s(1), padding: 0 }}>Send the code by</legend>
          {channels.map((c) => (
            <label key={c} style={{ display: 'inline-flex', gap: s(1), alignItems: 'center', cursor: 'pointer' }}>
              <input type="radio" name="gh-channel" value={c} checked={channel === c} onChange={() => setSmsChannel(c)} />
              {c === 'whatsapp' ? 'WhatsApp' : 'SMS'}
            </label>
          ))}
        </fieldset>
      ) : null}
      {error ? (
        <p className="error-message" part="error-message" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}

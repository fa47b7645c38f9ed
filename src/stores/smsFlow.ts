import { atom } from 'nanostores'
import type { BaseError } from '../errors/base.ts'
import { transition, type EmailFlowEvent, type EmailFlowState } from './emailFlow.ts'

/** The SMS code flow: the same states as e-mail (spec §4: sending-code … done | error). */
export interface SmsFlow {
  state: EmailFlowState
  /** The number as typed (kept across screens so nothing typed is lost). */
  rawPhoneNumber: string
  /** ISO country chosen in the picker. */
  countryCode: string | null
  /** The E.164 number the last code was sent to. */
  sentTo: string | null
  channel: 'sms' | 'whatsapp'
  error: BaseError | null
}

export const initialSmsFlow: SmsFlow = { state: 'idle', rawPhoneNumber: '', countryCode: null, sentTo: null, channel: 'sms', error: null }
export const $smsFlow = atom<SmsFlow>(initialSmsFlow)

export function dispatchSmsFlow(event: EmailFlowEvent, patch: Partial<Omit<SmsFlow, 'state'>> = {}): SmsFlow {
  const current = $smsFlow.get()
  const next = { ...current, ...patch, state: transition(current.state, event) }
  $smsFlow.set(next)
  return next
}

export function setPhoneInput(rawPhoneNumber: string, countryCode: string | null): void {
  $smsFlow.set({ ...$smsFlow.get(), rawPhoneNumber, countryCode })
}

/** The channel the next code goes out on (the phone screen's SMS / WhatsApp choice). */
export function setSmsChannel(channel: 'sms' | 'whatsapp'): void {
  $smsFlow.set({ ...$smsFlow.get(), channel })
}

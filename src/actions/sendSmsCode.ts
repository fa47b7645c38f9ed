import { getAuthApiClient } from '../api/instance.ts'
import { captchaTokenForInit } from '../captcha/require.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { BaseError } from '../errors/base.ts'
import { errorDetail, toBaseError } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { $smsFlow, dispatchSmsFlow } from '../stores/smsFlow.ts'

export interface SendSmsCodeParameters {
  /** The number in E.164 (`+14155550123`); the phone input produces it. */
  phoneNumber: string
  /** 'whatsapp' sends the code over WhatsApp instead. */
  channel?: 'sms' | 'whatsapp'
  captchaToken?: string
}
export interface SendSmsCodeReturnType {
  success: true
}
export type SendSmsCodeErrorType = BaseError | ApiError | TimeoutError | NetworkError

/**
 * Sends a one-time code by SMS (`POST /passwordless_sms/init`), moving `$smsFlow` through
 * sending-code → awaiting-code-input. Publishes `auth-error` on failure.
 *
 * @example
 * await sendSmsCode({ phoneNumber: '+14155550123' })
 */
export async function sendSmsCode({ phoneNumber, channel = 'sms', captchaToken }: SendSmsCodeParameters): Promise<SendSmsCodeReturnType> {
  const number = phoneNumber.trim()
  if (!/^\+\d{6,15}$/.test(number)) throw new BaseError('Phone flows need a valid phone number.', { code: 'invalid_data' })
  if ($smsFlow.get().state === 'done') dispatchSmsFlow('RESET')
  dispatchSmsFlow('SEND', { error: null, channel })
  try {
    const token = captchaToken ?? (await captchaTokenForInit())
    await getAuthApiClient().post('/passwordless_sms/init', { phoneNumber: number, channel, ...(token ? { token } : {}) })
  } catch (error) {
    dispatchSmsFlow('FAIL', { error: toBaseError(error) })
    publish('auth-error', errorDetail(error))
    throw error
  }
  dispatchSmsFlow('SENT', { sentTo: number })
  return { success: true }
}

import { BaseError } from '../errors/base.ts'
import { $smsFlow } from '../stores/smsFlow.ts'
import { sendSmsCode, type SendSmsCodeErrorType, type SendSmsCodeReturnType } from './sendSmsCode.ts'

export type ResendSmsCodeParameters = { captchaToken?: string } | void
export type ResendSmsCodeReturnType = SendSmsCodeReturnType
export type ResendSmsCodeErrorType = SendSmsCodeErrorType | BaseError

/**
 * Sends a new code to the number the last code went to, on the same channel (SMS or WhatsApp).
 *
 * @example
 * await sendSmsCode({ phoneNumber: '+14155550123' })
 * await resendSmsCode()
 */
export async function resendSmsCode(parameters: ResendSmsCodeParameters): Promise<ResendSmsCodeReturnType> {
  const { sentTo, channel } = $smsFlow.get()
  if (!sentTo) throw new BaseError('No code was sent yet: call sendSmsCode first.', { code: 'NO_AUTH_FLOW' })
  return sendSmsCode({ phoneNumber: sentTo, channel, ...(parameters ?? {}) })
}

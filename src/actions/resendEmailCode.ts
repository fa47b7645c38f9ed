import { BaseError } from '../errors/base.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { sendEmailCode, type SendEmailCodeErrorType, type SendEmailCodeReturnType } from './sendEmailCode.ts'

export type ResendEmailCodeParameters = { captchaToken?: string } | void
export type ResendEmailCodeReturnType = SendEmailCodeReturnType
export type ResendEmailCodeErrorType = SendEmailCodeErrorType | BaseError

/**
 * Sends a new code to the address the last code went to.
 *
 * @example
 * await sendEmailCode({ email: 'ada@example.com' })
 * await resendEmailCode()
 */
export async function resendEmailCode(parameters: ResendEmailCodeParameters): Promise<ResendEmailCodeReturnType> {
  const email = $emailFlow.get().sentTo
  if (!email) throw new BaseError('No code was sent yet: call sendEmailCode first.', { code: 'NO_AUTH_FLOW' })
  return sendEmailCode({ email, ...(parameters ?? {}) })
}

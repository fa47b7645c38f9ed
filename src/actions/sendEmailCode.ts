import { getAuthApiClient } from '../api/instance.ts'
import { captchaTokenForInit } from '../captcha/require.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { InvalidEmailError } from '../errors/auth.ts'
import { errorDetail, toBaseError } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { $config } from '../stores/config.ts'
import { $emailFlow, dispatchEmailFlow, type InvalidTransitionError } from '../stores/emailFlow.ts'
import { emailProblem, PLUS_EMAIL_MESSAGE } from '@gatehouse/contract'

export interface SendEmailCodeParameters {
  email: string
  /** Captcha token when the app enables captcha. */
  captchaToken?: string
}
export interface SendEmailCodeReturnType {
  success: true
}
export type SendEmailCodeErrorType = InvalidEmailError | InvalidTransitionError | ApiError | TimeoutError | NetworkError

/**
 * Sends a one-time code to an e-mail address (`POST /passwordless/init`), moving `$emailFlow`
 * through sending-code → awaiting-code-input (or error). Publishes `auth-error` on failure.
 *
 * @example
 * await sendEmailCode({ email: 'ada@example.com' })
 */
export async function sendEmailCode({ email, captchaToken }: SendEmailCodeParameters): Promise<SendEmailCodeReturnType> {
  const address = email.trim()
  const problem = emailProblem(address, { disablePlusEmails: $config.get().app?.disablePlusEmails })
  if (problem) {
    throw new InvalidEmailError({ message: problem === 'plus' ? PLUS_EMAIL_MESSAGE : 'Please enter a valid email address.' })
  }
  // A finished flow (logged in earlier, then out) starts over.
  if ($emailFlow.get().state === 'done') dispatchEmailFlow('RESET')
  dispatchEmailFlow('SEND', { email: address, error: null, inlineError: null })
  try {
    // The captcha screen (when the app enables captcha) runs before the call, inside the flow's try.
    const token = captchaToken ?? (await captchaTokenForInit())
    await getAuthApiClient().post('/passwordless/init', token ? { email: address, token } : { email: address })
  } catch (error) {
    dispatchEmailFlow('FAIL', { error: toBaseError(error) })
    publish('auth-error', errorDetail(error))
    throw error
  }
  dispatchEmailFlow('SENT', { sentTo: address })
  return { success: true }
}

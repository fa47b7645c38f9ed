/**
 * What to do with an SMS code: log in, link or update (one file because the three differ only in
 * the call; each is its own exported action).
 */
import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import { BaseError } from '../errors/base.ts'
import { errorDetail, toBaseError } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { $config } from '../stores/config.ts'
import { $session } from '../stores/session.ts'
import { $smsFlow, dispatchSmsFlow } from '../stores/smsFlow.ts'
import { CODE_NUMERIC_MESSAGE, isCompleteCode } from '@gatehouse/contract'
import { accountCall, applyUser, findAccount, requireLinkableUser } from './internal/accountChange.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export const UPDATE_NEEDS_PHONE_MESSAGE = 'User is required to have a phone number to update it.'

export interface SmsCodeParameters {
  /** The 6-digit code. */
  code: string
  /** Defaults to the number the last code was sent to. */
  phoneNumber?: string
}

function numberAndCode(parameters: SmsCodeParameters): string {
  const phone = (parameters.phoneNumber ?? $smsFlow.get().sentTo ?? '').trim()
  if (!phone) throw new BaseError('Phone flows need both a phone number and a code.', { code: 'invalid_data' })
  if (!isCompleteCode(parameters.code)) throw new BaseError(CODE_NUMERIC_MESSAGE, { code: 'invalid_data' })
  return phone
}

async function submit<T>(run: () => Promise<T>): Promise<T> {
  dispatchSmsFlow('SUBMIT', { error: null })
  try {
    const result = await run()
    dispatchSmsFlow('SUCCEED')
    return result
  } catch (error) {
    if ($smsFlow.get().state === 'submitting-code') dispatchSmsFlow('FAIL', { error: toBaseError(error) })
    throw error
  }
}

/**
 * Logs in or signs up with the SMS code (`POST /passwordless_sms/authenticate`); publishes
 * `auth-success` (after terms when required) or `auth-error`.
 *
 * @example
 * await sendSmsCode({ phoneNumber: '+14155550123' })
 * const { user } = await loginWithSmsCode({ code: '123456' })
 */
export async function loginWithSmsCode(parameters: SmsCodeParameters & { disableSignup?: boolean }): Promise<CompletedLogin> {
  const phoneNumber = numberAndCode(parameters)
  assertCanLogIn()
  const mode = (parameters.disableSignup ?? $config.get().app?.disableSignup) ? 'no-signup' : 'login-or-sign-up'
  try {
    return await submit(async () => {
      const response = await getApiClient().post('/passwordless_sms/authenticate', { phoneNumber, code: parameters.code, mode })
      return completeLogin(response, 'sms')
    })
  } catch (error) {
    publish('auth-error', errorDetail(error))
    throw error
  }
}

/**
 * Links the phone number to the signed-in user (`POST /passwordless_sms/link`); publishes
 * `link-success`. A number of another user answers `account_transfer_required`.
 *
 * @example
 * const { user } = await linkWithSmsCode({ code: '123456' })
 */
export async function linkWithSmsCode(parameters: SmsCodeParameters): Promise<{ user: User }> {
  requireLinkableUser()
  const phoneNumber = numberAndCode(parameters)
  return submit(async () => {
    const user = applyUser(await accountCall(() => getApiClient().post('/passwordless_sms/link', { phoneNumber, code: parameters.code })))
    publish('link-success', { user, linkMethod: 'sms', linkedAccount: findAccount(user, 'phone', phoneNumber) })
    return { user }
  })
}

/**
 * Replaces the user's phone (`POST /passwordless_sms/update`, code sent to the new number);
 * publishes `update-success`.
 *
 * @example
 * const { user } = await updatePhoneWithCode({ code: '123456' })
 */
export async function updatePhoneWithCode(parameters: SmsCodeParameters): Promise<{ user: User }> {
  const current = requireLinkableUser()
  const old = current.phone?.number
  if (!old) throw new BaseError(UPDATE_NEEDS_PHONE_MESSAGE, { code: 'invalid_data' })
  const phoneNumber = numberAndCode(parameters)
  return submit(async () => {
    const wire = await accountCall(() =>
      getApiClient().post('/passwordless_sms/update', { old_phone_number: old, new_phone_number: phoneNumber, code: parameters.code }),
    )
    const user = applyUser(wire)
    publish('update-success', { user, updateMethod: 'sms', linkedAccount: findAccount(user, 'phone', phoneNumber) })
    return { user }
  })
}

/**
 * Unlinks a phone number from the signed-in user (`POST /passwordless_sms/unlink`); publishes
 * `unlink-success`.
 *
 * @example
 * await unlinkPhone({ phoneNumber: '+14155550123' })
 */
export async function unlinkPhone({ phoneNumber }: { phoneNumber: string }): Promise<{ user: User }> {
  const { user: before } = $session.get()
  const current = requireLinkableUser()
  const user = applyUser(await getApiClient().post('/passwordless_sms/unlink', { phoneNumber }))
  publish('unlink-success', { user, unlinkMethod: 'sms', linkedAccount: findAccount(before ?? current, 'phone', phoneNumber) })
  return { user }
}

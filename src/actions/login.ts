import type { User } from '../api/user.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { startFlow } from '../flows/uiFlow.ts'
import { TEXT } from '../flows/outcome.ts'
import { enabledMethods, landingLayout, type LoginPrefill } from '../flows/landingLayout.ts'
import { METHOD_LABELS } from '../flows/methodLabels.ts'
import { startMethod } from '../flows/methodStarts.ts'
import { $config } from '../stores/config.ts'
import { setEmailInput } from '../stores/emailFlow.ts'
import { setPhoneInput } from '../stores/smsFlow.ts'
import { $landing } from '../stores/landing.ts'
import { pushScreen } from '../stores/modal.ts'
import { openModal } from './openModal.ts'

export interface LoginParameters {
  /** Start with this method ('email', 'sms', 'google', …); defaults to the landing screen. */
  method?: string
  /** Fills the e-mail (type 'email') or phone (type 'phone') input and prefers it inline. */
  prefill?: LoginPrefill
}
export type LoginReturnType = User
export type LoginErrorType = AlreadyLoggedInError

/**
 * Opens the login modal and resolves with the user once the login completes (`auth-success`,
 * after terms when required); rejects with USER_EXITED_AUTH_FLOW when the modal closes first.
 * Refused while a non-guest user is logged in (spec §5). A method the app does not allow shows
 * 'Not allowed' with 'Try another method'.
 *
 * @example
 * const user = await login({ prefill: { type: 'email', value: 'ada@example.com' } })
 */
export function login(parameters: LoginParameters = {}): Promise<LoginReturnType> {
  try {
    assertCanLogIn()
  } catch (error) {
    return Promise.reject(error)
  }
  const { method, prefill = null } = parameters
  $landing.set({ prefill })
  if (prefill?.type === 'email') setEmailInput(prefill.value)
  // The phone form (its own chunk, with libphonenumber-js) picks the country and formats it.
  if (prefill?.type === 'phone') setPhoneInput(prefill.value.trim(), null)
  const done = startFlow({ kind: 'login', method: method ?? 'any' })
  openModal()
  if (method) {
    const app = $config.get().app
    if (!enabledMethods(app).includes(method)) {
      pushScreen({ name: 'error', title: TEXT.notAllowed, detail: `Login with ${METHOD_LABELS[method] ?? method} not allowed.`, cta: TEXT.tryAnotherMethod })
    } else if (landingLayout({ app, prefill }).inline !== method) {
      startMethod(method)
    }
  }
  return done
}

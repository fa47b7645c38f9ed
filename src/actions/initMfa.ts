import type { MfaError } from '../errors/mfa.ts'
import type { MfaMethod } from '../mfa/texts.ts'
import { initMfaMethod, toMfaError } from '../mfa/verify.ts'

export type InitMfaReturnType = void
export type InitMfaErrorType = MfaError

/**
 * Prepares a verification in the host's own UI (after `mfa-required`): 'sms' sends the code to the
 * enrolled number; 'totp' and 'passkey' need nothing (the passkey ceremony runs in `submitMfa`).
 *
 * @example
 * element.addEventListener('mfa-required', () => initMfa('sms'))
 */
export async function initMfa(method: MfaMethod): Promise<InitMfaReturnType> {
  try {
    if (method === 'sms') await initMfaMethod('sms')
  } catch (error) {
    throw toMfaError(error)
  }
}

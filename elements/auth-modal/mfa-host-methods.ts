/**
 * `<auth-modal>`'s MFA and passkey-management methods, as a table like ./host-methods.ts (same
 * helpers, same manifest reading: custom-elements-manifest.config.mjs reads this table too).
 */
import type { InitEnrollMfaParameters, InitEnrollMfaReturnType } from '../../src/actions/initEnrollMfa.ts'
import type { SubmitEnrollMfaParameters } from '../../src/actions/submitEnrollMfa.ts'
import type { UnenrollMfaParameters } from '../../src/actions/unenrollMfa.ts'
import type { User } from '../../src/api/user.ts'
import type { MfaMethod } from '../../src/mfa/texts.ts'
import type { MfaSubmission } from '../../src/stores/mfa.ts'
import { lazy } from './host-method-table.ts'

export const mfaHostMethods = {
  /** Opens MFA enrollment ('Transaction Protection', then 'Choose a verification method'); resolves when the modal closes. */
  showMfaEnrollmentModal: lazy(
    () => import('../../src/actions/showMfaEnrollmentModal.ts'),
    (m): Promise<void> => m.showMfaEnrollmentModal(),
  ),

  /** Starts enrolling TOTP (resolves `{ secret, authUrl }`) or SMS (`{ method: 'sms', phoneNumber }`: the code is sent). */
  initEnrollMfa: lazy(
    () => import('../../src/actions/initEnrollMfa.ts'),
    (m, parameters: InitEnrollMfaParameters): Promise<InitEnrollMfaReturnType> => m.initEnrollMfa(parameters),
  ),

  /** Completes an enrollment with its 6-digit code, or sets the MFA passkeys; resolves with the user. */
  submitEnrollMfa: lazy(
    () => import('../../src/actions/submitEnrollMfa.ts'),
    (m, parameters: SubmitEnrollMfaParameters): Promise<User> => m.submitEnrollMfa(parameters).then(({ user }) => user),
  ),

  /** Removes an MFA method (after a verification); resolves with the user. */
  unenrollMfa: lazy(
    () => import('../../src/actions/unenrollMfa.ts'),
    (m, parameters: UnenrollMfaParameters): Promise<User> => m.unenrollMfa(parameters).then(({ user }) => user),
  ),

  /** Opens 'Verify your identity' and resolves once the user verified. */
  verifyMfa: lazy(
    () => import('../../src/actions/verifyMfa.ts'),
    (m): Promise<void> => m.verifyMfa(),
  ),

  /** After `mfa-required`: 'sms' sends the code to the enrolled number. */
  initMfa: lazy(
    () => import('../../src/actions/initMfa.ts'),
    (m, method: MfaMethod): Promise<void> => m.initMfa(method),
  ),

  /** Answers the pending verification with `{ method, code }` (or `{ method: 'passkey' }`); the wallet call then retries. */
  submitMfa: lazy(
    () => import('../../src/actions/submitMfa.ts'),
    (m, submission: MfaSubmission): Promise<void> => m.submitMfa(submission),
  ),

  /** Cancels the pending verification (the wallet call rejects with 'MFA canceled'). */
  cancelMfa: lazy(
    () => import('../../src/actions/cancelMfa.ts'),
    (m): Promise<void> => Promise.resolve(m.cancelMfa()),
  ),

  /** false: wallet calls needing MFA emit `mfa-required` instead of opening the verification screen. */
  setMfaPrompt: lazy(
    () => import('../../src/actions/setMfaPrompt.ts'),
    (m, enabled: boolean): Promise<void> => Promise.resolve(m.setMfaPrompt(enabled)),
  ),

  /** Opens 'Secure your account with a passkey' (list, add up to 5, remove). */
  openPasskeyManagement: lazy(
    () => import('../../src/actions/openPasskeyManagement.ts'),
    (m): Promise<void> => m.openPasskeyManagement(),
  ),
}

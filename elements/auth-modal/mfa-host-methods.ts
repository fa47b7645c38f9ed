/**
 * `<auth-modal>`'s MFA and passkey-management methods: the contract `MfaHostMethods`
 * (custom-elements-manifest.config.mjs reads it) and its table, loaded with the first call of one
 * of them (./tag-methods.ts).
 */
import type { InitEnrollMfaParameters, InitEnrollMfaReturnType } from '../../src/actions/initEnrollMfa.ts'
import type { SubmitEnrollMfaParameters } from '../../src/actions/submitEnrollMfa.ts'
import type { UnenrollMfaParameters } from '../../src/actions/unenrollMfa.ts'
import type { User } from '../../src/api/user.ts'
import type { MfaMethod } from '../../src/mfa/texts.ts'
import type { MfaSubmission } from '../../src/stores/mfa.ts'
import { lazy, table, user } from '../host-method-table.ts'

export interface MfaHostMethods {
  /** Opens MFA enrollment ('Transaction Protection', then 'Choose a verification method'); resolves when the modal closes. */
  showMfaEnrollmentModal(): Promise<void>
  /** Starts enrolling TOTP (resolves `{ secret, authUrl }`) or SMS (`{ method: 'sms', phoneNumber }`: the code is sent). */
  initEnrollMfa(parameters: InitEnrollMfaParameters): Promise<InitEnrollMfaReturnType>
  /** Completes an enrollment with its 6-digit code, or sets the MFA passkeys; resolves with the user. */
  submitEnrollMfa(parameters: SubmitEnrollMfaParameters): Promise<User>
  /** Removes an MFA method (after a verification); resolves with the user. */
  unenrollMfa(parameters: UnenrollMfaParameters): Promise<User>
  /** Opens 'Verify your identity' and resolves once the user verified. */
  verifyMfa(): Promise<void>
  /** After `mfa-required`: 'sms' sends the code to the enrolled number. */
  initMfa(method: MfaMethod): Promise<void>
  /** Answers the pending verification with `{ method, code }` (or `{ method: 'passkey' }`); the wallet call then retries. */
  submitMfa(submission: MfaSubmission): Promise<void>
  /** Cancels the pending verification (the wallet call rejects with 'MFA canceled'). */
  cancelMfa(): Promise<void>
  /** false: wallet calls needing MFA emit `mfa-required` instead of opening the verification screen. */
  setMfaPrompt(enabled: boolean): Promise<void>
  /** Opens 'Secure your account with a passkey' (list, add up to 5, remove). */
  openPasskeyManagement(): Promise<void>
}

export const mfaHostMethods = table<MfaHostMethods>({
  showMfaEnrollmentModal: () => import('../../src/actions/showMfaEnrollmentModal.ts'),
  initEnrollMfa: () => import('../../src/actions/initEnrollMfa.ts'),
  // The methods answer the user where the actions answer `{ user }`.
  submitEnrollMfa: lazy(
    () => import('../../src/actions/submitEnrollMfa.ts'),
    (m, parameters: SubmitEnrollMfaParameters) => m.submitEnrollMfa(parameters).then(user),
  ),
  unenrollMfa: lazy(
    () => import('../../src/actions/unenrollMfa.ts'),
    (m, parameters: UnenrollMfaParameters) => m.unenrollMfa(parameters).then(user),
  ),
  verifyMfa: () => import('../../src/actions/verifyMfa.ts'),
  initMfa: () => import('../../src/actions/initMfa.ts'),
  submitMfa: () => import('../../src/actions/submitMfa.ts'),
  cancelMfa: () => import('../../src/actions/cancelMfa.ts'),
  setMfaPrompt: () => import('../../src/actions/setMfaPrompt.ts'),
  openPasskeyManagement: () => import('../../src/actions/openPasskeyManagement.ts'),
})

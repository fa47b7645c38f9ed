import type { MfaError } from '../errors/mfa.ts'
import { $mfaRequest, type MfaSubmission } from '../stores/mfa.ts'
import { verifySubmission } from '../mfa/verify.ts'

export type SubmitMfaParameters = MfaSubmission
export type SubmitMfaReturnType = void
export type SubmitMfaErrorType = MfaError

/**
 * Submits a code (sms, totp) or runs the passkey ceremony for the pending verification; the wallet
 * call that needed it then retries. Rejects with 'The code you entered is not valid' (try again),
 * or the max-attempts message after the 4th failure. Without a pending request it just verifies.
 *
 * @example
 * await submitMfa({ method: 'totp', code: '123456' })
 */
export async function submitMfa(submission: SubmitMfaParameters): Promise<SubmitMfaReturnType> {
  const pending = $mfaRequest.get()
  if (pending) return pending.submit(submission)
  return verifySubmission(submission)
}

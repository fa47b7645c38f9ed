import { $mfaRequest } from '../stores/mfa.ts'

export type CancelMfaReturnType = void

/**
 * Cancels the pending verification: the wallet call that needed it rejects with 'MFA canceled'.
 *
 * @example
 * cancelMfa()
 */
export function cancelMfa(): CancelMfaReturnType {
  $mfaRequest.get()?.cancel()
}

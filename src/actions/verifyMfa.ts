import type { MfaError } from '../errors/mfa.ts'
import { requestVerification } from '../mfa/gate.ts'
import { openMfaScreen } from '../mfa/screens.ts'
import { mfaToken } from '../mfa/enrollment.ts'

export type VerifyMfaReturnType = void
export type VerifyMfaErrorType = MfaError

/**
 * Opens 'Verify your identity' (the 'auth' flow) and resolves once the user verified with one of
 * their methods; rejects when they cancel ('MFA canceled'), after 4 wrong codes or on time-out.
 *
 * @example
 * await verifyMfa()
 */
export async function verifyMfa(): Promise<VerifyMfaReturnType> {
  await mfaToken()
  return requestVerification('auth', () => openMfaScreen({ name: 'mfa-verify', flow: 'auth' }))
}

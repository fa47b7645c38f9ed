/** Enrollment changes go through the frame (device proof); each publishes the change and updates the session's user. */
import type { User } from '../api/user.ts'
import { MfaError } from '../errors/mfa.ts'
import { publish } from '../events/bus.ts'
import { $session } from '../stores/session.ts'
import { adoptWireUser, requireAccessToken } from '../wallets/embedded/session.ts'
import type { MfaMethod } from './texts.ts'

export const mfaToken = () => requireAccessToken('User must be authenticated')

/** Takes the server's user after a change and announces which methods came or went. */
export function applyEnrollment(wire: unknown): User {
  const before = $session.get().user?.mfaMethods ?? []
  adoptWireUser(wire)
  const user = $session.get().user!
  for (const method of user.mfaMethods) if (!before.includes(method)) publish('mfa-enrolled', { method, user })
  for (const method of before) if (!user.mfaMethods.includes(method)) publish('mfa-unenrolled', { method: method as MfaMethod, user })
  return user
}

/** Whether an enrollment failure is cured only by a fresh login on this device (the screen offers 'Log in again'). */
export const needsLoginAgain = (error: unknown) => error instanceof MfaError && error.code === 'reauthentication_required'

/** Credential ids of the user's passkeys enrolled in MFA. */
export function mfaPasskeyIds(): string[] {
  return ($session.get().user?.linkedAccounts ?? []).filter((a) => a.type === 'passkey' && a.enrolledInMfa).map((a) => String(a.credentialId))
}

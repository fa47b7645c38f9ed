import { useStore } from '@nanostores/react'
import { requestVerification } from '../../mfa/gate.ts'
import { pushScreen } from '../../stores/modal.ts'
import { $session } from '../../stores/session.ts'

/**
 * Spec part 2 §4: every add or remove first requires an MFA verification (once the user has a
 * method). Runs `change` after one ('auth' flow, on top of the current screen).
 */
export function useVerifiedChange() {
  const methods = useStore($session).user?.mfaMethods ?? []
  return async <T>(change: () => Promise<T>): Promise<T> => {
    if (methods.length) await requestVerification('auth', () => pushScreen({ name: 'mfa-verify', flow: 'auth' }))
    return change()
  }
}

/**
 * Spec part 2 §6: wallet password, recovery and MFA enrollment need an authenticated user. Logged
 * out, each call rejects with MUST_BE_AUTHENTICATED before anything happens: no frame request, no
 * modal. (Creation, delegation and connection have their own tests.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { $modal } from '../stores/modal.ts'
import { $session } from '../stores/session.ts'
import { configured, resetAll } from '../testing/harness.ts'
import { initEnrollMfa } from './initEnrollMfa.ts'
import { setWalletPassword } from './setWalletPassword.ts'
import { setWalletRecovery } from './setWalletRecovery.ts'
import { showMfaEnrollmentModal } from './showMfaEnrollmentModal.ts'

const frame = vi.hoisted(() => ({ calls: [] as string[] }))
vi.mock('../wallets/embedded/proxy.ts', () => ({
  getWalletProxy: () => ({
    request: async (method: string) => {
      frame.calls.push(method)
      return {}
    },
  }),
}))
vi.mock('../api/analytics.ts', () => ({ trackEvent: () => {} }))

beforeEach(() => {
  resetAll()
  configured()
  $session.set({ status: 'unauthenticated', user: null, tokens: null })
  frame.calls.length = 0
})

/** Starts `call` and, before it settles, checks that no modal opened; answers its rejection. */
async function refused(call: () => Promise<unknown>) {
  const outcome = call().then(
    () => new Error('resolved while logged out'),
    (error: unknown) => error,
  )
  expect($modal.get().open).toBe(false)
  const error = await outcome
  expect(frame.calls).toEqual([])
  expect($modal.get().open).toBe(false)
  return error
}

describe('logged-out guards (spec part 2 §6)', () => {
  it('setWalletPassword: MUST_BE_AUTHENTICATED, no password screen, no frame request', async () => {
    expect(await refused(() => setWalletPassword())).toMatchObject({
      code: 'MUST_BE_AUTHENTICATED',
      shortMessage: 'User must be authenticated before creating a Privy wallet',
    })
  })

  it('setWalletRecovery: MUST_BE_AUTHENTICATED, no frame request', async () => {
    expect(await refused(() => setWalletRecovery({ recoveryMethod: 'user-passcode', recoveryPassword: 'correct-horse-battery-staple' }))).toMatchObject({
      code: 'MUST_BE_AUTHENTICATED',
    })
  })

  it('showMfaEnrollmentModal: MUST_BE_AUTHENTICATED, the enrollment modal does not open', async () => {
    expect(await refused(() => showMfaEnrollmentModal())).toMatchObject({ name: 'MustBeAuthenticatedError', code: 'MUST_BE_AUTHENTICATED' })
  })

  it('initEnrollMfa: MUST_BE_AUTHENTICATED, no mfa:init-enrollment', async () => {
    expect(await refused(() => initEnrollMfa({ method: 'totp' }))).toMatchObject({ code: 'MUST_BE_AUTHENTICATED' })
  })
})

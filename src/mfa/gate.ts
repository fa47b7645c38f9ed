/**
 * The MFA-protected wallet call (spec part 2 §4): when the frame answers 'missing_or_invalid_mfa',
 * a verification is obtained (the modal's 'txn' flow, or the host through `mfa-required` +
 * `submitMfa` when the prompt is disabled) and the call is retried; 4 tries at most, after which
 * 'mfa_verification_max_attempts_reached'. Waiting for a code times out after 300000 ms.
 */
import { publish } from '../events/bus.ts'
import { mfaErrors, MfaError } from '../errors/mfa.ts'
import { awaitPending } from '../stores/pending.ts'
import { $session } from '../stores/session.ts'
import { $mfaPrompt, $mfaRequest, type MfaSubmission, type PendingMfa } from '../stores/mfa.ts'
import { MFA_CODE_WAIT_MS, MFA_MAX_ATTEMPTS, type MfaMethod } from './texts.ts'
import { verifySubmission } from './verify.ts'

/** The user's enrolled methods, in the chooser's order. */
export function enrolledMethods(): MfaMethod[] {
  const methods = $session.get().user?.mfaMethods ?? []
  return (['totp', 'sms', 'passkey'] as const).filter((m) => methods.includes(m))
}

/**
 * One pending verification (the generic pending request, src/stores/pending.ts): resolves after a
 * successful submission, rejects on cancel, on the 4th failure, or when nobody submits within the
 * code wait. A newer verification cancels this one.
 */
export function requestVerification(flow: PendingMfa['flow'], open: (pending: PendingMfa) => void): Promise<void> {
  let id = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  /** This verification while it is the one shown; null once settled or replaced. */
  const current = () => {
    const pending = $mfaRequest.get()
    return pending?.id === id ? pending : null
  }
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => current()?.reject(mfaErrors.timeout()), MFA_CODE_WAIT_MS)
  }
  const done = awaitPending(
    $mfaRequest,
    {
      flow,
      methods: enrolledMethods(),
      failures: 0,
      async submit(submission: MfaSubmission) {
        if (!current()) throw mfaErrors.canceled()
        arm()
        try {
          await verifySubmission(submission)
        } catch (error) {
          const failure = error instanceof MfaError ? error : mfaErrors.other(error)
          const pending = current()
          if (!pending) throw failure
          const failures = pending.failures + (failure.code === 'invalid_mfa_code' ? 1 : 0)
          if (failures >= MFA_MAX_ATTEMPTS || failure.code === 'mfa_verification_max_attempts_reached') {
            // The server's refusal keeps the wait it named; the local count is the spec's 10 s lock.
            const blocking = failure.code === 'mfa_verification_max_attempts_reached' ? failure : mfaErrors.maxAttempts(error)
            pending.reject(blocking)
            throw blocking
          }
          $mfaRequest.set({ ...pending, failures })
          throw failure
        }
        current()?.resolve()
      },
      cancel: () => current()?.reject(mfaErrors.canceled()),
    },
    () => mfaErrors.canceled(),
  )
  const pending = $mfaRequest.get()!
  id = pending.id
  arm()
  open(pending)
  return done.finally(() => clearTimeout(timer))
}

/** Opens the verification screen (lazy: the modal's screens are not in the entry chunk). */
async function openScreen(flow: PendingMfa['flow']): Promise<void> {
  const { openMfaScreen } = await import('./screens.ts')
  openMfaScreen({ name: 'mfa-verify', flow })
}

/** A verification for a wallet call: the modal, or the host's own UI when the prompt is off. */
export function obtainMfa(): Promise<void> {
  const prompt = $mfaPrompt.get()
  return requestVerification('txn', (pending) => {
    if (prompt) void openScreen('txn')
    else publish('mfa-required', { mfaMethods: pending.methods })
  })
}

/**
 * Runs a frame call, obtaining a verification and retrying on 'missing_or_invalid_mfa'; 4 tries.
 */
export async function protectedCall<T>(call: () => Promise<T>, isMissingMfa: (error: unknown) => boolean, firstError?: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (attempt === 1 && firstError !== undefined) throw firstError
      return await call()
    } catch (error) {
      if (!isMissingMfa(error)) throw error
      if (attempt >= MFA_MAX_ATTEMPTS) throw mfaErrors.maxAttempts(error)
      await obtainMfa()
    }
  }
}

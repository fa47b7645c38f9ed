import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { subscribe } from '../events/bus.ts'
import { WalletProxyError } from '../errors/wallet.ts'
import { ApiError } from '../errors/api.ts'
import { $mfaPrompt, $mfaRequest } from '../stores/mfa.ts'
import { MFA_TEXT } from './texts.ts'

const verify = vi.hoisted(() => ({ ok: new Set<string>(), calls: [] as string[] }))
vi.mock('./verify.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./verify.ts')>()
  return {
    ...original,
    verifySubmission: async ({ code }: { code?: string }) => {
      verify.calls.push(code ?? '')
      if (!verify.ok.has(code ?? '')) throw original.toMfaError(new WalletProxyError({ type: 'invalid_mfa_code', message: 'wrong' }))
    },
  }
})

const { protectedCall, requestVerification } = await import('./gate.ts')
const { toMfaError } = await import('./verify.ts')
const missing = () => new WalletProxyError({ type: 'missing_or_invalid_mfa', message: 'MFA verification is required' })
const isMissing = (e: unknown) => e instanceof WalletProxyError && e.type === 'missing_or_invalid_mfa'

describe('MFA-protected wallet call (spec part 2 §4)', () => {
  let required = 0
  let stop: () => void
  beforeEach(() => {
    verify.ok.clear()
    verify.calls.length = 0
    required = 0
    $mfaPrompt.set(false)
    stop = subscribe((name) => void (name === 'mfa-required' && required++))
  })
  afterEach(() => {
    stop()
    $mfaRequest.get()?.cancel()
  })

  it('asks through mfa-required when the prompt is off, then retries with the verification', async () => {
    verify.ok.add('123456')
    let tries = 0
    const call = protectedCall(async () => {
      tries++
      if (tries === 1) throw missing()
      return 'signature'
    }, isMissing)
    await vi.waitFor(() => expect($mfaRequest.get()).not.toBeNull())
    expect(required).toBe(1)
    await expect($mfaRequest.get()!.submit({ method: 'totp', code: '000000' })).rejects.toMatchObject({ shortMessage: MFA_TEXT.invalidCode })
    await $mfaRequest.get()!.submit({ method: 'totp', code: '123456' })
    await expect(call).resolves.toBe('signature')
    expect(tries).toBe(2)
  })

  it("error: a call still refused after 4 tries ends in 'mfa_verification_max_attempts_reached'", async () => {
    verify.ok.add('123456')
    let tries = 0
    const call = protectedCall(async () => {
      tries++
      throw missing()
    }, isMissing)
    for (let i = 0; i < 3; i++) {
      await vi.waitFor(() => expect($mfaRequest.get()).not.toBeNull())
      await $mfaRequest.get()!.submit({ method: 'totp', code: '123456' })
    }
    await expect(call).rejects.toMatchObject({ code: 'mfa_verification_max_attempts_reached', shortMessage: MFA_TEXT.maxAttempts })
    expect(tries).toBe(4)
  })

  it('error: the 4th wrong code is blocking, with the max-attempts text', async () => {
    const pending = requestVerification('txn', () => {})
    for (let i = 0; i < 3; i++) {
      await expect($mfaRequest.get()!.submit({ method: 'sms', code: '000000' })).rejects.toMatchObject({ code: 'invalid_mfa_code' })
    }
    await expect($mfaRequest.get()!.submit({ method: 'sms', code: '000000' })).rejects.toMatchObject({ blocking: true })
    await expect(pending).rejects.toMatchObject({ code: 'mfa_verification_max_attempts_reached' })
    expect($mfaRequest.get()).toBeNull()
  })

  it("error: cancelling rejects with 'MFA canceled'", async () => {
    const pending = requestVerification('auth', () => {})
    $mfaRequest.get()!.cancel()
    await expect(pending).rejects.toMatchObject({ shortMessage: 'MFA canceled', details: 'Canceled MFA verification.' })
  })

  it("error: waiting for a code times out after 300000 ms with 'mfa_timeout'", async () => {
    vi.useFakeTimers()
    try {
      const pending = requestVerification('txn', () => {})
      const seen = expect(pending).rejects.toMatchObject({
        code: 'mfa_timeout',
        shortMessage: 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
      })
      // Spec part 2 §9 'MFA code wait 300000 ms': still waiting 1 ms before it.
      let settled = false
      pending.catch(() => undefined).finally(() => (settled = true))
      await vi.advanceTimersByTimeAsync(299_999)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await seen
    } finally {
      vi.useRealTimers()
    }
  })

  it('maps refusals: a missing proof is MISSING_MFA_CREDENTIALS, a 429 lock is blocking', () => {
    expect(toMfaError(missing()).code).toBe('MISSING_MFA_CREDENTIALS')
    expect(toMfaError(new WalletProxyError({ type: 'mfa_verification_max_attempts_reached', message: 'x' })).blocking).toBe(true)
    expect(toMfaError(new Error('boom')).shortMessage).toBe('Something went wrong.')
  })

  it("error: rate limiting is a message containing 'code 429' (spec part 2 §8), through the frame or from the API", () => {
    const throttled = toMfaError(new WalletProxyError({ type: 'error', message: 'Too many requests (HTTP status code 429)' }))
    expect(throttled).toMatchObject({ code: 'mfa_verification_max_attempts_reached', blocking: true })
    expect(toMfaError(new ApiError({ status: 429, code: 'too_many_requests', message: 'Too many requests' })).blocking).toBe(true)
    expect(toMfaError(new Error('Request failed with status code 429')).blocking).toBe(true)
    // The status alone is not the rule: without the mark it is an ordinary failure.
    expect(toMfaError(new WalletProxyError({ type: 'error', message: 'Too many requests' })).blocking).toBe(false)
  })

  it("error: a reused authenticator code keeps 'invalid_mfa_code' (non-blocking) but says to wait for the next code", () => {
    const reused = toMfaError(new WalletProxyError({ type: 'invalid_mfa_code', message: 'x', reason: 'totp_code_reused' }))
    expect(reused.code).toBe('invalid_mfa_code')
    expect(reused.blocking).toBe(false)
    expect(reused.shortMessage).toMatch(/Wait for the next code/)
    expect(toMfaError(new WalletProxyError({ type: 'invalid_mfa_code', message: 'x' })).shortMessage).toBe(MFA_TEXT.invalidCode)
  })
})

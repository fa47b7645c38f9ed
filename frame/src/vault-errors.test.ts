import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DeviceKey } from './device.ts'
import { ProxyError, proxyErrorTypeOf, Vault } from './vault.ts'

/** A vault whose server answers every call with `status` and `body`. */
function vaultAnswering(status: number, body: unknown) {
  vi.stubGlobal('location', { origin: 'https://wallet.example' })
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))
  return new Vault('app-1', Promise.resolve({ proof: async () => 'proof' } as unknown as DeviceKey))
}

const refusal = (vault: Vault, path: string) =>
  vault.call('token', path, {}).then(
    () => null,
    (error: unknown) => error,
  )

afterEach(() => vi.unstubAllGlobals())

describe("the frame's proxy error types (spec part 2 §8)", () => {
  it("reports a failed SMS as 'twilio_verification_failed' (the API code stays sms_verification_failed)", async () => {
    const error = await refusal(
      vaultAnswering(422, { error: 'Phone login code request failure', code: 'sms_verification_failed' }),
      '/mfa/passwordless_sms/init',
    )
    expect(error).toBeInstanceOf(ProxyError)
    expect(error).toMatchObject({ type: 'twilio_verification_failed', message: 'Phone login code request failure' })
  })

  it("reports the server's insufficient_funds as 'insufficient_funds'", async () => {
    const error = await refusal(vaultAnswering(422, { error: 'Insufficient funds', code: 'insufficient_funds' }), '/wallets/rpc')
    expect(error).toMatchObject({ type: 'insufficient_funds' })
  })

  it("anything else, including inherited names, stays plain 'error'", () => {
    expect(proxyErrorTypeOf('something_else')).toBe('error')
    expect(proxyErrorTypeOf('toString')).toBe('error')
    expect(proxyErrorTypeOf(undefined)).toBe('error')
    expect(proxyErrorTypeOf('mfa_verification_max_attempts_reached')).toBe('mfa_verification_max_attempts_reached')
  })
})

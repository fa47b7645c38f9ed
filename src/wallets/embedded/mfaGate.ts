/**
 * Where an MFA-protected wallet call gets its verification (src/mfa/gate.ts `protectedCall`:
 * obtain a verification, retry the call, 4 tries). The entry registers it, as it registers
 * post-login steps, so the frame transport (proxy.ts) depends on no MFA code: MFA sits above the
 * wallet calls it protects. A tiny module of its own, so registering keeps the proxy out of the
 * landing chunk.
 */
export type MfaGate = <T>(call: () => Promise<T>, isMissingMfa: (error: unknown) => boolean, firstError: unknown) => Promise<T>

let gate: MfaGate | null = null

export function registerMfaGate(next: MfaGate): void {
  gate = next
}

/** The registered gate; without one a missing verification fails the call as the frame answered. */
export function registeredMfaGate(): MfaGate | null {
  return gate
}

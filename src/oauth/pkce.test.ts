import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPkce, randomCode, s256 } from './pkce.ts'

// Spec part 1 §5: "the OAuth challenge is S256 of a code made from 36 random bytes".
describe('OAuth PKCE', () => {
  it('the verifier and the state are 36 random bytes in base64url (48 characters, no padding)', async () => {
    const { codeVerifier, stateCode } = await createPkce()
    for (const code of [codeVerifier, stateCode]) {
      expect(code).toMatch(/^[A-Za-z0-9_-]{48}$/)
      expect(Buffer.from(code, 'base64url')).toHaveLength(36)
    }
    expect(codeVerifier).not.toBe(stateCode)
  })

  it('the challenge is the base64url SHA-256 of the verifier (S256, RFC 7636 appendix B)', async () => {
    const { codeVerifier, codeChallenge } = await createPkce()
    expect(codeChallenge).toBe(createHash('sha256').update(codeVerifier).digest('base64url'))
    expect(await s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
  })

  it('two calls never give the same code', () => {
    const codes = new Set(Array.from({ length: 100 }, () => randomCode()))
    expect(codes.size).toBe(100)
  })
})

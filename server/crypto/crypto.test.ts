import { describe, expect, it } from 'vitest'
import { codeMatches, generateCode, hashCode } from './codes.js'
import { APP_ID_PATTERN, constantTimeEqual, decrypt, encrypt, randomId, randomToken, sha256 } from './hash.js'

describe('codes', () => {
  it('are 6 digits, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode)
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    expect(new Set(codes).size).toBeGreaterThan(1900)
    expect(codes.some((c) => c.startsWith('0'))).toBe(true)
  })

  it('are stored as an HMAC bound to secret, app and address', () => {
    const hash = hashCode('s', 'app', 'a@x.io', '123456')
    expect(hash).not.toContain('123456')
    expect(codeMatches('s', 'app', 'a@x.io', '123456', hash)).toBe(true)
    expect(codeMatches('s', 'app', 'a@x.io', '123457', hash)).toBe(false)
    expect(codeMatches('other', 'app', 'a@x.io', '123456', hash)).toBe(false)
    expect(codeMatches('s', 'app2', 'a@x.io', '123456', hash)).toBe(false)
    expect(codeMatches('s', 'app', 'b@x.io', '123456', hash)).toBe(false)
    expect(codeMatches('s', 'app', 'a@x.io', '123456', '')).toBe(false)
  })
})

describe('hash helpers', () => {
  it('constantTimeEqual compares strings of any length', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true)
    expect(constantTimeEqual('abc', 'abd')).toBe(false)
    expect(constantTimeEqual('abc', 'abcd')).toBe(false)
  })

  it('encrypt/decrypt round-trips and rejects the wrong secret or tampering', () => {
    const boxed = encrypt('secret-1', '{"d":"private"}')
    expect(boxed.startsWith('v1.')).toBe(true)
    expect(boxed).not.toContain('private')
    expect(decrypt('secret-1', boxed)).toBe('{"d":"private"}')
    expect(() => decrypt('secret-2', boxed)).toThrow()
    expect(() => decrypt('secret-1', `${boxed.slice(0, -2)}AA`)).toThrow()
  })

  it('ids have the app id shape; refresh tokens are 32 bytes base64url', () => {
    expect(randomId()).toMatch(APP_ID_PATTERN)
    expect(randomToken(32)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(sha256('x')).toHaveLength(43)
  })
})

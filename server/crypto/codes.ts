/** Login codes: 6 random digits, kept only as an HMAC keyed by the server secret. */
import { randomInt } from 'node:crypto'
import { constantTimeEqual, hmacSha256 } from './hash.js'

export const CODE_LENGTH = 6

export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0')
}

/** Binds the hash to the app and the code's identifier so a hash row cannot be replayed elsewhere. */
export function hashCode(secret: string, appId: string, identifier: string, code: string): string {
  return hmacSha256(secret, `${appId}\n${identifier}\n${code}`)
}

export function codeMatches(secret: string, appId: string, identifier: string, code: string, storedHash: string): boolean {
  return constantTimeEqual(hashCode(secret, appId, identifier, code), storedHash)
}

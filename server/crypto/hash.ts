/** Small node:crypto wrappers: hashing, constant-time compare, secret-box, random ids. */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

export function hmacSha256(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url')
}

/** Compares two strings without leaking where they differ; unequal lengths compare a dummy. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  if (left.length !== right.length) {
    timingSafeEqual(left, left)
    return false
  }
  return timingSafeEqual(left, right)
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A 25-character id of lower-case letters and digits starting with 'c' (the app id shape). */
export function randomId(): string {
  let id = 'c'
  for (let i = 0; i < 24; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)]
  return id
}

export const APP_ID_PATTERN = /^[a-z0-9]{25}$/

function keyFrom(secret: string): Buffer {
  return createHash('sha256').update(`gatehouse:signing-key:${secret}`).digest()
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function encrypt(secret: string, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv)
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.')
}

export function decrypt(secret: string, boxed: string): string {
  const [version, iv, tag, data] = boxed.split('.')
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown secret-box format')
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
}

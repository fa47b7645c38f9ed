/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of
 * random bytes; a signature is `v1,` + base64(HMAC-SHA256(base64-decoded secret, `id.timestamp.body`)).
 * Several signatures go space-separated in one `webhook-signature` header (rotation), and every
 * verifier library accepts a message when any one of them matches.
 */
import { createHmac, randomBytes } from 'node:crypto'

export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/** A new endpoint secret: 24 random bytes (the spec asks for 24 to 64). */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64')
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** The three headers of one attempt, signed with every secret given (the current one first). */
export function webhookHeaders(secrets: string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestampSeconds, body)).join(' '),
  }
}

/** Webhooks: Standard Webhooks (https://www.standardwebhooks.com) verification with the `standardwebhooks` package. */
import standardwebhooks from 'standardwebhooks'
import type { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@gatehouse/contract/routes'
import { GatehouseWebhookError } from './errors.ts'

/** Every event type an endpoint may subscribe to, and the test send's. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | typeof WEBHOOK_TEST_EVENT

/** A delivered event: `{ type, timestamp, data }` as the server's webhook worker writes it. */
export interface WebhookEvent<T extends WebhookEventType = WebhookEventType> {
  type: T
  /** ISO 8601, when the event happened. */
  timestamp: string
  /** The event's data (e.g. `{ user }` for user.created). */
  data: Record<string, unknown>
}

/** The three Standard Webhooks headers; any object with them (a Node IncomingHttpHeaders, a Headers, a plain record). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

function plain(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  const get = (name: string) => {
    if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
    const found = Object.entries(headers as Record<string, string | string[] | undefined>).find(([k]) => k.toLowerCase() === name)?.[1]
    return Array.isArray(found) ? found.join(' ') : found
  }
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    const value = get(name)
    if (value !== undefined) out[name] = value
  }
  return out
}

/**
 * Verifies a delivery and answers its event; throws GatehouseWebhookError on a wrong signature, a
 * timestamp more than 5 minutes away, or a missing header. Pass the raw body (string or Buffer),
 * exactly as received: a re-serialized JSON body does not verify.
 */
export function verifyWebhook(payload: string | Buffer, headers: WebhookHeaders, secret: string): WebhookEvent {
  let event: unknown
  try {
    event = new standardwebhooks.Webhook(secret).verify(payload, plain(headers))
  } catch (error) {
    throw new GatehouseWebhookError(`The webhook does not verify (${error instanceof Error ? error.message : String(error)})`, { cause: error })
  }
  if (!event || typeof event !== 'object' || typeof (event as WebhookEvent).type !== 'string')
    throw new GatehouseWebhookError('The webhook body is not a Gatehouse event')
  return event as WebhookEvent
}

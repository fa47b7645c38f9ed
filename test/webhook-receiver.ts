/**
 * A local webhook receiver for tests and the benchmark's twin (bench/webhooks.mjs): loopback,
 * random port, records every POST (headers and raw body) and answers what `respond` says (200 by
 * default). `verify` checks a message with the Standard Webhooks reference library, as a
 * receiving backend would.
 *
 *   const receiver = await startWebhookReceiver()
 *   … POST /apps/:app_id/webhooks { url: receiver.url } …
 *   const message = await receiver.next((m) => m.type === 'user.created')
 *   receiver.verify(message, secret)   // throws unless a signature matches
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
  /** The parsed body's `type`. */
  type: string
  payload: { type: string; timestamp: string; data: Record<string, any> }
  id: string
  /** What the receiver answered. */
  status: number
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** The status to answer the next POSTs with (default 200). */
  respond: (message: ReceivedWebhook) => number
  /** The first message matching, waiting up to `timeoutMs` for it. */
  next(match: (m: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>
  /** Verifies with `standardwebhooks` (throws on a bad signature or a stale timestamp); answers the payload. */
  verify(message: ReceivedWebhook, secret: string): unknown
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const waiters = new Set<() => void>()
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    respond: () => 200,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = receiver.received.find(match)
          if (!found) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no matching webhook within ${timeoutMs} ms (${receiver.received.length} received)`))
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    verify(message, secret) {
      return new Webhook(secret).verify(message.body, message.headers as Record<string, string>)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let payload: ReceivedWebhook['payload']
      try {
        payload = JSON.parse(body)
      } catch {
        payload = { type: '', timestamp: '', data: {} }
      }
      const message: ReceivedWebhook = { headers: req.headers, body, type: payload.type, payload, id: String(req.headers['webhook-id']), status: 0 }
      message.status = receiver.respond(message)
      receiver.received.push(message)
      res.statusCode = message.status
      res.end()
      for (const waiter of [...waiters]) waiter()
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return receiver
}

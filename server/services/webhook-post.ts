/**
 * One webhook POST over node:http(s) with keep-alive agents: fetch costs several times the CPU per
 * call, and the worker shares the process with the API. Answers the status code; throws on a
 * network error, and with `signal`'s reason when it aborts (a timeout, the worker stopping).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 })
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 64 })

export function postWebhook(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const https = target.protocol === 'https:'
    const payload = Buffer.from(body, 'utf8')
    const req = (https ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        agent: https ? httpsAgent : httpAgent,
        headers: { ...headers, 'content-length': String(payload.length) },
        signal,
      },
      (res: IncomingMessage) => {
        // Drained (not read): the answer's body means nothing to us, and the socket goes back to the pool.
        res.on('error', () => undefined)
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.resume()
      },
    )
    req.on('error', (error) => reject(signal.aborted ? signal.reason : error))
    req.end(payload)
  })
}

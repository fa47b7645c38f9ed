/**
 * JSON-RPC transports of the smart wallet: the bundler (its public URL) and our server's ERC-7677
 * paymaster endpoint (through the API client, so the session's token and device proof go along).
 * A failure is tagged with who failed and how (src/errors/smartWallet.ts), so the screen can say
 * "the bundler is down" apart from "the app does not sponsor this".
 */
import { custom } from 'viem'
import { API_PREFIX } from '@gatehouse/contract/routes/prefix'
import { apiEndpoint } from '../../api/client.ts'
import { getApiClient } from '../../api/instance.ts'
import { AaEndpointError } from '../../errors/smartWallet.ts'
import { $config } from '../../stores/config.ts'

/** Our server's ERC-7677 endpoint (contract/src/routes: POST /smart_wallets/paymaster). */
const PAYMASTER_ROUTE = '/smart_wallets/paymaster'

let id = 0
/** A bundler or paymaster that does not answer must not leave the screen preparing for long. */
const TIMEOUT_MS = 20_000

interface RpcReply {
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

function answer(source: 'bundler' | 'paymaster', reply: RpcReply | undefined): unknown {
  if (!reply || typeof reply !== 'object') throw new AaEndpointError(source, 'network', 'Not a JSON-RPC answer')
  if (reply.error) throw new AaEndpointError(source, 'rpc', reply.error.message, reply.error.code, reply.error.data)
  return reply.result
}

/** JSON-RPC over fetch to the bundler: no answer or HTTP 5xx is 'network', a JSON-RPC error 'rpc'. */
export const bundlerTransport = (url: string) =>
  custom(
    {
      async request({ method, params }) {
        let response: Response
        try {
          response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          })
        } catch (error) {
          throw new AaEndpointError('bundler', 'network', (error as Error).message)
        }
        // A JSON-RPC error may come with any HTTP status (Alto answers some with 4xx/5xx): the body decides.
        const reply = (await response.json().catch(() => undefined)) as RpcReply | undefined
        if (!reply?.error && !response.ok) throw new AaEndpointError('bundler', 'network', `HTTP ${response.status}`)
        return answer('bundler', reply)
      },
    },
    { retryCount: 0 },
  )

/**
 * The paymaster URL relative to our API (`/api/v1/…`): under the widget's API URL, or our server's
 * own paymaster route under the public URL the server knows itself by (`localhost` where the page
 * says `127.0.0.1`); null for another service's paymaster.
 */
function apiPath(url: string): string | null {
  const base = new URL(apiEndpoint($config.get().apiUrl, ''), location.href).href.replace(/\/+$/, '')
  if (url.startsWith(`${base}/`)) return url.slice(base.length)
  const { pathname } = new URL(url)
  return pathname === `${API_PREFIX}${PAYMASTER_ROUTE}` ? PAYMASTER_ROUTE : null
}

/** JSON-RPC to our server's paymaster endpoint, signed in as the user (HTTP 5xx or no answer: 'network'). */
export const paymasterTransport = (url: string) =>
  custom(
    {
      async request({ method, params }) {
        const body = { jsonrpc: '2.0', id: ++id, method, params }
        const path = apiPath(url)
        try {
          if (path) {
            const client = getApiClient() as unknown as { request(path: string, options: object): Promise<RpcReply> }
            return answer('paymaster', await client.request(path, { method: 'POST', body, retries: 0 }))
          }
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          })
          const reply = (await response.json().catch(() => undefined)) as RpcReply | undefined
          if (!reply?.error && !response.ok) throw new AaEndpointError('paymaster', 'network', `HTTP ${response.status}`)
          return answer('paymaster', reply)
        } catch (error) {
          if (error instanceof AaEndpointError) throw error
          const status = (error as { status?: number }).status
          // Our API's own refusal (4xx with its message) is a refusal; no answer or 5xx, an outage.
          if (typeof status === 'number' && status < 500)
            throw new AaEndpointError('paymaster', 'rpc', (error as { shortMessage?: string }).shortMessage ?? '', status)
          throw new AaEndpointError('paymaster', 'network', (error as Error).message)
        }
      },
    },
    { retryCount: 0 },
  )

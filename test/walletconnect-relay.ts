/**
 * A fake WalletConnect v2 relay on loopback, speaking the relay's JSON-RPC wire format over a
 * WebSocket (https://specs.walletconnect.com/2.0/specs/servers/relay/relay-server-rpc):
 * `irn_subscribe`, `irn_batchSubscribe`, `irn_unsubscribe`, `irn_batchUnsubscribe`, `irn_publish`,
 * `irn_batchPublish`, `irn_fetchMessages`, `irn_batchFetchMessages`, and the two session methods
 * the 2.2x SDKs publish with (`wc_proposeSession`: the proposal on the pairing topic;
 * `wc_approveSession`: the proposal response on the pairing topic plus the settlement on the new
 * session topic; the relay subscribes the caller to the pairing / session topic). Messages reach subscribers as `irn_subscription` requests the client acks.
 *
 * Like the real relay it keeps every message for its TTL (the mailbox) and hands it to each
 * client (by the `sub` of its `?auth=` JWT) once, other than the one that published it. The JWT's
 * did:key ed25519 signature is verified; a bad one closes the socket (code 3000 'Unauthorized').
 * It never sees plaintext: the SDKs encrypt end to end, the relay routes ciphertext by topic.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64urlnopad } from '@scure/base'
import { WebSocketServer, type WebSocket } from 'ws'

interface Message {
  id: string
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag: number
  attestation?: string
  from: string
  deliveredTo: Set<string>
}

interface Client {
  id: string
  socket: WebSocket
  /** topic → subscription id */
  topics: Map<string, string>
}

export interface FakeRelay {
  /** `ws://127.0.0.1:PORT` — give it to the SDKs as `relayUrl`. */
  url: string
  /** Every JSON-RPC method the clients called, in order (for assertions). */
  calls: { method: string; clientId: string }[]
  /** Topics with their message counts (ciphertext only). */
  messages(): { topic: string; message: string }[]
  /** Drops every client connection (clients reconnect on their own). */
  dropConnections(): void
  /** A slow relay on purpose: new WebSocket handshakes wait (unanswered) until `release()`. */
  hold(): void
  /** Answers the held handshakes and every later one at once. */
  release(): void
  /** Handshakes waiting while held (for waiting on the state, not on time). */
  heldCount(): number
  close(): Promise<void>
}

const DID_KEY_ED25519 = 'did:key:z'
const MULTICODEC_ED25519 = [0xed, 0x01]

/** Verifies the relay auth JWT (EdDSA over `header.payload`, issuer did:key); answers its `sub`/`iss`. */
export function verifyRelayAuth(jwt: string): { iss: string; sub: string; aud: string } {
  const [header, payload, signature] = jwt.split('.')
  if (!header || !payload || !signature) throw new Error('malformed JWT')
  const claims = JSON.parse(Buffer.from(base64urlnopad.decode(payload)).toString('utf8')) as { iss: string; sub: string; aud: string; exp: number }
  if (!claims.iss?.startsWith(DID_KEY_ED25519)) throw new Error('issuer is not a did:key')
  const multicodec = base58.decode(claims.iss.slice(DID_KEY_ED25519.length))
  if (multicodec[0] !== MULTICODEC_ED25519[0] || multicodec[1] !== MULTICODEC_ED25519[1]) throw new Error('not an ed25519 did:key')
  const ok = ed25519.verify(base64urlnopad.decode(signature), new TextEncoder().encode(`${header}.${payload}`), multicodec.slice(2))
  if (!ok) throw new Error('bad JWT signature')
  if (claims.exp * 1000 < Date.now()) throw new Error('JWT expired')
  return claims
}

export async function startFakeRelay(): Promise<FakeRelay> {
  const http: Server = createServer((_req, res) => res.writeHead(426).end('WebSocket only'))
  const wss = new WebSocketServer({ noServer: true })
  let holding = false
  const held: { accept: () => void; socket: import('node:stream').Duplex }[] = []
  http.on('upgrade', (request, socket, head) => {
    socket.on('error', () => {})
    const accept = () => !socket.destroyed && wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request))
    if (holding) held.push({ accept, socket })
    else accept()
  })
  const clients = new Set<Client>()
  const store: Message[] = []
  const calls: FakeRelay['calls'] = []
  let nextId = Date.now() * 1000

  const live = (m: Message) => m.expiresAt > Date.now()
  const subscriptionId = (clientId: string, topic: string) => createHash('sha256').update(`${clientId}:${topic}`).digest('hex')

  /** Sends `m` to every subscribed client that neither published nor received it yet. */
  function route(m: Message) {
    for (const client of clients) {
      const sub = client.topics.get(m.topic)
      if (!sub || client.id === m.from || m.deliveredTo.has(client.id)) continue
      m.deliveredTo.add(client.id)
      const data = { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag, ...(m.attestation ? { attestation: m.attestation } : {}) }
      client.socket.send(JSON.stringify({ id: nextId++, jsonrpc: '2.0', method: 'irn_subscription', params: { id: sub, data } }))
    }
  }

  function publish(client: Client, p: { topic: string; message: string; ttl?: number; tag?: number; attestation?: string }) {
    if (typeof p.topic !== 'string' || typeof p.message !== 'string') throw new Error('topic and message are required')
    const m: Message = {
      id: randomUUID(),
      topic: p.topic,
      message: p.message,
      publishedAt: Date.now(),
      expiresAt: Date.now() + (p.ttl ?? 300) * 1000,
      tag: p.tag ?? 0,
      attestation: p.attestation,
      from: client.id,
      deliveredTo: new Set(),
    }
    store.push(m)
    route(m)
  }

  function fetch(client: Client, topic: string) {
    const out = store.filter((m) => m.topic === topic && live(m) && m.from !== client.id && !m.deliveredTo.has(client.id))
    out.forEach((m) => m.deliveredTo.add(client.id))
    return out.map((m) => ({
      topic: m.topic,
      message: m.message,
      publishedAt: m.publishedAt,
      tag: m.tag,
      ...(m.attestation ? { attestation: m.attestation } : {}),
    }))
  }

  function subscribe(client: Client, topic: string): string {
    const id = subscriptionId(client.id, topic)
    client.topics.set(topic, id)
    // The mailbox: what was published before the subscription arrives after it.
    setImmediate(() => store.filter((m) => m.topic === topic && live(m)).forEach(route))
    return id
  }

  function handle(client: Client, method: string, params: any): unknown {
    switch (method) {
      case 'irn_subscribe':
        return subscribe(client, params.topic)
      case 'irn_batchSubscribe':
        return (params.topics as string[]).map((t) => subscribe(client, t))
      case 'irn_unsubscribe':
        client.topics.delete(params.topic)
        return true
      case 'irn_batchUnsubscribe':
        for (const s of params.subscriptions as { topic: string }[]) client.topics.delete(s.topic)
        return true
      case 'irn_publish':
        publish(client, params)
        return true
      case 'irn_batchPublish':
        for (const m of params.messages) publish(client, m)
        return true
      case 'irn_fetchMessages':
        return { messages: fetch(client, params.topic), hasMore: false }
      case 'irn_batchFetchMessages':
        return { messages: (params.topics as string[]).flatMap((t) => fetch(client, t)), hasMore: false }
      case 'wc_proposeSession':
        // The proposer is subscribed to the pairing topic by the relay itself (the answer comes there).
        subscribe(client, params.pairingTopic)
        publish(client, { topic: params.pairingTopic, message: params.sessionProposal, ttl: params.ttl, tag: 1100, attestation: params.attestation })
        return true
      case 'wc_approveSession':
        // Likewise the approving wallet to the new session topic.
        subscribe(client, params.sessionTopic)
        publish(client, { topic: params.pairingTopic, message: params.sessionProposalResponse, ttl: params.ttl, tag: 1101 })
        publish(client, { topic: params.sessionTopic, message: params.sessionSettlementRequest, ttl: params.ttl, tag: 1102 })
        return true
      default:
        throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 })
    }
  }

  wss.on('connection', (socket, request) => {
    const url = new URL(request.url ?? '/', 'http://relay')
    let claims: { sub: string }
    try {
      claims = verifyRelayAuth(url.searchParams.get('auth') ?? '')
      if (!url.searchParams.get('projectId')) throw new Error('projectId is required')
    } catch (error) {
      socket.close(3000, `Unauthorized: ${(error as Error).message}`)
      return
    }
    const client: Client = { id: claims.sub, socket, topics: new Map() }
    clients.add(client)
    socket.on('close', () => clients.delete(client))
    socket.on('message', (raw) => {
      let msg: { id: number; method?: string; params?: unknown; result?: unknown }
      try {
        msg = JSON.parse(String(raw))
      } catch {
        return
      }
      if (!msg.method) return // an ack of our irn_subscription
      calls.push({ method: msg.method, clientId: client.id })
      try {
        const result = handle(client, msg.method, msg.params)
        socket.send(JSON.stringify({ id: msg.id, jsonrpc: '2.0', result }))
      } catch (error) {
        const e = error as { code?: number; message: string }
        socket.send(JSON.stringify({ id: msg.id, jsonrpc: '2.0', error: { code: e.code ?? -32602, message: e.message } }))
      }
    })
  })

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}`,
    calls,
    messages: () => store.map((m) => ({ topic: m.topic, message: m.message })),
    dropConnections: () => clients.forEach((c) => c.socket.terminate()),
    hold: () => void (holding = true),
    release: () => {
      holding = false
      held.splice(0).forEach((h) => h.accept())
    },
    heldCount: () => held.length,
    close: async () => {
      held.splice(0).forEach((h) => h.socket.destroy())
      clients.forEach((c) => c.socket.terminate())
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}

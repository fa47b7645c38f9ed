/**
 * @gatehouse/node against the real server (server/testing.ts's harness, listening on a real port so
 * the SDK talks HTTP and fetches the JWKS as a host backend would): tokens, the user API, webhooks
 * signed by the server's own signer, and authorization signatures checked independently of the SDK.
 */
import { createPublicKey, verify } from 'node:crypto'
import canonicalize from 'canonicalize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newWebhookSecret, webhookHeaders } from '../../../server/crypto/webhook-signature.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, TEST_PUBLIC_URL, type Harness } from '../../../server/testing.js'
import {
  createGatehouseClient,
  generateAuthorizationKeyPair,
  GatehouseApiError,
  GatehouseTokenError,
  GatehouseWebhookError,
  verifyWebhook,
  type GatehouseClient,
} from '../src/index.ts'

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }

forEachDatabase((target) => {
  let h: Harness
  let apiUrl: string
  let appId: string
  let gatehouse: GatehouseClient
  beforeAll(async () => {
    h = await startHarness(target)
    apiUrl = await h.server.listen({ port: 0, host: '127.0.0.1' })
    appId = await h.createApp()
    const res = await h.server.inject({ method: 'POST', url: `/api/v1/admin/apps/${appId}/secrets`, headers: admin })
    expect(res.statusCode, res.body).toBe(201)
    // The server's issuer is its public URL; the backend reaches it at another address.
    gatehouse = createGatehouseClient({ appId, appSecret: res.json().secret, apiUrl, publicUrl: TEST_PUBLIC_URL })
  })
  afterAll(() => h?.close())

  it('verifies a real access token and identity token, and rejects a tampered one, another kind, and another app', async () => {
    const auth = await h.login(appId, 'ada@example.com')
    const claims = await gatehouse.verifyAccessToken(auth.token)
    expect(claims).toMatchObject({ userId: auth.user.id, appId, issuer: TEST_PUBLIC_URL })
    expect(claims.sessionId).toMatch(/.+/)
    expect(claims.expiration).toBeGreaterThan(Date.now() / 1000)

    const identity = await gatehouse.verifyIdentityToken(auth.identity_token)
    expect(identity.userId).toBe(auth.user.id)
    expect(identity.linkedAccounts).toEqual([expect.objectContaining({ type: 'email', address: 'ada@example.com' })])

    // One character of the payload changed: the signature no longer covers it.
    const [head, body, sig] = auth.token.split('.')
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString())
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...payload, sub: 'did:privy:someone-else' })).toString('base64url')}.${sig}`
    await expect(gatehouse.verifyAccessToken(forged)).rejects.toThrow(GatehouseTokenError)
    await expect(gatehouse.verifyAccessToken(`${auth.token.slice(0, -4)}AAAA`)).rejects.toThrow(GatehouseTokenError)
    // An identity token is not an access token, and the reverse (the typ header differs).
    await expect(gatehouse.verifyAccessToken(auth.identity_token)).rejects.toThrow(/typ/)
    await expect(gatehouse.verifyIdentityToken(auth.token)).rejects.toThrow(GatehouseTokenError)
    // A token of another app: its audience is not this app.
    const other = await h.createApp()
    const foreign = await h.login(other, 'bob@example.com')
    await expect(gatehouse.verifyAccessToken(foreign.token)).rejects.toThrow(/aud/)
  })

  it('the user API: create, get, search, custom metadata, list, sessions, revoke, delete; errors carry the server code', async () => {
    const created = await gatehouse.users.create({ linked_accounts: [{ type: 'email', address: 'grace@example.com' }], custom_metadata: { plan: 'pro' } })
    expect(created).toMatchObject({ custom_metadata: { plan: 'pro' }, sessions_count: 0 })
    expect((await gatehouse.users.get(created.id)).id).toBe(created.id)
    expect((await gatehouse.users.search({ email: 'grace@example.com' }))?.id).toBe(created.id)
    expect(await gatehouse.users.search({ email: 'nobody@example.com' })).toBeNull()
    expect((await gatehouse.users.setCustomMetadata(created.id, { plan: 'team', seats: 3 })).custom_metadata).toEqual({ plan: 'team', seats: 3 })

    const auth = await h.login(appId, 'grace@example.com')
    expect(auth.user.id).toBe(created.id)
    const identity = await gatehouse.verifyIdentityToken(auth.identity_token)
    expect(identity.customMetadata).toEqual({ plan: 'team', seats: 3 })
    const { sessionId } = await gatehouse.verifyAccessToken(auth.token)
    expect((await gatehouse.users.sessions(created.id)).map((s) => s.id)).toContain(sessionId)

    const listed: string[] = []
    for await (const user of gatehouse.users.all({ limit: 1 })) listed.push(user.id)
    expect(listed).toContain(created.id)
    expect(listed.length).toBeGreaterThanOrEqual(2)

    await gatehouse.users.revokeSession(created.id, sessionId)
    expect(await gatehouse.users.sessions(created.id)).toEqual([])
    await gatehouse.users.delete(created.id)
    const missing = await gatehouse.users.get(created.id).catch((e) => e)
    expect(missing).toBeInstanceOf(GatehouseApiError)
    expect(missing).toMatchObject({ status: 404 })

    const wrong = createGatehouseClient({ appId, appSecret: 'ghs_wrong', apiUrl })
    await expect(wrong.users.list()).rejects.toMatchObject({ status: 401 })
  })
})

describe('webhooks', () => {
  const body = JSON.stringify({ type: 'user.created', timestamp: new Date().toISOString(), data: { user: { id: 'did:privy:x' } } })
  it("verifies a delivery signed by the server's signer (also with a rotated second secret) and rejects a wrong secret, a changed body and an old timestamp", () => {
    const secret = newWebhookSecret()
    const now = Math.floor(Date.now() / 1000)
    const headers = webhookHeaders([secret], 'msg_1', now, body)
    const event = verifyWebhook(body, headers, secret)
    expect(event).toMatchObject({ type: 'user.created', data: { user: { id: 'did:privy:x' } } })
    // Rotation: the server signs with both secrets; the endpoint knowing either verifies.
    const next = newWebhookSecret()
    expect(verifyWebhook(Buffer.from(body), new Headers(webhookHeaders([next, secret], 'msg_2', now, body)), secret).type).toBe('user.created')
    const client = createGatehouseClient({ appId: 'app', apiUrl: 'http://127.0.0.1:1', webhookSecret: secret })
    expect(client.webhooks.verify(body, headers).type).toBe('user.created')

    expect(() => verifyWebhook(body, headers, newWebhookSecret())).toThrow(GatehouseWebhookError)
    expect(() => verifyWebhook(body.replace('x', 'y'), headers, secret)).toThrow(GatehouseWebhookError)
    expect(() => verifyWebhook(body, webhookHeaders([secret], 'msg_3', now - 3600, body), secret)).toThrow(/timestamp/i)
    expect(() => verifyWebhook(body, { 'webhook-id': 'msg_1' }, secret)).toThrow(GatehouseWebhookError)
  })
})

describe('authorization signatures', () => {
  it('wallets.rpc sends the signed headers; the signature verifies over the RFC 8785 JSON of { version, method, url, body, headers } with the public key', async () => {
    const key = generateAuthorizationKeyPair()
    const sent: { url: string; init: RequestInit }[] = []
    const fetchStub: typeof fetch = async (url, init) => {
      sent.push({ url: String(url), init: init! })
      return new Response(JSON.stringify({ method: 'personal_sign', data: { signature: '0xabc', encoding: 'hex' } }), { status: 200 })
    }
    const client = createGatehouseClient({
      appId: 'app-1',
      appSecret: 'ghs_secret',
      apiUrl: 'http://10.0.0.5:8787',
      publicUrl: 'https://auth.example.com',
      authorizationPrivateKey: key.privateKey,
      fetch: fetchStub,
    })
    const answer = await client.wallets.rpc('wallet-1', { method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } })
    expect(answer.data.signature).toBe('0xabc')

    const [{ url, init }] = sent
    expect(url).toBe('http://10.0.0.5:8787/api/v1/wallets/wallet-1/rpc')
    const headers = init.headers as Record<string, string>
    expect(headers.authorization).toBe(`Basic ${Buffer.from('app-1:ghs_secret').toString('base64')}`)
    const expiry = Number(headers['privy-request-expiry'])
    expect(expiry).toBeGreaterThan(Date.now())
    expect(expiry).toBeLessThanOrEqual(Date.now() + 5 * 60_000)
    expect(headers['privy-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)

    // An independent check: node:crypto (not the SDK's @noble/curves) over canonicalize's bytes of
    // what the server sees — its public URL, the parsed body, the three signed headers.
    const signedHeaders = {
      'privy-app-id': 'app-1',
      'privy-request-expiry': headers['privy-request-expiry'],
      'privy-idempotency-key': headers['privy-idempotency-key'],
    }
    const payload = (o: object) => Buffer.from(canonicalize(o)!)
    const publicKey = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' })
    const signature = Buffer.from(headers['privy-authorization-signature'], 'base64')
    const signed = {
      version: 1,
      method: 'POST',
      url: 'https://auth.example.com/api/v1/wallets/wallet-1/rpc',
      body: JSON.parse(init.body as string),
      headers: signedHeaders,
    }
    expect(verify('sha256', payload(signed), { key: publicKey, dsaEncoding: 'der' }, signature)).toBe(true)
    // Anything else changed and it does not verify: the body, the URL, a header.
    expect(
      verify('sha256', payload({ ...signed, body: { ...signed.body, params: { message: 'hellO' } } }), { key: publicKey, dsaEncoding: 'der' }, signature),
    ).toBe(false)
    expect(verify('sha256', payload({ ...signed, url: url }), { key: publicKey, dsaEncoding: 'der' }, signature)).toBe(false)
    expect(
      verify(
        'sha256',
        payload({ ...signed, headers: { ...signedHeaders, 'privy-request-expiry': String(expiry + 1) } }),
        { key: publicKey, dsaEncoding: 'der' },
        signature,
      ),
    ).toBe(false)

    // Two calls, two signed requests (the server accepts each signed request once).
    await client.wallets.rpc('wallet-1', { method: 'personal_sign', params: { message: 'hello' } })
    expect((sent[1].init.headers as Record<string, string>)['privy-idempotency-key']).not.toBe(headers['privy-idempotency-key'])

    // PATCH is signed too; GET needs the secret only.
    await client.wallets.update('wallet-1', { policy: { methods: ['personal_sign'] } })
    expect((sent[2].init.headers as Record<string, string>)['privy-authorization-signature']).toBeTruthy()
    await client.wallets.get('wallet-1').catch(() => {})
    expect((sent[3].init.headers as Record<string, string>)['privy-authorization-signature']).toBeUndefined()
  })

  it('error: a wallet call without an authorization key is refused before any request', async () => {
    const client = createGatehouseClient({ appId: 'a', appSecret: 's', apiUrl: 'http://127.0.0.1:1' })
    await expect(client.wallets.rpc('w', { method: 'personal_sign', params: { message: 'x' } })).rejects.toThrow(/authorization key/)
  })
})

/**
 * Sign In With Farcaster against a real chain: an IdRegistry on the local EDR chain answers
 * custodyOf(fid) over JSON-RPC; fids belong to viem local accounts that sign real SIWF messages.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalChain, type LocalChain } from '../../test/evm.js'
import { deployIdRegistry, parseConnectUri, signSiwf, type FarcasterRegistry } from '../../test/farcaster.js'
import { openDatabase } from '../db/connect.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const ORIGIN = 'http://localhost:5173'
const page = { headers: { origin: ORIGIN } }

forEachDatabase((target) => {
  let h: Harness
  let chain: LocalChain
  let registry: FarcasterRegistry
  let appId: string

  beforeAll(async () => {
    chain = await startLocalChain()
    registry = await deployIdRegistry(chain)
    h = await startHarness(target, { farcaster: { rpcUrl: chain.url, idRegistryAddress: registry.address } })
    appId = await h.createApp({ name: 'Farcaster', loginMethods: { email: true, farcaster: true } })
  }, 120_000)
  afterAll(async () => {
    await h?.close()
    await chain?.close()
  })

  const newFid = async () => {
    const custody = privateKeyToAccount(generatePrivateKey())
    return { custody, fid: await registry.register(custody.address) }
  }
  const init = async (app = appId) => {
    const res = await h.post('/api/v1/farcaster/init', { token: null }, { appId: app, ...page })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { channel_token: string; connect_uri: string }
  }
  const relay = (token: string, body: Record<string, unknown>) =>
    h.post('/api/v1/farcaster/relay/v1/channel/authenticate', body, { headers: { authorization: `Bearer ${token}` } })
  const status = (token: string, app = appId) => h.get('/api/v1/farcaster/status', { appId: app, headers: { 'farcaster-channel-token': token } })
  const authenticate = (body: Record<string, unknown>, o: { app?: string; origin?: string } = {}) =>
    h.post('/api/v1/farcaster/authenticate', { mode: 'login-or-sign-up', ...body }, { appId: o.app ?? appId, headers: { origin: o.origin ?? ORIGIN } })
  /** A full Farcaster-client round: channel, signed message through the relay, authenticate. */
  const signIn = async (custody: PrivateKeyAccount, fid: number, overrides: Parameters<typeof signSiwf>[3] = {}) => {
    const channel = await init()
    const connect = parseConnectUri(channel.connect_uri)
    const signed = await signSiwf(custody, fid, connect, { issuedAt: new Date(h.clock.now()), ...overrides })
    return { channel, connect, signed, body: { channel_token: channel.channel_token, ...signed, fid } }
  }

  it('init answers a farcaster://connect URI; the relay completes the channel; status shows it; authenticate signs up, then logs in the same user', async () => {
    const { custody, fid } = await newFid()
    const channel = await init()
    expect(channel.connect_uri).toMatch(/^farcaster:\/\/connect\?channelToken=/)
    const connect = parseConnectUri(channel.connect_uri)
    expect(connect).toMatchObject({ channelToken: channel.channel_token, siweUri: ORIGIN, domain: 'localhost:5173' })
    expect(connect.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)

    const pending = await status(channel.channel_token)
    expect(pending.statusCode).toBe(200)
    expect(pending.json()).toMatchObject({ state: 'pending', nonce: connect.nonce })
    expect(pending.json().message).toBeUndefined()

    const signed = await signSiwf(custody, fid, connect, { issuedAt: new Date(h.clock.now()) })
    const relayed = await relay(channel.channel_token, {
      ...signed,
      fid,
      username: 'ada',
      displayName: 'Ada L.',
      pfpUrl: 'https://example.com/ada.png',
      bio: 'gm',
    })
    expect(relayed.statusCode, relayed.body).toBe(201)
    const completed = (await status(channel.channel_token)).json()
    expect(completed).toMatchObject({
      state: 'completed',
      message: signed.message,
      signature: signed.signature,
      fid,
      username: 'ada',
      displayName: 'Ada L.',
      pfpUrl: 'https://example.com/ada.png',
      bio: 'gm',
    })
    // The relay's own status route speaks AuthKit's format: 200 once completed.
    const relayStatus = await h.get('/api/v1/farcaster/relay/v1/channel/status', { headers: { authorization: `Bearer ${channel.channel_token}` } })
    expect(relayStatus.statusCode).toBe(200)

    const first = await authenticate({ channel_token: channel.channel_token, message: completed.message, signature: completed.signature, fid })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ is_new_user: true })
    expect(first.json().user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'farcaster',
        address: String(fid),
        fid,
        owner_address: custody.address,
        username: 'ada',
        display_name: 'Ada L.',
        pfp: 'https://example.com/ada.png',
        signer_public_key: null,
      }),
    ])

    const again = await signIn(custody, fid)
    const second = await authenticate(again.body)
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json()).toMatchObject({ is_new_user: false, user: { id: first.json().user.id } })
  })

  it('a pending channel answers 202 on the relay status route; an unknown token 404', async () => {
    const channel = await init()
    const res = await h.get('/api/v1/farcaster/relay/v1/channel/status', { headers: { authorization: `Bearer ${channel.channel_token}` } })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toMatchObject({ state: 'pending' })
    expect((await status('not-a-channel')).statusCode).toBe(404)
  })

  it('error: a message signed by a key that is not the custody address of the fid is refused', async () => {
    const { custody, fid } = await newFid()
    const mallory = privateKeyToAccount(generatePrivateKey())
    // Claims the victim's custody address but signs with another key.
    const res = await authenticate((await signIn(custody, fid, { signer: mallory })).body)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'invalid_credentials', error: expect.stringContaining('custody') })
    // …and its own address is not the fid's custody either.
    const own = await authenticate((await signIn(mallory, fid)).body)
    expect(own.statusCode).toBe(401)
    expect(own.json()).toMatchObject({ code: 'invalid_credentials', error: expect.stringContaining('custody address') })
  })

  it('error: a message with another nonce is refused by the relay and by authenticate', async () => {
    const { custody, fid } = await newFid()
    const { channel, body } = await signIn(custody, fid, { nonce: 'abcdefgh12345678' })
    const relayed = await relay(channel.channel_token, { message: body.message, signature: body.signature, fid })
    expect(relayed.statusCode).toBe(400)
    const res = await authenticate(body)
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toContain('nonce')
  })

  it('error: a channel used once cannot be replayed, and a message cannot move to another channel', async () => {
    const { custody, fid } = await newFid()
    const { body } = await signIn(custody, fid)
    expect((await authenticate(body)).statusCode).toBe(200)
    const replay = await authenticate(body)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().error).toContain('unknown, used or expired')
    const other = await init()
    const moved = await authenticate({ ...body, channel_token: other.channel_token })
    expect(moved.statusCode).toBe(401)
  })

  it('error: an expired channel and an expired message are refused', async () => {
    const { custody, fid } = await newFid()
    const stale = await signIn(custody, fid)
    h.clock.advance(301_000)
    const res = await authenticate(stale.body)
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toContain('expired')
    expect((await status(stale.channel.channel_token)).statusCode).toBe(404)

    const shortLived = await signIn(custody, fid, { expirationTime: new Date(h.clock.now() - 1000), issuedAt: new Date(h.clock.now() - 60_000) })
    const late = await authenticate(shortLived.body)
    expect(late.statusCode).toBe(401)
    expect(late.json().error).toContain('expired')
  })

  it('error: another domain, another origin, an unregistered fid and another app are refused', async () => {
    const { custody, fid } = await newFid()
    expect((await authenticate((await signIn(custody, fid, { domain: 'evil.example' })).body)).statusCode).toBe(401)
    expect((await authenticate((await signIn(custody, fid)).body, { origin: 'http://localhost:6666' })).statusCode).toBe(401)
    const stranger = privateKeyToAccount(generatePrivateKey())
    const unregistered = await authenticate((await signIn(stranger, 999_999)).body)
    expect(unregistered.statusCode).toBe(401)
    expect(unregistered.json().error).toContain('not registered')
    const otherApp = await h.createApp({ name: 'Other', loginMethods: { farcaster: true } })
    const cross = await authenticate((await signIn(custody, fid)).body, { app: otherApp })
    expect(cross.statusCode).toBe(401)
  })

  it('error: init is refused from an origin the app does not allow, and when the app does not enable Farcaster', async () => {
    const forbidden = await h.post('/api/v1/farcaster/init', {}, { appId, headers: { origin: 'https://evil.example' } })
    expect(forbidden.statusCode).toBe(403)
    const off = await h.createApp({ name: 'No Farcaster', loginMethods: { email: true } })
    const res = await h.post('/api/v1/farcaster/init', {}, { appId: off, ...page })
    expect(res.json()).toMatchObject({ code: 'disallowed_login_method', error: 'Login with Farcaster not allowed' })
  })

  describe('link, unlink, transfer', () => {
    it('links to an e-mail user, unlinks by fid; a fid held by another user is transferred with the nonce', async () => {
      const { custody, fid } = await newFid()
      const owner = await h.login(appId, `fc-owner-${fid}@example.com`)
      const linkBody = async () => (await signIn(custody, fid)).body
      const linked = await h.post('/api/v1/farcaster/link', await linkBody(), { appId, token: owner.token, ...page })
      expect(linked.statusCode, linked.body).toBe(200)
      expect(
        linked
          .json()
          .linked_accounts.map((a: { type: string }) => a.type)
          .sort(),
      ).toEqual(['email', 'farcaster'])

      const unlinked = await h.post('/api/v1/farcaster/unlink', { fid }, { appId, token: owner.token })
      expect(unlinked.statusCode, unlinked.body).toBe(200)
      expect(unlinked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])

      // The fid signs up on its own, then the e-mail user links it: transfer required.
      const fidUser = (await authenticate(await linkBody())).json()
      const conflict = await h.post('/api/v1/farcaster/link', await linkBody(), { appId, token: owner.token, ...page })
      expect(conflict.statusCode).toBe(409)
      expect(conflict.json()).toMatchObject({ code: 'account_transfer_required', data: { account: { type: 'farcaster', fid } } })
      const moved = await h.post(
        '/api/v1/farcaster/transfer',
        { nonce: conflict.json().data.nonce, farcaster_id: fid, farcaster_embedded_address: null },
        { appId, token: owner.token },
      )
      expect(moved.statusCode, moved.body).toBe(200)
      expect(
        moved
          .json()
          .linked_accounts.map((a: { type: string }) => a.type)
          .sort(),
      ).toEqual(['email', 'farcaster'])
      const login = await authenticate(await linkBody())
      expect(login.json().user.id).toBe(owner.user.id)
      expect(login.json().user.id).not.toBe(fidUser.user.id)
    })

    it('error: link and unlink need a signed-in user', async () => {
      const { custody, fid } = await newFid()
      const res = await h.post('/api/v1/farcaster/link', (await signIn(custody, fid)).body, { appId, ...page })
      expect(res.json()).toMatchObject({ code: 'must_be_authenticated' })
      expect((await h.post('/api/v1/farcaster/unlink', { fid }, { appId })).json()).toMatchObject({ code: 'must_be_authenticated' })
    })
  })
})

describe('configuration', () => {
  forEachDatabase((target) => {
    it('error: without FARCASTER_RPC_URL, init answers a clear configuration error', async () => {
      const h = await startHarness(target)
      try {
        const appId = await h.createApp({ name: 'No chain', loginMethods: { farcaster: true } })
        const res = await h.post('/api/v1/farcaster/init', {}, { appId, headers: { origin: ORIGIN } })
        expect(res.statusCode).toBe(403)
        expect(res.json().error).toContain('set FARCASTER_RPC_URL')
      } finally {
        await h.close()
      }
    })
  })
})

describe('upstream relay (FARCASTER_RELAY_URL)', () => {
  forEachDatabase((target) => {
    let relayDir: string
    let relay: Harness
    let h: Harness
    let chain: LocalChain
    let registry: FarcasterRegistry
    let relayUrl: string

    beforeAll(async () => {
      chain = await startLocalChain()
      registry = await deployIdRegistry(chain)
      // The upstream relay: another Gatehouse server's relay routes (AuthKit's relay wire format).
      relayDir = mkdtempSync(join(tmpdir(), 'gatehouse-relay-'))
      relay = await startHarness({
        kind: 'sqlite',
        open: async () => ({
          database: await openDatabase({ dbFile: join(relayDir, 'relay.db') }),
          remove: async () => rmSync(relayDir, { recursive: true, force: true }),
        }),
      })
      const address = await relay.server.listen({ port: 0, host: '127.0.0.1' })
      relayUrl = `${address}/api/v1/farcaster/relay`
      h = await startHarness(target, { farcaster: { rpcUrl: chain.url, idRegistryAddress: registry.address, relayUrl } })
    }, 120_000)
    afterAll(async () => {
      await h?.close()
      await relay?.close()
      await chain?.close()
    })

    it('opens the channel on the upstream relay, picks up its completion through status, and logs in', async () => {
      const appId = await h.createApp({ name: 'Upstream', loginMethods: { farcaster: true } })
      const custody = privateKeyToAccount(generatePrivateKey())
      const fid = await registry.register(custody.address)
      const init = await h.post('/api/v1/farcaster/init', {}, { appId, headers: { origin: ORIGIN } })
      expect(init.statusCode, init.body).toBe(200)
      const { channel_token, connect_uri } = init.json()
      const connect = parseConnectUri(connect_uri)
      expect(connect).toMatchObject({ channelToken: channel_token, siweUri: ORIGIN, domain: 'localhost:5173' })

      // The Farcaster client completes the channel on the upstream relay, not on our server.
      const signed = await signSiwf(custody, fid, connect, { issuedAt: new Date(h.clock.now()) })
      const direct = await h.post(
        '/api/v1/farcaster/relay/v1/channel/authenticate',
        { ...signed, fid },
        { headers: { authorization: `Bearer ${channel_token}` } },
      )
      expect(direct.statusCode).toBe(400)
      const upstream = await relay.post(
        '/api/v1/farcaster/relay/v1/channel/authenticate',
        { ...signed, fid, username: 'up' },
        { headers: { authorization: `Bearer ${channel_token}` } },
      )
      expect(upstream.statusCode, upstream.body).toBe(201)

      const status = await h.get('/api/v1/farcaster/status', { appId, headers: { 'farcaster-channel-token': channel_token } })
      expect(status.json()).toMatchObject({ state: 'completed', fid, username: 'up', url: connect_uri })
      const res = await h.post(
        '/api/v1/farcaster/authenticate',
        { channel_token, ...signed, fid, mode: 'login-or-sign-up' },
        { appId, headers: { origin: ORIGIN } },
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().user.linked_accounts[0]).toMatchObject({ type: 'farcaster', fid, username: 'up' })
    })

    it("error: a channel opened on the relay's public route never logs in on the relay's own server", async () => {
      const opened = await relay.post('/api/v1/farcaster/relay/v1/channel', { siweUri: ORIGIN, domain: 'localhost:5173', nonce: 'abcdefgh12345678' })
      expect(opened.statusCode, opened.body).toBe(201)
      expect(opened.json()).toMatchObject({ nonce: 'abcdefgh12345678', url: expect.stringMatching(/^farcaster:\/\/connect\?/) })
      const relayApp = await relay.createApp({ name: 'Relay app', loginMethods: { farcaster: true } })
      const custody = privateKeyToAccount(generatePrivateKey())
      const signed = await signSiwf(custody, 1, parseConnectUri(opened.json().url))
      const res = await relay.post(
        '/api/v1/farcaster/authenticate',
        { channel_token: opened.json().channelToken, ...signed, fid: 1 },
        { appId: relayApp, headers: { origin: ORIGIN } },
      )
      expect(res.statusCode).toBe(401)
    })
  })
})

describe('relay key (FARCASTER_RELAY_KEY)', () => {
  forEachDatabase((target) => {
    it('error: with a relay key set, completing a channel needs X-Farcaster-Auth-Relay-Key', async () => {
      // init never calls the RPC URL; nothing listens there.
      const h = await startHarness(target, { farcaster: { rpcUrl: 'http://127.0.0.1:9', relayKey: 'relay-key-0123456789' } })
      try {
        const appId = await h.createApp({ name: 'Keyed', loginMethods: { farcaster: true } })
        const { channel_token, connect_uri } = (await h.post('/api/v1/farcaster/init', {}, { appId, headers: { origin: ORIGIN } })).json()
        const custody = privateKeyToAccount(generatePrivateKey())
        const body = { ...(await signSiwf(custody, 7, parseConnectUri(connect_uri))), fid: 7 }
        const path = '/api/v1/farcaster/relay/v1/channel/authenticate'
        const bearer = { authorization: `Bearer ${channel_token}` }
        expect((await h.post(path, body, { headers: bearer })).statusCode).toBe(401)
        expect((await h.post(path, body, { headers: { ...bearer, 'x-farcaster-auth-relay-key': 'wrong' } })).statusCode).toBe(401)
        expect((await h.post(path, body, { headers: { ...bearer, 'x-farcaster-auth-relay-key': 'relay-key-0123456789' } })).statusCode).toBe(201)
      } finally {
        await h.close()
      }
    })
  })
})

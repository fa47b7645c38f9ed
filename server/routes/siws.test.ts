import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildMemoTransactionMessage, createSiwsMessage } from '@gatehouse/contract'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const DOMAIN = 'localhost:5173'
const ORIGIN = `http://${DOMAIN}`

/** A Solana keypair: the address is the base58 public key. */
function keypair() {
  const secretKey = ed25519.utils.randomPrivateKey()
  return { secretKey, address: base58.encode(ed25519.getPublicKey(secretKey)) }
}
type Keypair = ReturnType<typeof keypair>

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ name: 'Solana', loginMethods: { email: true, wallet: true }, walletChainType: 'solana-only' })
  })
  afterAll(() => h?.close())

  const headers = { origin: ORIGIN }
  const messageFor = async (kp: Keypair, o: { nonce?: string; expirationTime?: Date } = {}) => {
    const nonce = o.nonce ?? (await h.post('/api/v1/siws/init', { address: kp.address }, { appId, headers })).json().nonce
    return createSiwsMessage({
      domain: DOMAIN,
      address: kp.address,
      statement: 'You are proving you own this wallet.',
      uri: ORIGIN,
      version: '1',
      chainId: 'mainnet',
      nonce,
      issuedAt: new Date(h.clock.now()),
      expirationTime: o.expirationTime,
    })
  }
  const sign = (kp: Keypair, bytes: Uint8Array) => base64.encode(ed25519.sign(bytes, kp.secretKey))
  const plain = async (kp: Keypair, o: { nonce?: string; expirationTime?: Date } = {}) => {
    const message = await messageFor(kp, o)
    return { message, signature: sign(kp, new TextEncoder().encode(message)) }
  }
  const authenticate = (body: Record<string, unknown>) =>
    h.post('/api/v1/siws/authenticate', { walletClientType: 'phantom', connectorType: 'solana_adapter', mode: 'login-or-sign-up', ...body }, { appId, headers })

  it('init answers a nonce; error: an invalid address answers 400', async () => {
    const kp = keypair()
    expect((await h.post('/api/v1/siws/init', { address: kp.address }, { appId })).json().nonce).toMatch(/^[0-9a-f]{32}$/)
    const bad = await h.post('/api/v1/siws/init', { address: '0xabc' }, { appId })
    expect(bad.json()).toEqual({ error: 'Invalid Solana address', code: 'invalid_data' })
  })

  it('authenticate (plain message) signs up a user with a Solana wallet; the next login finds them', async () => {
    const kp = keypair()
    const first = await authenticate(await plain(kp))
    expect(first.statusCode).toBe(200)
    expect(first.json().is_new_user).toBe(true)
    expect(first.json().user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: kp.address,
        chain_type: 'solana',
        chain_id: 'mainnet',
        wallet_client_type: 'phantom',
        connector_type: 'solana_adapter',
      }),
    ])
    const second = await authenticate(await plain(kp))
    expect(second.json()).toMatchObject({ is_new_user: false, user: { id: first.json().user.id } })
  })

  it("authenticate with message_type 'transaction' (Ledger): the memo carries the message", async () => {
    const kp = keypair()
    const text = await messageFor(kp)
    const tx = buildMemoTransactionMessage(kp.address, text)
    const res = await authenticate({ message: base64.encode(tx), signature: sign(kp, tx), message_type: 'transaction' })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.linked_accounts[0].address).toBe(kp.address)
  })

  it('error: a transaction paid by another key is refused', async () => {
    const kp = keypair()
    const other = keypair()
    const tx = buildMemoTransactionMessage(other.address, await messageFor(kp))
    const res = await authenticate({ message: base64.encode(tx), signature: sign(other, tx), message_type: 'transaction' })
    expect(res.json().code).toBe('invalid_data')
  })

  it('error: a signature by another key is refused', async () => {
    const kp = keypair()
    const message = await messageFor(kp)
    const res = await authenticate({ message, signature: sign(keypair(), new TextEncoder().encode(message)) })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('invalid_credentials')
  })

  it('error: a nonce is single use and expires', async () => {
    const kp = keypair()
    const signed = await plain(kp)
    expect((await authenticate(signed)).statusCode).toBe(200)
    expect((await authenticate(signed)).statusCode).toBe(401)
    const nonce = (await h.post('/api/v1/siws/init', { address: kp.address }, { appId })).json().nonce
    h.clock.advance(10 * 60 * 1000 + 1)
    expect((await authenticate(await plain(kp, { nonce }))).statusCode).toBe(401)
  })

  it('error: an expired message, a non-SIWS text and a bad signature encoding are refused', async () => {
    const kp = keypair()
    expect((await authenticate(await plain(kp, { expirationTime: new Date(h.clock.now() - 1) }))).statusCode).toBe(401)
    expect((await authenticate({ message: 'hello', signature: base64.encode(new Uint8Array(64)) })).json().code).toBe('invalid_data')
    expect((await authenticate({ message: await messageFor(kp), signature: 'abc' })).json().code).toBe('invalid_data')
  })

  it('links a Solana wallet to an e-mail user and unlinks it', async () => {
    const session = await h.login(appId, 'sol@example.com')
    const kp = keypair()
    const res = await h.post('/api/v1/siws/link', await plain(kp), { appId, token: session.token, headers })
    expect(res.statusCode).toBe(200)
    expect(res.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email', 'wallet'])
    const unlink = await h.post('/api/v1/siws/unlink', { address: kp.address }, { appId, token: session.token })
    expect(unlink.json().linked_accounts).toHaveLength(1)
  })

  it('error: an embedded wallet cannot log in', async () => {
    const res = await authenticate({ ...(await plain(keypair())), walletClientType: 'privy' })
    expect(res.statusCode).toBe(400)
  })
})

describe('SIWS message text', () => {
  it('round-trips through parse', async () => {
    const { parseSiwsMessage } = await import('@gatehouse/contract')
    const kp = keypair()
    const fields = {
      domain: 'a.example',
      address: kp.address,
      statement: 'Hi',
      uri: 'https://a.example',
      version: '1' as const,
      chainId: 'devnet',
      nonce: 'abc12345',
      issuedAt: new Date('2025-01-01T00:00:00.000Z'),
      resources: ['https://x.example/1'],
    }
    expect(parseSiwsMessage(createSiwsMessage(fields))).toEqual(fields)
  })

  it('error: rejects a SIWE message and a tampered layout', async () => {
    const { parseSiwsMessage } = await import('@gatehouse/contract')
    expect(parseSiwsMessage('a.example wants you to sign in with your Ethereum account:\n0xabc\n\nURI: x')).toBeNull()
    const text = createSiwsMessage({
      domain: 'a.example',
      address: keypair().address,
      uri: 'u',
      version: '1',
      chainId: 'mainnet',
      nonce: 'n1234567',
      issuedAt: new Date(),
    })
    expect(parseSiwsMessage(text.replace('Nonce: ', 'Nonce:'))).toBeNull()
    expect(parseSiwsMessage(`${text}\nNonce: again`)).toBeNull()
  })
})

/** Wallet transfer (`siwe/transfer`, `siws/transfer`): the shared transfer nonce plus wallet metadata. */
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiwsMessage } from '@gatehouse/contract'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const DOMAIN = 'localhost:5173'
const ORIGIN = `http://${DOMAIN}`
const headers = { origin: ORIGIN }

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ name: 'Transfers', loginMethods: { email: true, wallet: true } })
  })
  afterAll(() => h?.close())

  const siwe = async (account: PrivateKeyAccount) => {
    const nonce = (await h.post('/api/v1/siwe/init', { address: account.address }, { appId, headers })).json().nonce
    const message = createSiweMessage({
      domain: DOMAIN,
      address: account.address,
      uri: ORIGIN,
      version: '1',
      chainId: 1,
      nonce,
      issuedAt: new Date(h.clock.now()),
    })
    return { message, signature: await account.signMessage({ message }), chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' }
  }
  const siws = async (secret: Uint8Array) => {
    const address = base58.encode(ed25519.getPublicKey(secret))
    const nonce = (await h.post('/api/v1/siws/init', { address }, { appId, headers })).json().nonce
    const message = createSiwsMessage({ domain: DOMAIN, address, uri: ORIGIN, version: '1', chainId: 'mainnet', nonce, issuedAt: new Date(h.clock.now()) })
    const signature = base64.encode(ed25519.sign(new TextEncoder().encode(message), secret))
    return { address, body: { message, signature, message_type: 'plain', walletClientType: 'phantom', connectorType: 'wallet_standard' } }
  }
  /** A user who signed up with the wallet, and a second (e-mail) user whose link hits it. */
  const offered = async (path: 'siwe' | 'siws', body: () => Promise<Record<string, unknown>>, email: string) => {
    const first = await h.post(`/api/v1/${path}/authenticate`, { ...(await body()), mode: 'login-or-sign-up' }, { appId, headers })
    expect(first.statusCode).toBe(200)
    const session = await h.login(appId, email)
    const res = await h.post(`/api/v1/${path}/link`, await body(), { appId, token: session.token, headers })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('account_transfer_required')
    return { previousUserId: first.json().user.id as string, session, nonce: res.json().data.nonce as string }
  }

  describe('SIWE', () => {
    it('moves the wallet with its new metadata to the signed-in user and deletes the other user', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const { previousUserId, session, nonce } = await offered('siwe', () => siwe(account), 'taker@example.com')
      const res = await h.post(
        '/api/v1/siwe/transfer',
        { nonce, walletClientType: 'coinbase_wallet', chainId: 'eip155:8453', connectorType: 'coinbase_wallet' },
        { appId, token: session.token, headers },
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().id).toBe(session.user.id)
      expect(res.json().linked_accounts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'wallet',
            address: account.address,
            chain_type: 'ethereum',
            chain_id: 'eip155:8453',
            wallet_client_type: 'coinbase_wallet',
            connector_type: 'coinbase_wallet',
          }),
        ]),
      )
      const login = await h.post('/api/v1/siwe/authenticate', { ...(await siwe(account)), mode: 'no-signup' }, { appId, headers })
      expect(login.json()).toMatchObject({ is_new_user: false, user: { id: session.user.id } })
      expect(login.json().user.id).not.toBe(previousUserId)
    })

    it('error: a transfer without wallet metadata is refused and the nonce stays usable', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const { session, nonce } = await offered('siwe', () => siwe(account), 'nometa@example.com')
      const bare = await h.post('/api/v1/siwe/transfer', { nonce }, { appId, token: session.token, headers })
      expect(bare.statusCode).toBe(400)
      expect(bare.json().code).toBe('invalid_data')
      const full = await h.post(
        '/api/v1/siwe/transfer',
        { nonce, walletClientType: 'metamask', chainId: 1, connectorType: 'injected' },
        { appId, token: session.token, headers },
      )
      expect(full.statusCode).toBe(200)
    })

    it('error: a nonce is single-use, and works only for the user it was issued to', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const { session, nonce } = await offered('siwe', () => siwe(account), 'once@example.com')
      const other = await h.login(appId, 'thief@example.com')
      const meta = { walletClientType: 'metamask', chainId: 'eip155:1', connectorType: 'injected' }
      const stolen = await h.post('/api/v1/siwe/transfer', { nonce, ...meta }, { appId, token: other.token, headers })
      expect(stolen.json()).toMatchObject({ code: 'invalid_data', error: 'Invalid or expired account transfer nonce.' })
      // The thief spent it: the owner must link again for a fresh one.
      const again = await h.post('/api/v1/siwe/transfer', { nonce, ...meta }, { appId, token: session.token, headers })
      expect(again.statusCode).toBe(400)
    })

    it('error: a SIWE transfer nonce cannot be spent on the SIWS route', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const { session, nonce } = await offered('siwe', () => siwe(account), 'crossed@example.com')
      const res = await h.post(
        '/api/v1/siws/transfer',
        { nonce, walletClientType: 'phantom', chainId: 'mainnet', connectorType: 'wallet_standard' },
        { appId, token: session.token, headers },
      )
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('invalid_data')
    })
  })

  describe('SIWS', () => {
    it('moves a Solana wallet to the signed-in user', async () => {
      const secret = ed25519.utils.randomPrivateKey()
      let address = ''
      const body = async () => {
        const signed = await siws(secret)
        address = signed.address
        return signed.body
      }
      const { session, nonce } = await offered('siws', body, 'solana-taker@example.com')
      const res = await h.post(
        '/api/v1/siws/transfer',
        { nonce, walletClientType: 'solflare', chainId: 'devnet', connectorType: 'wallet_standard' },
        { appId, token: session.token, headers },
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().linked_accounts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'wallet', address, chain_type: 'solana', chain_id: 'devnet', wallet_client_type: 'solflare' }),
        ]),
      )
    })
  })
})

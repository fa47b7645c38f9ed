import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const DOMAIN = 'localhost:5173'
const ORIGIN = `http://${DOMAIN}`

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ name: 'Wallets', loginMethods: { email: true, wallet: true } })
  })
  afterAll(() => h?.close())

  const headers = { origin: ORIGIN }
  const nonceFor = async (address: string, app = appId) => {
    const res = await h.post('/api/v1/siwe/init', { address }, { appId: app, headers })
    expect(res.statusCode).toBe(200)
    return res.json().nonce as string
  }
  const signIn = async (account: PrivateKeyAccount, o: { domain?: string; chainId?: number; nonce?: string; expirationTime?: Date; app?: string } = {}) => {
    const nonce = o.nonce ?? (await nonceFor(account.address, o.app))
    const message = createSiweMessage({
      domain: o.domain ?? DOMAIN,
      address: account.address,
      statement: 'By signing, you are proving you own this wallet and logging in.',
      uri: ORIGIN,
      version: '1',
      chainId: o.chainId ?? 1,
      nonce,
      issuedAt: new Date(h.clock.now()),
      expirationTime: o.expirationTime,
    })
    return { message, signature: await account.signMessage({ message }), nonce }
  }
  const authenticate = (body: Record<string, unknown>, o: { app?: string; origin?: string | null } = {}) =>
    h.post(
      '/api/v1/siwe/authenticate',
      { chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected', mode: 'login-or-sign-up', ...body },
      { appId: o.app ?? appId, headers: o.origin === null ? {} : { origin: o.origin ?? ORIGIN } },
    )

  describe('login', () => {
    it('init answers a fresh alphanumeric nonce per call', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const [a, b] = [await nonceFor(account.address), await nonceFor(account.address.toLowerCase())]
      expect(a).toMatch(/^[0-9a-f]{32}$/)
      expect(b).not.toBe(a)
    })

    it('authenticate signs up a new user with a wallet account, and a second login finds the same user', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const first = await authenticate(await signIn(account))
      expect(first.statusCode).toBe(200)
      const body = first.json()
      expect(body).toMatchObject({ is_new_user: true, session_update_action: 'set' })
      expect(body.user.linked_accounts).toEqual([
        expect.objectContaining({
          type: 'wallet',
          address: account.address,
          chain_type: 'ethereum',
          chain_id: 'eip155:1',
          wallet_client_type: 'metamask',
          connector_type: 'injected',
        }),
      ])
      const second = await authenticate(await signIn(account))
      expect(second.statusCode).toBe(200)
      expect(second.json()).toMatchObject({ is_new_user: false, user: { id: body.user.id } })
    })

    it('a lower-case address in init still matches the checksummed message address', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const nonce = await nonceFor(account.address.toLowerCase())
      expect((await authenticate(await signIn(account, { nonce }))).statusCode).toBe(200)
    })

    it('error: a nonce is single use', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const signed = await signIn(account)
      expect((await authenticate(signed)).statusCode).toBe(200)
      const again = await authenticate(signed)
      expect(again.statusCode).toBe(401)
      expect(again.json().code).toBe('invalid_credentials')
    })

    it('error: a signature by another key is refused', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const other = privateKeyToAccount(generatePrivateKey())
      const signed = await signIn(account)
      const res = await authenticate({ ...signed, signature: await other.signMessage({ message: signed.message }) })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: 'Invalid wallet signature: it does not match the address', code: 'invalid_credentials' })
    })

    it('error: a nonce issued for another address is refused', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const other = privateKeyToAccount(generatePrivateKey())
      const res = await authenticate(await signIn(account, { nonce: await nonceFor(other.address) }))
      expect(res.json().code).toBe('invalid_credentials')
    })

    it('error: a nonce expires after 10 minutes', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const nonce = await nonceFor(account.address)
      h.clock.advance(10 * 60 * 1000 + 1)
      const res = await authenticate(await signIn(account, { nonce }))
      expect(res.statusCode).toBe(401)
    })

    it('error: an expired message is refused', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const res = await authenticate(await signIn(account, { expirationTime: new Date(h.clock.now() - 1000) }))
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toContain('expired')
    })

    it('error: a message for a domain the app does not allow is refused (phishing page)', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const signed = await signIn(account, { domain: 'evil.example' })
      expect((await authenticate(signed, { origin: 'https://evil.example' })).json().code).toBe('invalid_credentials')
      const replay = await signIn(account, { domain: 'evil.example' })
      expect((await authenticate(replay, { origin: null })).json().code).toBe('invalid_credentials')
    })

    it('error: a message whose domain is not the requesting origin is refused', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const res = await authenticate(await signIn(account), { origin: 'http://localhost:9999' })
      expect(res.statusCode).toBe(401)
    })

    it('a message for an allowed production origin is accepted', async () => {
      const shop = await h.createApp({ loginMethods: { email: true, wallet: true }, allowedOrigins: ['https://shop.example'] })
      const account = privateKeyToAccount(generatePrivateKey())
      const signed = await signIn(account, { domain: 'shop.example', app: shop })
      expect((await authenticate(signed, { app: shop, origin: 'https://shop.example' })).statusCode).toBe(200)
    })

    it('error: an embedded wallet (walletClientType privy) cannot log in', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const res = await authenticate({ ...(await signIn(account)), walletClientType: 'privy' })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('An embedded wallet cannot be linked, unlinked or used to log in.')
    })

    it('error: chainId must match the message', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const res = await authenticate({ ...(await signIn(account, { chainId: 10 })), chainId: 'eip155:1' })
      expect(res.json()).toEqual({ error: 'chainId does not match the message', code: 'invalid_data' })
    })

    it('error: not a SIWE message, or a malformed signature, answers 400 invalid_data', async () => {
      expect((await authenticate({ message: 'hello', signature: '0x00' })).json().code).toBe('invalid_data')
      const account = privateKeyToAccount(generatePrivateKey())
      const signed = await signIn(account)
      expect((await authenticate({ ...signed, signature: 'not-hex' })).json().code).toBe('invalid_data')
      expect((await h.post('/api/v1/siwe/init', { address: '0x1234' }, { appId })).json().code).toBe('invalid_data')
    })

    it('error: wallet login switched off answers 403 disallowed_login_method', async () => {
      const emailOnly = await h.createApp({})
      const account = privateKeyToAccount(generatePrivateKey())
      const res = await authenticate(await signIn(account, { app: emailOnly }), { app: emailOnly })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('disallowed_login_method')
    })

    it('error: no-signup mode refuses an unknown wallet with user_does_not_exist', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const res = await authenticate({ ...(await signIn(account)), mode: 'no-signup' })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('user_does_not_exist')
    })

    it('error: the user limit blocks new wallet sign-ups', async () => {
      const full = await h.createApp({ loginMethods: { email: true, wallet: true }, userLimit: 0 })
      const account = privateKeyToAccount(generatePrivateKey())
      const res = await authenticate(await signIn(account, { app: full }), { app: full })
      expect(res.json().code).toBe('max_accounts_reached')
    })
  })

  describe('link and unlink', () => {
    const link = (token: string, body: Record<string, unknown>) =>
      h.post('/api/v1/siwe/link', { chainId: 'eip155:1', walletClientType: 'rainbow', connectorType: 'injected', ...body }, { appId, token, headers })

    it('links a wallet to an e-mail user, who can then log in with it', async () => {
      const session = await h.login(appId, 'linker@example.com')
      const account = privateKeyToAccount(generatePrivateKey())
      const res = await link(session.token, await signIn(account))
      expect(res.statusCode).toBe(200)
      expect(res.json().id).toBe(session.user.id)
      expect(res.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email', 'wallet'])
      const login = await authenticate(await signIn(account))
      expect(login.json()).toMatchObject({ is_new_user: false, user: { id: session.user.id } })
    })

    it('error: a wallet of another user answers 409 account_transfer_required with a transfer nonce', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      await authenticate(await signIn(account))
      const session = await h.login(appId, 'second@example.com')
      const res = await link(session.token, await signIn(account))
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'account_transfer_required', data: { nonce: expect.any(String), display_name: account.address } })
    })

    it('error: a second Ethereum wallet answers 409 cannot_link_more_of_type', async () => {
      const session = await h.login(appId, 'twice@example.com')
      expect((await link(session.token, await signIn(privateKeyToAccount(generatePrivateKey())))).statusCode).toBe(200)
      const res = await link(session.token, await signIn(privateKeyToAccount(generatePrivateKey())))
      expect(res.json()).toEqual({ error: 'User already has an account of type wallet linked.', code: 'cannot_link_more_of_type' })
    })

    it('error: linking needs a signed-in user', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const res = await h.post('/api/v1/siwe/link', await signIn(account), { appId, headers })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('missing_or_invalid_token')
    })

    it('unlinks a wallet; the last login method cannot be unlinked', async () => {
      const session = await h.login(appId, 'unlinker@example.com')
      const account = privateKeyToAccount(generatePrivateKey())
      await link(session.token, await signIn(account))
      const res = await h.post('/api/v1/siwe/unlink', { address: account.address.toLowerCase() }, { appId, token: session.token })
      expect(res.statusCode).toBe(200)
      expect(res.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])

      const walletOnly = await authenticate(await signIn(privateKeyToAccount(generatePrivateKey())))
      const { token, user } = walletOnly.json()
      const last = await h.post('/api/v1/siwe/unlink', { address: user.linked_accounts[0].address }, { appId, token })
      expect(last.statusCode).toBe(400)
      expect(last.json().error).toBe('Cannot unlink the only login method of a user.')
    })
  })
})

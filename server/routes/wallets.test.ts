import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  combineShares,
  deriveFromSeed,
  fromBase64,
  generateEntropy,
  mnemonicOf,
  openWithPassword,
  sealWithPassword,
  seedOf,
  splitSecret,
  toBase64,
  verifierFor,
  type DerivedKey,
  type Shares,
} from '../../frame/src/custody.js'
import { registrationMessage } from '@gatehouse/contract'
import { signRegistration, signShareSet, tokenSubject } from '../../frame/src/registration.js'
import { PROOF_FAILED } from '../services/wallet-proof.js'
import { forEachDatabase, startHarness, testDevice, type Harness } from '../testing.js'
import type { DeviceKey } from '../../frame/src/device.js'

const FRAME = { origin: 'http://gatehouse.test' }
const FAST = { N: 2 ** 10, r: 8, p: 1 }

/** What the wallet frame does when it creates a user's first wallet. */
async function newSecret() {
  const entropy = generateEntropy()
  const seed = await seedOf(entropy)
  const eth = deriveFromSeed(seed, 'ethereum', 0)
  const shares = await splitSecret(entropy)
  return { entropy, seed, eth, shares }
}

function firstWalletBody(address: string, shares: Shares, shareSet = 'set-1') {
  return {
    chain_type: 'ethereum',
    address,
    wallet_index: 0,
    entropy_id: address,
    entropy_id_verifier: verifierFor('ethereum'),
    shares: { share_set: shareSet, auth_share: toBase64(shares.auth), recovery_method: 'privy', recovery_share: toBase64(shares.recovery) },
  }
}

forEachDatabase((target) => {
  describe('embedded wallets API', () => {
    let h: Harness
    let appId: string
    /** One browser's wallet frame: every login of these tests happens on it. */
    let device: DeviceKey
    const logs: string[] = []

    beforeAll(async () => {
      h = await startHarness(target, { logger: true, logLevel: 'trace', logStream: { write: (line) => void logs.push(line) } })
      device = await testDevice(h.clock.now)
      appId = await h.createApp({ embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
    })
    afterAll(() => h?.close())

    /** What the frame signs at registration (proof of possession). */
    const prove = (token: string, key: DerivedKey) => signRegistration(key, { appId, userId: tokenSubject(token) })
    const firstWallet = async (token: string, key: DerivedKey, shares: Shares) => ({ ...firstWalletBody(key.address, shares), proof: await prove(token, key) })

    it('registers the first wallet and gives the frame back the shares that rebuild it', async () => {
      const { token } = await h.login(appId, 'wallet-1@example.com', { device })
      const { entropy, seed, eth, shares } = await newSecret()
      const created = await h.post('/api/v1/wallets', await firstWallet(token, eth, shares), { appId, token, headers: FRAME, device })
      expect(created.statusCode).toBe(200)
      const wallet = created.json().wallet
      expect(wallet).toMatchObject({
        type: 'wallet',
        address: eth.address,
        chain_type: 'ethereum',
        wallet_client_type: 'privy',
        connector_type: 'embedded',
        wallet_index: 0,
        recovery_method: 'privy',
        imported: false,
        delegated: false,
        entropy_id: eth.address,
      })
      expect(created.json().user.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email', 'wallet'])

      // A Solana wallet from the same secret.
      const sol = deriveFromSeed(seed, 'solana', 0)
      const solana = await h.post(
        '/api/v1/wallets',
        {
          chain_type: 'solana',
          address: sol.address,
          wallet_index: 0,
          entropy_id: eth.address,
          entropy_id_verifier: verifierFor('ethereum'),
          proof: await prove(token, sol),
        },
        { appId, token, headers: FRAME, device },
      )
      expect(solana.statusCode).toBe(200)
      expect(solana.json().wallet.address).toBe(sol.address)

      const material = await h.post(
        `/api/v1/embedded_wallets/${eth.address}/recovery/key_material`,
        { include_recovery: true },
        { appId, token, headers: FRAME, device },
      )
      expect(material.statusCode).toBe(200)
      expect(material.headers['cache-control']).toBe('no-store')
      const body = material.json()
      expect(body.share_set).toBe('set-1')
      expect(await combineShares(fromBase64(body.auth_share), fromBase64(body.recovery_share))).toEqual(entropy)
      expect(await combineShares(fromBase64(body.auth_share), shares.device)).toEqual(entropy)

      const listed = await h.get('/api/v1/wallets', { appId, token })
      expect(listed.json().data.map((w: { chain_type: string }) => w.chain_type)).toEqual(['ethereum', 'solana'])

      // Nothing stored or logged holds a share, the entropy, the seed phrase or a private key.
      const rows = JSON.stringify([
        await h.database.db.selectFrom('wallet_secrets').selectAll().execute(),
        await h.database.db.selectFrom('linked_accounts').selectAll().execute(),
      ])
      const log = logs.join('\n')
      const secrets = [
        toBase64(shares.auth),
        toBase64(shares.recovery),
        toBase64(shares.device),
        toBase64(entropy),
        Buffer.from(entropy).toString('hex'),
        mnemonicOf(entropy),
        Buffer.from(eth.privateKey).toString('hex'),
        Buffer.from(sol.privateKey).toString('hex'),
      ]
      expect(log.length).toBeGreaterThan(0)
      for (const secret of secrets) {
        expect(rows).not.toContain(secret)
        expect(log).not.toContain(secret)
      }
    })

    it('replaces the shares when the recovery method becomes a password', async () => {
      const { token } = await h.login(appId, 'wallet-2@example.com', { device })
      const { entropy, eth, shares } = await newSecret()
      await h.post('/api/v1/wallets', await firstWallet(token, eth, shares), { appId, token, headers: FRAME, device })
      const next = await splitSecret(entropy)
      const envelope = await sealWithPassword(next.recovery, 'hunter22', FAST)
      const body = { share_set: 'set-2', auth_share: toBase64(next.auth), recovery_method: 'user-passcode', recovery_share: JSON.stringify(envelope) }
      const claim = { appId, userId: tokenSubject(token), previousShareSet: 'set-1', shareSet: 'set-2', recoveryMethod: body.recovery_method }
      const proof = await signShareSet(eth, { ...claim, authShare: body.auth_share, recoveryShare: body.recovery_share })
      const set = await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery`, { ...body, proof }, { appId, token, headers: FRAME, device })
      expect(set.statusCode).toBe(200)
      expect(set.json().user.linked_accounts.find((a: { type: string }) => a.type === 'wallet').recovery_method).toBe('user-passcode')
      const material = (
        await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, { include_recovery: true }, { appId, token, headers: FRAME, device })
      ).json()
      expect(material).toMatchObject({ share_set: 'set-2', recovery_method: 'user-passcode' })
      const recovery = await openWithPassword(JSON.parse(material.recovery_share), 'hunter22')
      expect(await combineShares(fromBase64(material.auth_share), recovery)).toEqual(entropy)
    })

    it('error: shares are refused to any origin but the frame', async () => {
      const { token } = await h.login(appId, 'wallet-3@example.com', { device })
      const { eth, shares } = await newSecret()
      // With the device's proof, so that the origin is what refuses it.
      const fromHost = await h.post('/api/v1/wallets', await firstWallet(token, eth, shares), {
        appId,
        token,
        headers: { origin: 'http://localhost:5173' },
        device,
      })
      expect(fromHost.statusCode).toBe(403)
      expect(fromHost.json().code).toBe('forbidden_origin')
      await h.post('/api/v1/wallets', await firstWallet(token, eth, shares), { appId, token, headers: FRAME, device })
      const noOrigin = await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, {}, { appId, token, device })
      expect(noOrigin.statusCode).toBe(403)
      const noToken = await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, {}, { appId, headers: FRAME, device })
      expect(noToken.statusCode).toBe(401)
      // Refusals stay out of caches like the shares themselves.
      for (const refusal of [noOrigin, noToken]) expect(refusal.headers['cache-control']).toBe('no-store')
    })

    it("error: another user's wallet answers as not found", async () => {
      const owner = await h.login(appId, 'wallet-4@example.com', { device })
      const { eth, shares } = await newSecret()
      await h.post('/api/v1/wallets', await firstWallet(owner.token, eth, shares), { appId, token: owner.token, headers: FRAME, device })
      const other = await h.login(appId, 'wallet-5@example.com', { device })
      const res = await h.post(
        `/api/v1/embedded_wallets/${eth.address}/recovery/key_material`,
        { include_recovery: true },
        { appId, token: other.token, headers: FRAME, device },
      )
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ code: 'embedded_wallet_not_found', error: 'Embedded wallet not found' })
      expect(res.headers['cache-control']).toBe('no-store')
    })

    it('error: a second primary wallet, a negative index or a bad address is refused', async () => {
      const { token } = await h.login(appId, 'wallet-6@example.com', { device })
      const first = await newSecret()
      await h.post('/api/v1/wallets', await firstWallet(token, first.eth, first.shares), { appId, token, headers: FRAME, device })
      const second = await newSecret()
      const again = await h.post('/api/v1/wallets', await firstWallet(token, second.eth, second.shares), { appId, token, headers: FRAME, device })
      expect(again.statusCode).toBe(400)
      expect(again.json().error).toBe('User already has an embedded wallet.')
      const same = await h.post(
        '/api/v1/wallets',
        {
          chain_type: 'ethereum',
          address: first.eth.address,
          wallet_index: 0,
          entropy_id: first.eth.address,
          entropy_id_verifier: verifierFor('ethereum'),
          proof: await prove(token, first.eth),
        },
        { appId, token, headers: FRAME, device },
      )
      expect(same.json().error).toBe('User already has an embedded wallet.')
      const negative = await h.post(
        '/api/v1/wallets',
        {
          chain_type: 'ethereum',
          address: deriveFromSeed(first.seed, 'ethereum', 1).address,
          wallet_index: -1,
          entropy_id: first.eth.address,
          entropy_id_verifier: verifierFor('ethereum'),
          proof: '0x00',
        },
        { appId, token, headers: FRAME, device },
      )
      expect(negative.json().error).toBe('A negative walletIndex is invalid')
      const bad = await h.post(
        '/api/v1/wallets',
        { ...firstWalletBody('0x1234', second.shares), entropy_id: '0x1234', proof: '0x00' },
        { appId, token, headers: FRAME, device },
      )
      expect(bad.json().error).toBe('Invalid ethereum address')
    })

    it('error: a registration without proof of possession of the address is refused and stores nothing', async () => {
      const { token } = await h.login(appId, 'wallet-7@example.com', { device })
      const other = await h.login(appId, 'wallet-8@example.com', { device })
      const { seed, eth, shares } = await newSecret()
      const stranger = await newSecret()
      const attempts = [
        // Signed by another key than the address's.
        { ...firstWalletBody(eth.address, shares), proof: await prove(token, { ...stranger.eth, address: eth.address }) },
        // The right key, but the statement names another user (a proof cannot be replayed across users).
        { ...firstWalletBody(eth.address, shares), proof: await prove(other.token, eth) },
        // Garbage.
        { ...firstWalletBody(eth.address, shares), proof: 'not-a-signature' },
      ]
      for (const body of attempts) {
        const res = await h.post('/api/v1/wallets', body, { appId, token, headers: FRAME, device })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ code: 'invalid_data', error: PROOF_FAILED })
      }
      const missing = await h.post('/api/v1/wallets', firstWalletBody(eth.address, shares), { appId, token, headers: FRAME, device })
      expect(missing.statusCode).toBe(400)
      expect(await h.database.db.selectFrom('wallet_secrets').selectAll().where('entropy_id', '=', eth.address).execute()).toEqual([])

      // Solana: an ed25519 proof by another key is refused, the wallet's own is accepted.
      expect((await h.post('/api/v1/wallets', await firstWallet(token, eth, shares), { appId, token, headers: FRAME, device })).statusCode).toBe(200)
      const sol = deriveFromSeed(seed, 'solana', 0)
      const solBody = { chain_type: 'solana', address: sol.address, wallet_index: 0, entropy_id: eth.address, entropy_id_verifier: verifierFor('ethereum') }
      const wrongSol = await h.post(
        '/api/v1/wallets',
        { ...solBody, proof: await prove(token, { ...deriveFromSeed(stranger.seed, 'solana', 0), address: sol.address }) },
        { appId, token, headers: FRAME, device },
      )
      expect(wrongSol.json()).toEqual({ code: 'invalid_data', error: PROOF_FAILED })
      expect((await h.post('/api/v1/wallets', { ...solBody, proof: await prove(token, sol) }, { appId, token, headers: FRAME, device })).statusCode).toBe(200)
      expect(registrationMessage({ appId, userId: 'u1', address: sol.address })).toBe(
        `Gatehouse embedded wallet registration\nApp: ${appId}\nUser: u1\nAddress: ${sol.address}`,
      )
    })

    it('error: a revoked or expired session gets no key material, so it cannot export', async () => {
      const login = await h.login(appId, 'wallet-9@example.com', { device })
      const { eth, shares } = await newSecret()
      await h.post('/api/v1/wallets', await firstWallet(login.token, eth, shares), { appId, token: login.token, headers: FRAME, device })
      const material = () =>
        h.post(
          `/api/v1/embedded_wallets/${eth.address}/recovery/key_material`,
          { include_recovery: true },
          { appId, token: login.token, headers: FRAME, device },
        )
      expect((await material()).statusCode).toBe(200)
      expect((await h.post('/api/v1/sessions/logout', { refresh_token: login.refresh_token }, { appId, token: login.token })).statusCode).toBe(200)
      const revoked = await material()
      expect(revoked.statusCode).toBe(401)
      expect(revoked.body).not.toContain('auth_share')

      const fresh = await h.login(appId, 'wallet-9@example.com', { device })
      const again = () => h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, {}, { appId, token: fresh.token, headers: FRAME, device })
      expect((await again()).statusCode).toBe(200)
      h.clock.advance(61 * 60 * 1000) // past the access token's hour
      const expired = await again()
      expect(expired.statusCode).toBe(401)
      expect(expired.json().code).toBe('missing_or_invalid_token')
    })

    it('serves the wallet frame with frame-ancestors limited to the allowed origins', async () => {
      const id = await h.createApp({ allowedOrigins: ['https://shop.example.com'] })
      const res = await h.get(`/apps/${id}/embedded-wallets`)
      expect(res.statusCode).toBe(200)
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain('frame-ancestors https://shop.example.com http://localhost:* http://127.0.0.1:*')
      expect(csp).toContain("script-src 'self'")
      expect(res.body).toContain('"allowedOrigins":["https://shop.example.com"]')
      const exportPage = await h.get(`/apps/${id}/embedded-wallets/export`)
      expect(exportPage.body).toContain('Loading...')
      expect((await h.get('/apps/nope/embedded-wallets')).statusCode).toBe(400)
    })

    it('error: the admin API refuses an unknown createOnLogin value', async () => {
      const res = await h.patchApp(appId, { embeddedWallets: { ethereum: { createOnLogin: 'sometimes' } } })
      expect(res.statusCode).toBe(400)
      const config = (await h.get(`/api/v1/apps/${appId}`)).json()
      expect(config.embeddedWallets).toMatchObject({
        ethereum: { createOnLogin: 'users-without-wallets' },
        solana: { createOnLogin: 'off' },
        requireUserOwnedRecoveryOnCreate: false,
        userOwnedRecoveryOptions: ['user-passcode'],
      })
    })
  })

  describe('key-material throttle', () => {
    let h: Harness
    let appId: string
    let device: DeviceKey
    beforeAll(async () => {
      h = await startHarness(target, { rateLimits: { keyMaterial: 3 } })
      device = await testDevice(h.clock.now)
      appId = await h.createApp()
    })
    afterAll(() => h?.close())

    it('error: key-material requests beyond the per-user limit answer 429; other users are unaffected', async () => {
      const users = [await h.login(appId, 'throttle-1@example.com', { device }), await h.login(appId, 'throttle-2@example.com', { device })]
      const addresses: string[] = []
      for (const user of users) {
        const { eth, shares } = await newSecret()
        const proof = await signRegistration(eth, { appId, userId: tokenSubject(user.token) })
        expect(
          (await h.post('/api/v1/wallets', { ...firstWalletBody(eth.address, shares), proof }, { appId, token: user.token, headers: FRAME, device }))
            .statusCode,
        ).toBe(200)
        addresses.push(eth.address)
      }
      const ask = (i: number) =>
        h.post(`/api/v1/embedded_wallets/${addresses[i]}/recovery/key_material`, {}, { appId, token: users[i]!.token, headers: FRAME, device })
      for (let n = 0; n < 3; n++) expect((await ask(0)).statusCode).toBe(200)
      const limited = await ask(0)
      expect(limited.statusCode).toBe(429)
      expect(limited.json().code).toBe('too_many_requests')
      expect((await ask(1)).statusCode).toBe(200)
      h.clock.advance(601 * 1000) // the window (600 s) ends
      expect((await ask(0)).statusCode).toBe(200)
    })
  })
})

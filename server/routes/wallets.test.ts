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
  type Shares,
} from '../../frame/src/custody.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

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
    const logs: string[] = []

    beforeAll(async () => {
      h = await startHarness(target, { logger: true, logLevel: 'trace', logStream: { write: (line) => void logs.push(line) } })
      appId = await h.createApp({ embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
    })
    afterAll(() => h?.close())

    it('registers the first wallet and gives the frame back the shares that rebuild it', async () => {
      const { token } = await h.login(appId, 'wallet-1@example.com')
      const { entropy, seed, eth, shares } = await newSecret()
      const created = await h.post('/api/v1/wallets', firstWalletBody(eth.address, shares), { appId, token, headers: FRAME })
      expect(created.statusCode).toBe(200)
      const wallet = created.json().wallet
      expect(wallet).toMatchObject({
        type: 'wallet',
        address: eth.address.toLowerCase(),
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
        { chain_type: 'solana', address: sol.address, wallet_index: 0, entropy_id: eth.address, entropy_id_verifier: verifierFor('ethereum') },
        { appId, token, headers: FRAME },
      )
      expect(solana.statusCode).toBe(200)
      expect(solana.json().wallet.address).toBe(sol.address)

      const material = await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, { include_recovery: true }, { appId, token, headers: FRAME })
      expect(material.statusCode).toBe(200)
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
      const { token } = await h.login(appId, 'wallet-2@example.com')
      const { entropy, eth, shares } = await newSecret()
      await h.post('/api/v1/wallets', firstWalletBody(eth.address, shares), { appId, token, headers: FRAME })
      const next = await splitSecret(entropy)
      const envelope = await sealWithPassword(next.recovery, 'hunter22', FAST)
      const set = await h.post(
        `/api/v1/embedded_wallets/${eth.address}/recovery`,
        { share_set: 'set-2', auth_share: toBase64(next.auth), recovery_method: 'user-passcode', recovery_share: JSON.stringify(envelope) },
        { appId, token, headers: FRAME },
      )
      expect(set.statusCode).toBe(200)
      expect(set.json().user.linked_accounts.find((a: { type: string }) => a.type === 'wallet').recovery_method).toBe('user-passcode')
      const material = (await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, { include_recovery: true }, { appId, token, headers: FRAME })).json()
      expect(material).toMatchObject({ share_set: 'set-2', recovery_method: 'user-passcode' })
      const recovery = await openWithPassword(JSON.parse(material.recovery_share), 'hunter22')
      expect(await combineShares(fromBase64(material.auth_share), recovery)).toEqual(entropy)
    })

    it('error: shares are refused to any origin but the frame', async () => {
      const { token } = await h.login(appId, 'wallet-3@example.com')
      const { eth, shares } = await newSecret()
      const fromHost = await h.post('/api/v1/wallets', firstWalletBody(eth.address, shares), { appId, token, headers: { origin: 'http://localhost:5173' } })
      expect(fromHost.statusCode).toBe(403)
      expect(fromHost.json().code).toBe('forbidden_origin')
      await h.post('/api/v1/wallets', firstWalletBody(eth.address, shares), { appId, token, headers: FRAME })
      const noOrigin = await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, {}, { appId, token })
      expect(noOrigin.statusCode).toBe(403)
      const noToken = await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, {}, { appId, headers: FRAME })
      expect(noToken.statusCode).toBe(401)
    })

    it("error: another user's wallet answers as not found", async () => {
      const owner = await h.login(appId, 'wallet-4@example.com')
      const { eth, shares } = await newSecret()
      await h.post('/api/v1/wallets', firstWalletBody(eth.address, shares), { appId, token: owner.token, headers: FRAME })
      const other = await h.login(appId, 'wallet-5@example.com')
      const res = await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, { include_recovery: true }, { appId, token: other.token, headers: FRAME })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ code: 'embedded_wallet_not_found', error: 'Embedded wallet not found' })
    })

    it('error: a second primary wallet, a negative index or a bad address is refused', async () => {
      const { token } = await h.login(appId, 'wallet-6@example.com')
      const first = await newSecret()
      await h.post('/api/v1/wallets', firstWalletBody(first.eth.address, first.shares), { appId, token, headers: FRAME })
      const second = await newSecret()
      const again = await h.post('/api/v1/wallets', firstWalletBody(second.eth.address, second.shares), { appId, token, headers: FRAME })
      expect(again.statusCode).toBe(400)
      expect(again.json().error).toBe('User already has an embedded wallet.')
      const same = await h.post(
        '/api/v1/wallets',
        { chain_type: 'ethereum', address: first.eth.address, wallet_index: 0, entropy_id: first.eth.address, entropy_id_verifier: verifierFor('ethereum') },
        { appId, token, headers: FRAME },
      )
      expect(same.json().error).toBe('User already has an embedded wallet.')
      const negative = await h.post(
        '/api/v1/wallets',
        { chain_type: 'ethereum', address: deriveFromSeed(first.seed, 'ethereum', 1).address, wallet_index: -1, entropy_id: first.eth.address, entropy_id_verifier: verifierFor('ethereum') },
        { appId, token, headers: FRAME },
      )
      expect(negative.json().error).toBe('A negative walletIndex is invalid')
      const bad = await h.post('/api/v1/wallets', { ...firstWalletBody('0x1234', second.shares), entropy_id: '0x1234' }, { appId, token, headers: FRAME })
      expect(bad.json().error).toBe('Invalid ethereum address')
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
})

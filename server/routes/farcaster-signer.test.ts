/**
 * 'Add a signer to Farcaster' on the server (services/farcaster-signer.ts): the frame's init, the
 * app account's SignedKeyRequest signature as the signed-key-request service checks it
 * (test/farcaster.ts stand-in, Warpcast's wire format), and the status mapping.
 */
import { randomUUID } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSignedKeyRequestService, type SignedKeyRequestService } from '../../test/farcaster.ts'
import { insertLinkedAccount } from '../db/linked-accounts.js'
import type { DeviceKey } from '../../frame/src/device.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'

const FRAME = { origin: TEST_PUBLIC_URL }
const APP_FID = 9001
const custodyKey = generatePrivateKey()
const custody = privateKeyToAccount(custodyKey)

const newSignerKey = () => bytesToHex(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))

forEachDatabase((target) => {
  describe('farcaster signer', () => {
    let h: Harness
    let service: SignedKeyRequestService
    let appId: string
    let device: DeviceKey
    let nextFid = 500

    beforeAll(async () => {
      service = await startSignedKeyRequestService((fid) => (fid === APP_FID ? custody.address : null))
      h = await startHarness(target)
      device = await testDevice(h.clock.now)
      appId = await h.createApp({ farcasterSigner: { fid: APP_FID, custodyPrivateKey: custodyKey, apiUrl: service.url } })
    })
    afterAll(async () => {
      await h?.close()
      await service?.close()
    })

    /** A user logged in on `device`, with an embedded wallet and (unless told) a linked Farcaster account. */
    async function user(options: { wallet?: boolean; farcaster?: boolean; app?: string } = {}) {
      const app = options.app ?? appId
      const { token, user } = await h.login(app, `signer-${randomUUID()}@example.com`, { device })
      if (options.wallet !== false) await h.registerEmbeddedWallet(app, token, device)
      const fid = nextFid++
      if (options.farcaster !== false) {
        const now = h.clock.now()
        await insertLinkedAccount(h.database.db, {
          id: randomUUID(),
          user_id: user.id,
          app_id: app,
          type: 'farcaster',
          address: String(fid),
          verified_at: now,
          first_verified_at: now,
          latest_verified_at: now,
          details: JSON.stringify({ fid, owner_address: custody.address, username: null, signer_public_key: null }),
        })
      }
      return { token, userId: user.id, fid }
    }

    const init = (token: string, key: string, headers: Record<string, string> = FRAME, app = appId) =>
      h.post('/api/v1/farcaster/signer/init', { ed25519_public_key: key }, { appId: app, token, headers, device })
    const status = (token: string, key: string) => h.post('/api/v1/farcaster/signer/status', { ed25519_public_key: key }, { appId, token, device })

    it("init: the app account's signed request reaches the service; approved by the user's fid → approved, on their account too", async () => {
      const { token, fid } = await user()
      const key = newSignerKey()
      const started = await init(token, key)
      expect(started.statusCode, started.body).toBe(200)
      const request = service.byKey(key)
      // The stand-in accepted the EIP-712 signature as the app fid's custody address.
      expect(request).toMatchObject({ requestFid: APP_FID, state: 'pending' })
      expect(request.deadline).toBeGreaterThan(Math.floor(h.clock.now() / 1000) + 3600)
      expect(started.json()).toEqual({ public_key: key, status: 'pending_approval', signer_approval_url: request.deeplinkUrl })
      expect(request.deeplinkUrl).toMatch(/^farcaster:\/\/signed-key-request\?token=0x[0-9a-f]+$/)

      expect((await status(token, key)).json()).toMatchObject({ status: 'pending_approval', signer_approval_url: request.deeplinkUrl })
      // Approved in the app but not yet on chain: still pending.
      service.approve(key, fid, 'approved')
      expect((await status(token, key)).json().status).toBe('pending_approval')
      service.approve(key, fid)
      expect((await status(token, key)).json()).toEqual({ public_key: key, status: 'approved', fid })
      const me = await h.get('/api/v1/users/me', { appId, token })
      const account = me.json().user.linked_accounts.find((a: { type: string }) => a.type === 'farcaster')
      expect(account.signer_public_key).toBe(key)

      // Asking again for an approved key makes no new request.
      const count = service.requests.size
      expect((await init(token, key)).json()).toMatchObject({ status: 'approved' })
      expect(service.requests.size).toBe(count)
    })

    it('a pending request is shown again rather than made twice', async () => {
      const { token } = await user()
      const key = newSignerKey()
      const first = (await init(token, key)).json()
      const second = (await init(token, key)).json()
      expect(second.signer_approval_url).toBe(first.signer_approval_url)
    })

    it('revoked: the user rejected it (the service forgets it), another fid approved it, or the deadline passed', async () => {
      const { token } = await user()
      const rejected = newSignerKey()
      await init(token, rejected)
      service.reject(rejected)
      expect((await status(token, rejected)).json()).toEqual({ public_key: rejected, status: 'revoked' })

      const elsewhere = newSignerKey()
      await init(token, elsewhere)
      service.approve(elsewhere, 424242)
      expect((await status(token, elsewhere)).json().status).toBe('revoked')

      const lapsed = newSignerKey()
      await init(token, lapsed)
      // Its signed deadline passed (a day: the session would be long gone, so the row is moved back).
      const lapsedAt = Math.floor(h.clock.now() / 1000) - 1
      await h.database.db.updateTable('farcaster_signers').set({ deadline: lapsedAt }).where('public_key', '=', lapsed).execute()
      expect((await status(token, lapsed)).json().status).toBe('revoked')
      // A revoked key may ask again: a new request.
      const again = await init(token, rejected)
      expect(again.json().status).toBe('pending_approval')
      expect(service.byKey(rejected).state).toBe('pending')
    })

    it('error: the host page cannot register a key (frame origin only); another user cannot read it', async () => {
      const { token } = await user()
      const key = newSignerKey()
      const fromHost = await init(token, key, { origin: 'https://host.example' })
      expect(fromHost.statusCode).toBe(403)
      expect(fromHost.json().code).toBe('forbidden_origin')
      expect(service.requests.size).toBeGreaterThan(0)
      expect([...service.requests.values()].some((r) => r.key === key)).toBe(false)

      await init(token, key)
      const other = await user()
      expect((await status(other.token, key)).statusCode).toBe(404)
      const taken = await init(other.token, key)
      expect(taken.statusCode).toBe(400)
    })

    it('error: needs an embedded wallet, a Farcaster account, and the app configured', async () => {
      const noWallet = await user({ wallet: false })
      const res = await init(noWallet.token, newSignerKey())
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'embedded_wallet_not_found', error: 'Farcaster signers need an embedded wallet: create one first' })

      const noFarcaster = await user({ farcaster: false })
      const res2 = await init(noFarcaster.token, newSignerKey())
      expect(res2.statusCode).toBe(422)
      expect(res2.json().error).toBe('Farcaster signers need a Farcaster account: link one first')

      const plain = await h.createApp()
      const someone = await user({ app: plain })
      const res3 = await init(someone.token, newSignerKey(), FRAME, plain)
      expect(res3.statusCode).toBe(422)
      expect(res3.json().code).toBe('not_supported')
    })

    it('the custody key is sealed at rest and masked in the admin API', async () => {
      const row = await h.database.db.selectFrom('apps').select('settings').where('id', '=', appId).executeTakeFirstOrThrow()
      expect(row.settings).not.toContain(custodyKey.slice(2))
      const view = await h.get(`/api/v1/admin/apps/${appId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      expect(view.statusCode).toBe(200)
      expect(JSON.stringify(view.json())).not.toContain(custodyKey.slice(2))
      const masked = view.json().farcasterSigner
      expect(masked.custodyPrivateKey).toBe(`****${custodyKey.slice(-4)}`)
      // Written back masked it keeps the key, but not for another fid (the key would sign for it).
      expect((await h.patchApp(appId, { farcasterSigner: masked })).statusCode).toBe(200)
      const moved = await h.patchApp(appId, { farcasterSigner: { ...masked, fid: APP_FID + 1 } })
      expect(moved.statusCode).toBe(400)
      expect(moved.json().error).toBe(
        'farcasterSigner.custodyPrivateKey is masked but farcasterSigner.fid changed: send the full secret with the new destination',
      )
    })
  })
})

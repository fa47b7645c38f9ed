/**
 * Custody against a stolen token: every attack here starts from what script on a host page can
 * copy (the access token, the refresh token, even the Origin header's value) and replays it from
 * outside the browser, as curl or Node would. None of it may reach a share, replace one, refresh
 * a bound session or export a key; only the device whose frame logged in may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { combineShares, fromBase64, generateEntropy, splitSecret, toBase64 } from '../../frame/src/custody.js'
import type { DeviceKey } from '../../frame/src/device.js'
import { signShareSet } from '../../frame/src/registration.js'
import { EXPORT_LOGIN_MAX_AGE_MS } from '../config.js'
import { forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'

const FRAME = { origin: TEST_PUBLIC_URL }
const decodeJwtAth = (proof: string) => (JSON.parse(Buffer.from(proof.split('.')[1]!, 'base64url').toString()) as { ath: string }).ath

forEachDatabase((target) => {
  describe('custody survives a stolen token', () => {
    let h: Harness
    let appId: string
    let phone: DeviceKey
    let attacker: DeviceKey

    beforeAll(async () => {
      h = await startHarness(target)
      appId = await h.createApp({ embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
      phone = await testDevice(h.clock.now)
      attacker = await testDevice(h.clock.now)
    })
    afterAll(() => h?.close())

    /** Logs in on `device` and creates the user's wallet there, as the frame does. */
    async function userWithWallet(email: string, device: DeviceKey) {
      const login = await h.login(appId, email, { device })
      const { entropy, key: eth, shares } = await h.registerEmbeddedWallet(appId, login.token, device)
      return { login, entropy, eth, shares }
    }

    const keyMaterial = (address: string, token: string, body: object, device?: DeviceKey, headers: Record<string, string> = FRAME) =>
      h.post(`/api/v1/embedded_wallets/${address}/recovery/key_material`, body, { appId, token, headers, device })

    it('a copied access token gets no share, with any Origin, without a proof or with its own device key', async () => {
      const { login, eth } = await userWithWallet('custody-1@example.com', phone)
      for (const purpose of ['connect', 'recover', 'export']) {
        for (const device of [undefined, attacker]) {
          const res = await keyMaterial(eth.address, login.token, { purpose }, device)
          expect(res.statusCode).toBe(401)
          expect(res.json().code).toBe('invalid_device_proof')
          expect(res.body).not.toContain('share')
        }
      }
      // The legacy flag too.
      expect((await keyMaterial(eth.address, login.token, { include_recovery: true })).statusCode).toBe(401)
      // The real device is served.
      expect((await keyMaterial(eth.address, login.token, { purpose: 'connect' }, phone)).statusCode).toBe(200)
    })

    it('a copied token cannot overwrite the shares (brick the wallet) nor add wallets', async () => {
      const { login, eth, entropy, shares } = await userWithWallet('custody-2@example.com', phone)
      const garbage = await splitSecret(generateEntropy())
      const overwrite = { share_set: 'evil', auth_share: toBase64(garbage.auth), recovery_method: 'privy', recovery_share: toBase64(garbage.recovery) }
      for (const device of [undefined, attacker]) {
        const res = await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery`, overwrite, { appId, token: login.token, headers: FRAME, device })
        expect(res.statusCode).toBe(401)
      }
      const material = (await keyMaterial(eth.address, login.token, { purpose: 'connect' }, phone)).json()
      expect(material.share_set).toBe('set-1')
      expect(await combineShares(fromBase64(material.auth_share), shares.device)).toEqual(entropy)
    })

    it('a device proof is single-use and bound to its method, URL and access token', async () => {
      const { login, eth } = await userWithWallet('custody-3@example.com', phone)
      const other = await h.login(appId, 'custody-3b@example.com', { device: phone })
      const path = `/api/v1/embedded_wallets/${eth.address}/recovery/key_material`
      const proof = await phone.proof({ htm: 'POST', htu: `${TEST_PUBLIC_URL}${path}`, accessToken: login.token })
      const send = (p: string, token: string, url = path) => h.post(url, { purpose: 'connect' }, { appId, token, headers: { ...FRAME, dpop: p } })
      expect((await send(proof, login.token)).statusCode).toBe(200)
      const replay = await send(proof, login.token)
      expect(replay.statusCode).toBe(401)
      expect(replay.json().error).toContain('replayed')
      // Made for another URL, or for another access token.
      const forList = await phone.proof({ htm: 'POST', htu: `${TEST_PUBLIC_URL}/api/v1/wallets`, accessToken: login.token })
      expect((await send(forList, login.token)).statusCode).toBe(401)
      const forOther = await phone.proof({ htm: 'POST', htu: `${TEST_PUBLIC_URL}${path}`, accessToken: other.token })
      expect((await send(forOther, login.token)).statusCode).toBe(401)
      // Signed by another key than the one its header names (the session's): refused.
      const { SignJWT, generateKeyPair, decodeProtectedHeader } = await import('jose')
      const { privateKey } = await generateKeyPair('ES256')
      const jwk = decodeProtectedHeader(proof).jwk!
      const forged = await new SignJWT({ htm: 'POST', htu: `${TEST_PUBLIC_URL}${path}`, jti: 'forged-proof-0123456789', ath: decodeJwtAth(proof) })
        .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk })
        .setIssuedAt(Math.floor(h.clock.now() / 1000))
        .sign(privateKey)
      const forgedAnswer = await send(forged, login.token)
      expect(forgedAnswer.statusCode).toBe(401)
      expect(forgedAnswer.json().error).toContain('signature')
      // Too old.
      const old = await phone.proof({ htm: 'POST', htu: `${TEST_PUBLIC_URL}${path}`, accessToken: login.token })
      h.clock.advance(2 * 60 * 1000)
      expect((await send(old, login.token)).json().error).toContain('too old')
    })

    it('a copied refresh token cannot refresh a device-bound session; the device can, and keeps the binding', async () => {
      const { login, eth } = await userWithWallet('custody-4@example.com', phone)
      for (const device of [undefined, attacker]) {
        const res = await h.post('/api/v1/sessions', { refresh_token: login.refresh_token }, { appId, device })
        expect(res.statusCode).toBe(401)
        expect(res.json().code).toBe('invalid_device_proof')
      }
      const refreshed = await h.post('/api/v1/sessions', { refresh_token: login.refresh_token }, { appId, device: phone })
      expect(refreshed.statusCode).toBe(200)
      const token = refreshed.json().token
      expect((await keyMaterial(eth.address, token, { purpose: 'connect' }, phone)).statusCode).toBe(200)
      expect((await keyMaterial(eth.address, token, { purpose: 'connect' }, attacker)).statusCode).toBe(401)
    })

    it('a session logged in without a device proof reaches no key material at all', async () => {
      const { eth } = await userWithWallet('custody-5@example.com', phone)
      const unbound = await h.login(appId, 'custody-5@example.com')
      for (const device of [undefined, attacker, phone]) {
        const res = await keyMaterial(eth.address, unbound.token, { purpose: 'recover' }, device)
        expect(res.statusCode).toBe(401)
        expect(res.json().code).toBe('invalid_device_proof')
      }
    })

    it('a new device gets the wallet only by recovering after its own login, and the user is told by e-mail', async () => {
      const email = 'custody-6@example.com'
      const { eth, entropy } = await userWithWallet(email, phone)
      const laptop = await testDevice(h.clock.now)
      const login = await h.login(appId, email, { device: laptop })
      const before = h.server.gatehouse.mailer.outbox!.list(email).length
      // Not enrolled: it may not connect, add wallets or replace the recovery data.
      const connect = await keyMaterial(eth.address, login.token, { purpose: 'connect' }, laptop)
      expect(connect.statusCode).toBe(403)
      expect(connect.json().code).toBe('device_not_enrolled')
      const next = await splitSecret(entropy)
      const replace = { share_set: 'set-2', auth_share: toBase64(next.auth), recovery_method: 'privy', recovery_share: toBase64(next.recovery) }
      const replaced = await h.post(`/api/v1/embedded_wallets/${eth.address}/recovery`, replace, { appId, token: login.token, headers: FRAME, device: laptop })
      expect(replaced.statusCode).toBe(403)
      expect(replaced.json().code).toBe('device_not_enrolled')

      const recovered = await keyMaterial(eth.address, login.token, { purpose: 'recover' }, laptop)
      expect(recovered.statusCode).toBe(200)
      expect(await combineShares(fromBase64(recovered.json().auth_share), fromBase64(recovered.json().recovery_share))).toEqual(entropy)
      const notices = h.server.gatehouse.mailer.outbox!.list(email)
      expect(notices.length).toBe(before + 1)
      expect(notices[0]!.subject).toContain('new device')
      // Enrolled now; recovering again sends no second notice.
      expect((await keyMaterial(eth.address, login.token, { purpose: 'connect' }, laptop)).statusCode).toBe(200)
      expect((await keyMaterial(eth.address, login.token, { purpose: 'recover' }, laptop)).statusCode).toBe(200)
      expect(h.server.gatehouse.mailer.outbox!.list(email).length).toBe(before + 1)
      // And it may now replace the recovery data, signed by the wallet key it can now rebuild.
      const claim = { appId, userId: login.user.id, previousShareSet: 'set-1', shareSet: 'set-2', recoveryMethod: 'privy' }
      const proof = await signShareSet(eth, { ...claim, authShare: replace.auth_share, recoveryShare: replace.recovery_share })
      const fresh = await h.post(
        `/api/v1/embedded_wallets/${eth.address}/recovery`,
        { ...replace, proof },
        { appId, token: login.token, headers: FRAME, device: laptop },
      )
      expect(fresh.statusCode).toBe(200)
    })

    it('export needs a login ceremony within the last 5 minutes; a refresh does not renew it', async () => {
      const email = 'custody-7@example.com'
      const { login, eth } = await userWithWallet(email, phone)
      expect((await keyMaterial(eth.address, login.token, { purpose: 'export' }, phone)).statusCode).toBe(200)
      h.clock.advance(EXPORT_LOGIN_MAX_AGE_MS + 1000)
      const refreshed = (await h.post('/api/v1/sessions', { refresh_token: login.refresh_token }, { appId, device: phone })).json()
      const stale = await keyMaterial(eth.address, refreshed.token, { purpose: 'export' }, phone)
      expect(stale.statusCode).toBe(403)
      expect(stale.json().code).toBe('reauthentication_required')
      expect(stale.body).not.toContain('share')
      // Signing (connect) still works on the refreshed session.
      expect((await keyMaterial(eth.address, refreshed.token, { purpose: 'connect' }, phone)).statusCode).toBe(200)
      const again = await h.login(appId, email, { device: phone })
      expect((await keyMaterial(eth.address, again.token, { purpose: 'export' }, phone)).statusCode).toBe(200)
    })

    it('host backends still verify the access token with the JWKS alone', async () => {
      const { createLocalJWKSet, jwtVerify } = await import('jose')
      const login = await h.login(appId, 'custody-8@example.com', { device: phone })
      const jwks = (await h.get(`/api/v1/apps/${appId}/jwks.json`)).json()
      const { payload } = await jwtVerify(login.token, createLocalJWKSet(jwks), { audience: appId, currentDate: new Date(h.clock.now()) })
      expect(payload.sub).toBe(login.user.id)
    })
  })
})

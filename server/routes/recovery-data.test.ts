/**
 * The recovery data against a session on another device (issue 24, "MFA does not guard recovery
 * data"): such a session imported a throwaway key, which enrolled its device, then overwrote the
 * real wallet's shares with garbage and the wallet was lost. Devices are now enrolled per secret,
 * replacing shares needs a signature by the secret's own key over the new ones, and adding wallets
 * or replacing shares needs the session's live MFA proof when the user has MFA.
 */
import type { Kysely } from 'kysely'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shareSetMessage } from '@gatehouse/contract'
import { combineShares, fromBase64, generateEntropy, keyFromPrivateKey, splitSecret, toBase64, verifierFor, type DerivedKey } from '../../frame/src/custody.js'
import type { DeviceKey } from '../../frame/src/device.js'
import { signRegistration, signShareSet, tokenSubject } from '../../frame/src/registration.js'
import { deviceMigrations, isDeviceEnrolled } from '../db/devices.js'
import { SHARE_SET_PROOF_FAILED } from '../services/wallet-proof.js'
import { forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'

const FRAME = { origin: TEST_PUBLIC_URL }
const randomKey = (chainType: 'ethereum' | 'solana') => keyFromPrivateKey(chainType, crypto.getRandomValues(new Uint8Array(32)))

forEachDatabase((target) => {
  describe('recovery data', () => {
    let h: Harness
    let appId: string
    let n = 0

    beforeAll(async () => {
      h = await startHarness(target)
      appId = await h.createApp({ embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
    })
    afterAll(() => h?.close())

    const as = (token: string, device: DeviceKey) => ({ appId, token, headers: FRAME, device })
    const keyMaterial = (address: string, token: string, device: DeviceKey, purpose = 'connect') =>
      h.post(`/api/v1/embedded_wallets/${address}/recovery/key_material`, { purpose }, as(token, device))

    /** The victim's wallet, created on its phone, and a second bound session of the same user on the attacker's device. */
    async function victimAndAttacker() {
      const email = `recovery-data-${++n}@example.com`
      const phone = await testDevice(h.clock.now)
      const victim = await h.login(appId, email, { device: phone })
      const wallet = await h.registerEmbeddedWallet(appId, victim.token, phone)
      const attackerDevice = await testDevice(h.clock.now)
      const attacker = await h.login(appId, email, { device: attackerDevice })
      return { phone, victim, wallet, attackerDevice, attacker }
    }

    /** What the frame sends to import `key` (a new secret of its own). */
    async function importBody(token: string, key: DerivedKey) {
      const shares = await splitSecret(key.privateKey)
      return {
        chain_type: key.chainType,
        address: key.address,
        wallet_index: 0,
        imported: true,
        entropy_id: key.address,
        entropy_id_verifier: verifierFor(key.chainType),
        shares: { share_set: 'imported-1', auth_share: toBase64(shares.auth), recovery_method: 'privy', recovery_share: toBase64(shares.recovery) },
        proof: await signRegistration(key, { appId, userId: tokenSubject(token) }),
      }
    }

    /** A new split of `secret` as the frame sends it, signed by `signer` (by default over exactly these shares). */
    async function replacement(token: string, secret: Uint8Array, signer: DerivedKey, previousShareSet: string, shareSet = `set-${++n}`) {
      const next = await splitSecret(secret)
      const body = { share_set: shareSet, auth_share: toBase64(next.auth), recovery_method: 'privy', recovery_share: toBase64(next.recovery) }
      const claim = {
        appId,
        userId: tokenSubject(token),
        previousShareSet,
        shareSet,
        recoveryMethod: 'privy',
        authShare: body.auth_share,
        recoveryShare: body.recovery_share,
      }
      return { body, next, proof: await signShareSet(signer, claim), claim }
    }

    /** The server's shares still rebuild `secret` byte for byte (recovered on the device that holds it). */
    async function expectShares(address: string, token: string, device: DeviceKey, secret: Uint8Array, shareSet: string) {
      const material = await keyMaterial(address, token, device, 'recover')
      expect(material.statusCode).toBe(200)
      expect(material.json().share_set).toBe(shareSet)
      expect(await combineShares(fromBase64(material.json().auth_share), fromBase64(material.json().recovery_share))).toEqual(secret)
    }

    it("a device that imported a throwaway key is enrolled for that key only: the real wallet's shares stay", async () => {
      const { phone, victim, wallet, attackerDevice, attacker } = await victimAndAttacker()
      const throwaway = randomKey('ethereum')
      const imported = await h.post('/api/v1/wallets', await importBody(attacker.token, throwaway), as(attacker.token, attackerDevice))
      expect(imported.statusCode).toBe(200)
      expect((await keyMaterial(throwaway.address, attacker.token, attackerDevice)).statusCode).toBe(200)
      const db = h.database.db
      expect(await isDeviceEnrolled(db, appId, throwaway.address, victim.user.id, attackerDevice.jkt)).toBe(true)
      expect(await isDeviceEnrolled(db, appId, wallet.key.address, victim.user.id, attackerDevice.jkt)).toBe(false)

      // The attack: garbage over the real wallet's shares, even signed by the key the attacker does hold.
      const garbage = await replacement(attacker.token, generateEntropy(), throwaway, 'set-1', 'evil')
      const overwrite = await h.post(
        `/api/v1/embedded_wallets/${wallet.key.address}/recovery`,
        { ...garbage.body, proof: garbage.proof },
        as(attacker.token, attackerDevice),
      )
      expect(overwrite.statusCode).toBe(403)
      expect(overwrite.json().code).toBe('device_not_enrolled')
      // Nor connect to it, nor add a wallet of its secret.
      expect((await keyMaterial(wallet.key.address, attacker.token, attackerDevice)).json().code).toBe('device_not_enrolled')
      const stranger = randomKey('solana')
      const add = await h.post(
        '/api/v1/wallets',
        {
          chain_type: 'solana',
          address: stranger.address,
          wallet_index: 0,
          entropy_id: wallet.key.address,
          entropy_id_verifier: verifierFor('ethereum'),
          proof: await signRegistration(stranger, { appId, userId: victim.user.id }),
        },
        as(attacker.token, attackerDevice),
      )
      expect(add.statusCode).toBe(403)
      expect(add.json().code).toBe('device_not_enrolled')

      await expectShares(wallet.key.address, victim.token, phone, wallet.entropy, 'set-1')
      const material = (await keyMaterial(wallet.key.address, victim.token, phone)).json()
      expect(await combineShares(fromBase64(material.auth_share), wallet.shares.device)).toEqual(wallet.entropy)
    })

    it('an enrolled device must sign the new shares with the wallet key: none, another key, other shares or a replay are refused', async () => {
      const { phone, victim, wallet } = await victimAndAttacker()
      const path = `/api/v1/embedded_wallets/${wallet.key.address}/recovery`
      const signed = await replacement(victim.token, wallet.entropy, wallet.key, 'set-1')
      const byOther = await replacement(victim.token, wallet.entropy, randomKey('ethereum'), 'set-1')
      const otherShares = await replacement(victim.token, generateEntropy(), wallet.key, 'set-1')
      const wrongPrevious = await replacement(victim.token, wallet.entropy, wallet.key, 'set-0')
      const attempts = [
        signed.body,
        { ...signed.body, proof: byOther.proof },
        { ...otherShares.body, proof: signed.proof },
        { ...wrongPrevious.body, proof: wrongPrevious.proof },
        { ...signed.body, proof: '0x1234' },
      ]
      for (const body of attempts) {
        const res = await h.post(path, body, as(victim.token, phone))
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual({ code: 'invalid_share_set_proof', error: SHARE_SET_PROOF_FAILED })
        await expectShares(wallet.key.address, victim.token, phone, wallet.entropy, 'set-1')
      }

      // Signed over exactly these shares by the entropy id's key: replaced, and the new split rebuilds the same secret.
      const ok = await h.post(path, { ...signed.body, proof: signed.proof }, as(victim.token, phone))
      expect(ok.statusCode).toBe(200)
      await expectShares(wallet.key.address, victim.token, phone, wallet.entropy, signed.body.share_set)
      // The same signed request again names a split that is no longer the current one.
      expect((await h.post(path, { ...signed.body, proof: signed.proof }, as(victim.token, phone))).json().code).toBe('invalid_share_set_proof')
      expect(signed.proof).toMatch(/^0x/)
      expect(await shareSetMessage({ ...signed.claim, entropyId: wallet.key.address })).toContain(
        `Replaces share set: set-1\nShare set: ${signed.body.share_set}`,
      )
    })

    it('an imported Solana key signs its own recovery change (ed25519); an enrolled device of another secret cannot', async () => {
      const { phone, victim, wallet } = await victimAndAttacker()
      const sol = randomKey('solana')
      expect((await h.post('/api/v1/wallets', await importBody(victim.token, sol), as(victim.token, phone))).statusCode).toBe(200)
      const path = `/api/v1/embedded_wallets/${sol.address}/recovery`
      // The key of the other secret this device holds is not this secret's key.
      const wrong = await replacement(victim.token, sol.privateKey, wallet.key, 'imported-1')
      expect((await h.post(path, { ...wrong.body, proof: wrong.proof }, as(victim.token, phone))).json().code).toBe('invalid_share_set_proof')
      const signed = await replacement(victim.token, sol.privateKey, sol, 'imported-1')
      expect((await h.post(path, { ...signed.body, proof: signed.proof }, as(victim.token, phone))).statusCode).toBe(200)
      await expectShares(sol.address, victim.token, phone, sol.privateKey, signed.body.share_set)
    })

    it('with MFA enrolled, replacing the shares and adding or importing a wallet need a live MFA proof', async () => {
      const { phone, victim, wallet } = await victimAndAttacker()
      const mfa = (path: string, body: object = {}) => h.post(`/api/v1/mfa/${path}`, body, as(victim.token, phone))
      const { secret } = (await mfa('totp/init')).json() as { secret: string }
      const code = () => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: h.clock.now() })
      expect((await mfa('totp/enroll', { code: code() })).statusCode).toBe(200)

      const signed = await replacement(victim.token, wallet.entropy, wallet.key, 'set-1')
      const replace = () => h.post(`/api/v1/embedded_wallets/${wallet.key.address}/recovery`, { ...signed.body, proof: signed.proof }, as(victim.token, phone))
      const sol = randomKey('solana')
      const importSol = async () => h.post('/api/v1/wallets', await importBody(victim.token, sol), as(victim.token, phone))
      const { deriveFromSeed, seedOf } = await import('../../frame/src/custody.js')
      const second = deriveFromSeed(await seedOf(wallet.entropy), 'ethereum', 1)
      const addSecond = async () =>
        h.post(
          '/api/v1/wallets',
          {
            chain_type: 'ethereum',
            address: second.address,
            wallet_index: 1,
            entropy_id: wallet.key.address,
            entropy_id_verifier: verifierFor('ethereum'),
            proof: await signRegistration(second, { appId, userId: victim.user.id }),
          },
          as(victim.token, phone),
        )
      for (const call of [replace, importSol, addSecond]) {
        const res = await call()
        expect(res.statusCode).toBe(403)
        expect(res.json().code).toBe('missing_or_invalid_mfa')
      }
      const accounts = (await h.get('/api/v1/users/me', { appId, token: victim.token })).json().user.linked_accounts
      expect(accounts.filter((a: { type: string }) => a.type === 'wallet')).toHaveLength(1)

      h.clock.advance(30_000) // a code of a step not used at enrollment
      expect((await mfa('totp/verify', { code: code() })).statusCode).toBe(200)
      for (const call of [replace, importSol, addSecond]) expect((await call()).statusCode).toBe(200)
      await expectShares(wallet.key.address, victim.token, phone, wallet.entropy, signed.body.share_set)
    })

    it('migration 0024: a device enrolled per user before is enrolled for every secret its user held', async () => {
      const m = await startHarness(target)
      try {
        const app = await m.createApp({})
        const phone = await testDevice(m.clock.now)
        const laptop = await testDevice(m.clock.now)
        const login = await m.login(app, `migrated-${++n}@example.com`, { device: phone })
        const hd = await m.registerEmbeddedWallet(app, login.token, phone)
        const imported = randomKey('ethereum')
        const importShares = await splitSecret(imported.privateKey)
        const body = {
          ...(await importBody(login.token, imported)),
          shares: { share_set: 'i-1', auth_share: toBase64(importShares.auth), recovery_method: 'privy', recovery_share: toBase64(importShares.recovery) },
          proof: await signRegistration(imported, { appId: app, userId: login.user.id }),
        }
        expect((await m.post('/api/v1/wallets', body, { appId: app, token: login.token, headers: FRAME, device: phone })).statusCode).toBe(200)

        // Back to the 0020 shape: one row per (user, device), the laptop enrolled "for the user".
        const db = m.database.db as unknown as Kysely<any>
        await db.schema.dropTable('wallet_devices').execute()
        await db.schema
          .createTable('wallet_devices')
          .addColumn('app_id', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('jkt', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('wallet_devices_pk', ['app_id', 'user_id', 'jkt'])
          .execute()
        await db.insertInto('wallet_devices').values({ app_id: app, user_id: login.user.id, jkt: laptop.jkt, created_at: m.clock.now() }).execute()
        await deviceMigrations['0024_devices_per_secret']!.up(db)

        const onLaptop = await m.login(app, `migrated-${n}@example.com`, { device: laptop })
        for (const address of [hd.key.address, imported.address]) {
          const res = await m.post(
            `/api/v1/embedded_wallets/${address}/recovery/key_material`,
            { purpose: 'connect' },
            { appId: app, token: onLaptop.token, headers: FRAME, device: laptop },
          )
          expect(res.statusCode).toBe(200)
        }
        // The phone had no row in the old table: not enrolled for anything now.
        const onPhone = await m.login(app, `migrated-${n}@example.com`, { device: phone })
        const phoneRes = await m.post(
          `/api/v1/embedded_wallets/${hd.key.address}/recovery/key_material`,
          { purpose: 'connect' },
          { appId: app, token: onPhone.token, headers: FRAME, device: phone },
        )
        expect(phoneRes.json().code).toBe('device_not_enrolled')
      } finally {
        await m.close()
      }
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listEvents } from '../services/events.js'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { hexToBytes, parseTransaction, recoverMessageAddress, recoverTransactionAddress, recoverTypedDataAddress, type Hex } from 'viem'
import { deriveFromSeed, keyFromPrivateKey, seedOf, splitSecret, toBase64, verifierFor, type DerivedKey } from '../../frame/src/custody.js'
import { sealDeviceShare } from '../../frame/src/delegation.js'
import { signRegistration, signShareSet, tokenSubject } from '../../frame/src/registration.js'
import type { DeviceKey } from '../../frame/src/device.js'
import { forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'

const FRAME = { origin: TEST_PUBLIC_URL }
const TYPED = {
  domain: { name: 'Mail', version: '1', chainId: 1 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'Hello' },
} as const

forEachDatabase((target) => {
  describe('delegated actions', () => {
    let h: Harness
    let appId: string
    let device: DeviceKey

    beforeAll(async () => {
      h = await startHarness(target)
      device = await testDevice(h.clock.now)
      appId = await h.createApp()
    })
    afterAll(() => h?.close())

    const signerKey = async () => {
      const res = await h.get('/api/v1/delegated_actions/signer_key', { appId })
      expect(res.statusCode).toBe(200)
      return res.json() as { public_key: string; key_id: string }
    }

    /** What the frame does after 'Accept': seal its device share to the signer, hand it over. */
    async function delegate(token: string, entropyId: string, share: Uint8Array, wallets: { address: string; chain_type: string }[], shareSet = 'set-1') {
      const sealed = await sealDeviceShare(await signerKey(), { appId, userId: tokenSubject(token), entropyId, shareSet }, share)
      return h.post(
        `/api/v1/embedded_wallets/${entropyId}/delegated_actions`,
        { share_set: shareSet, sealed_share: sealed, delegated_wallets: wallets },
        { appId, token, headers: FRAME, device },
      )
    }

    const walletOf = (user: { linked_accounts: { type: string; address: string; id: string; delegated?: boolean }[] }, address: string) =>
      user.linked_accounts.find((a) => a.type === 'wallet' && a.address === address)!

    const rows = (userId: string) => h.database.db.selectFrom('delegated_wallets').selectAll().where('user_id', '=', userId).execute()
    const events = async (type: string) => (await listEvents(h.database.db, appId)).filter((e) => e.type === type)
    const audits = (action: string, userId: string) =>
      h.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('user_id', '=', userId).execute()

    it('an HD Ethereum wallet: delegated, the signer signs for it, revoked, then refuses and the escrow is gone', async () => {
      const { token, user } = await h.login(appId, 'delegate-eth@example.com', { device })
      const { key, shares } = await h.registerEmbeddedWallet(appId, token, device)

      const res = await delegate(token, key.address, shares.device, [{ address: key.address, chain_type: 'ethereum' }])
      expect(res.statusCode, res.body).toBe(200)
      const wallet = walletOf(res.json().user, key.address)
      expect(wallet.delegated).toBe(true)
      // The escrow holds a sealed share only: not the device share in any readable form.
      const [row] = await rows(user.id)
      expect(row).toMatchObject({ wallet_id: wallet.id, address: key.address, chain_type: 'ethereum', wallet_index: 0 })
      expect(row!.sealed_share).not.toContain(toBase64(shares.device))
      expect(await audits('wallet.delegated', user.id)).toHaveLength(1)
      expect((await events('wallet.delegated')).some((e) => JSON.parse(e.payload).wallet.id === wallet.id)).toBe(true)

      const signer = h.server.gatehouse.delegatedSigner
      const ref = { appId, walletId: wallet.id }
      expect(await signer.isDelegated(ref)).toBe(true)
      const message = '0x48656c6c6f' as Hex
      const signed = await signer.sign(ref, { chainType: 'ethereum', method: 'personal_sign', message })
      expect('signature' in signed && (await recoverMessageAddress({ message: { raw: message }, signature: signed.signature }))).toBe(key.address)
      const typed = await signer.sign(ref, { chainType: 'ethereum', method: 'eth_signTypedData_v4', typedData: TYPED })
      expect('signature' in typed && (await recoverTypedDataAddress({ ...TYPED, signature: typed.signature }))).toBe(key.address)
      const tx = await signer.sign(ref, {
        chainType: 'ethereum',
        method: 'eth_signTransaction',
        transaction: {
          chainId: 31337,
          nonce: 0,
          to: key.address as Hex,
          value: 10n ** 15n,
          gas: 21000n,
          maxFeePerGas: 10n ** 9n,
          maxPriorityFeePerGas: 1n,
          type: 'eip1559',
        },
      })
      expect('signedTransaction' in tx).toBe(true)
      const serialized = (tx as { signedTransaction: Hex }).signedTransaction
      expect(parseTransaction(serialized).value).toBe(10n ** 15n)
      expect(await recoverTransactionAddress({ serializedTransaction: serialized as never })).toBe(key.address)

      // The signer kept the key it rebuilt (one entry for this delegation), wiped on request, then rebuilt on the next call.
      const delegation = h.server.gatehouse.delegation
      expect(await delegation.forgetKeys([row!])).toBe(1)
      expect(await delegation.forgetKeys([row!])).toBe(0)
      await signer.sign(ref, { chainType: 'ethereum', method: 'personal_sign', message })

      // Revoked with the key warm in the signer's memory: the revoke wipes it too.
      const revoked = await h.post('/api/v1/wallets/revoke', {}, { appId, token, device })
      expect(revoked.statusCode, revoked.body).toBe(200)
      expect(walletOf(revoked.json().user, key.address).delegated).toBe(false)
      expect(await rows(user.id)).toEqual([])
      expect(await delegation.forgetKeys([row!])).toBe(0)
      expect(await audits('wallet.revoked', user.id)).toHaveLength(1)
      expect((await events('wallet.revoked')).some((e) => JSON.parse(e.payload).wallet.id === wallet.id)).toBe(true)
      expect(await signer.isDelegated(ref)).toBe(false)
      await expect(signer.sign(ref, { chainType: 'ethereum', method: 'personal_sign', message })).rejects.toMatchObject({ code: 'not_delegated' })
      // Revoking needs an existing delegation.
      const again = await h.post('/api/v1/wallets/revoke', {}, { appId, token, device })
      expect(again.statusCode).toBe(400)
      expect(again.json().code).toBe('no_delegated_wallets')
    })

    it('a copied token (no device proof, or another device) can neither delegate nor revoke', async () => {
      const { token, user } = await h.login(appId, 'delegate-copied@example.com', { device })
      const { key, shares } = await h.registerEmbeddedWallet(appId, token, device)
      const wallets = [{ address: key.address, chain_type: 'ethereum' }]
      const sealed = await sealDeviceShare(await signerKey(), { appId, userId: user.id, entropyId: key.address, shareSet: 'set-1' }, shares.device)
      const body = { share_set: 'set-1', sealed_share: sealed, delegated_wallets: wallets }
      const path = `/api/v1/embedded_wallets/${key.address}/delegated_actions`

      const noProof = await h.post(path, body, { appId, token, headers: FRAME })
      expect(noProof.statusCode).toBe(401)
      expect(noProof.json().code).toBe('invalid_device_proof')
      const otherDevice = await h.post(path, body, { appId, token, headers: FRAME, device: await testDevice(h.clock.now) })
      expect(otherDevice.statusCode).toBe(401)
      // The host page's origin is not the frame's, even with the device's proof.
      const hostOrigin = await h.post(path, body, { appId, token, headers: { origin: 'http://localhost:5173' }, device })
      expect(hostOrigin.statusCode).toBe(403)
      expect(await rows(user.id)).toEqual([])

      expect((await delegate(token, key.address, shares.device, wallets)).statusCode).toBe(200)
      const copied = await h.post('/api/v1/wallets/revoke', {}, { appId, token })
      expect(copied.statusCode).toBe(401)
      expect(copied.json().code).toBe('invalid_device_proof')
      expect(await rows(user.id)).toHaveLength(1)

      // A session never bound to a device (an API client with the token alone) cannot revoke either.
      const { token: unbound } = await h.login(appId, 'delegate-copied@example.com')
      const unboundRevoke = await h.post('/api/v1/wallets/revoke', {}, { appId, token: unbound })
      expect(unboundRevoke.statusCode).toBe(401)
      expect(await rows(user.id)).toHaveLength(1)
    })

    it('an address of another user, or a chain outside Ethereum and Solana, is refused', async () => {
      const { token } = await h.login(appId, 'delegate-other@example.com', { device })
      const { key, shares } = await h.registerEmbeddedWallet(appId, token, device)
      const stranger = deriveFromSeed(await seedOf(crypto.getRandomValues(new Uint8Array(16))), 'ethereum', 0)
      const res = await delegate(token, key.address, shares.device, [{ address: stranger.address, chain_type: 'ethereum' }])
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('Address to delegate is not associated with current user.')
      const bitcoin = await delegate(token, key.address, shares.device, [{ address: key.address, chain_type: 'bitcoin' }])
      expect(bitcoin.statusCode).toBe(400)
    })

    it('a Solana wallet of an HD secret: the signer signs bytes with its ed25519 key', async () => {
      const { token, user } = await h.login(appId, 'delegate-sol@example.com', { device })
      const { entropy, key, shares } = await h.registerEmbeddedWallet(appId, token, device)
      const sol = deriveFromSeed(await seedOf(entropy), 'solana', 0)
      const added = await h.post(
        '/api/v1/wallets',
        {
          chain_type: 'solana',
          address: sol.address,
          wallet_index: 0,
          entropy_id: key.address,
          entropy_id_verifier: verifierFor('ethereum'),
          proof: await signRegistration(sol, { appId, userId: user.id }),
        },
        { appId, token, headers: FRAME, device },
      )
      expect(added.statusCode, added.body).toBe(200)
      const res = await delegate(token, key.address, shares.device, [{ address: sol.address, chain_type: 'solana' }])
      expect(res.statusCode, res.body).toBe(200)
      // Only the named wallet is delegated: the Ethereum wallet of the same secret is not.
      expect(walletOf(res.json().user, key.address).delegated).toBe(false)
      const wallet = walletOf(res.json().user, sol.address)
      expect(wallet.delegated).toBe(true)
      const bytes = new TextEncoder().encode('pay 1 SOL')
      const signed = await h.server.gatehouse.delegatedSigner.sign({ appId, walletId: wallet.id }, { chainType: 'solana', method: 'sign_bytes', bytes })
      expect(ed25519.verify(hexToBytes((signed as { signature: Hex }).signature), bytes, base58.decode(sol.address))).toBe(true)
      await expect(
        h.server.gatehouse.delegatedSigner.sign({ appId, walletId: wallet.id }, { chainType: 'ethereum', method: 'personal_sign', message: '0x00' }),
      ).rejects.toThrow()
    })

    it('a new split (another recovery method) leaves the old escrow useless until the frame seals the new share', async () => {
      const { token, user } = await h.login(appId, 'delegate-resplit@example.com', { device })
      const { entropy, key, shares } = await h.registerEmbeddedWallet(appId, token, device)
      const res = await delegate(token, key.address, shares.device, [{ address: key.address, chain_type: 'ethereum' }])
      const ref = { appId, walletId: walletOf(res.json().user, key.address).id }
      const signer = h.server.gatehouse.delegatedSigner
      expect(await signer.isDelegated(ref)).toBe(true)

      const next = await splitSecret(entropy)
      const body = { share_set: 'set-2', auth_share: toBase64(next.auth), recovery_method: 'privy', recovery_share: toBase64(next.recovery) }
      const proof = await signShareSet(key, {
        appId,
        userId: user.id,
        previousShareSet: 'set-1',
        shareSet: 'set-2',
        recoveryMethod: 'privy',
        authShare: body.auth_share,
        recoveryShare: body.recovery_share,
      })
      const resplit = await h.post(`/api/v1/embedded_wallets/${key.address}/recovery`, { ...body, proof }, { appId, token, headers: FRAME, device })
      expect(resplit.statusCode, resplit.body).toBe(200)
      expect(await signer.isDelegated(ref)).toBe(false)
      await expect(signer.sign(ref, { chainType: 'ethereum', method: 'personal_sign', message: '0x01' })).rejects.toMatchObject({ code: 'not_delegated' })
      // A share of the old split is refused; the frame seals the new one (vault.setRecovery does).
      expect((await delegate(token, key.address, shares.device, [{ address: key.address, chain_type: 'ethereum' }])).statusCode).toBe(400)
      expect((await delegate(token, key.address, next.device, [{ address: key.address, chain_type: 'ethereum' }], 'set-2')).statusCode).toBe(200)
      const signed = await signer.sign(ref, { chainType: 'ethereum', method: 'personal_sign', message: '0x01' })
      expect(await recoverMessageAddress({ message: { raw: '0x01' }, signature: (signed as { signature: Hex }).signature })).toBe(key.address)
    })

    it('an imported key behaves the same', async () => {
      const { token, user } = await h.login(appId, 'delegate-imported@example.com', { device })
      const imported: DerivedKey = keyFromPrivateKey('ethereum', crypto.getRandomValues(new Uint8Array(32)))
      const shares = await splitSecret(imported.privateKey)
      const body = {
        chain_type: 'ethereum',
        address: imported.address,
        wallet_index: 0,
        imported: true,
        entropy_id: imported.address,
        entropy_id_verifier: verifierFor('ethereum'),
        shares: { share_set: 'set-1', auth_share: toBase64(shares.auth), recovery_method: 'privy', recovery_share: toBase64(shares.recovery) },
        proof: await signRegistration(imported, { appId, userId: user.id }),
      }
      expect((await h.post('/api/v1/wallets', body, { appId, token, headers: FRAME, device })).statusCode).toBe(200)
      const res = await delegate(token, imported.address, shares.device, [{ address: imported.address, chain_type: 'ethereum' }])
      expect(res.statusCode, res.body).toBe(200)
      const wallet = walletOf(res.json().user, imported.address)
      const message = '0x01' as Hex
      const signed = await h.server.gatehouse.delegatedSigner.sign({ appId, walletId: wallet.id }, { chainType: 'ethereum', method: 'personal_sign', message })
      expect(await recoverMessageAddress({ message: { raw: message }, signature: (signed as { signature: Hex }).signature })).toBe(imported.address)
    })
  })
})

import { calculateJwkThumbprint, decodeProtectedHeader, jwtVerify, EmbeddedJWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { DeviceKey, memoryKeyStore } from './device.ts'

describe('the wallet frame device key', () => {
  it('keeps one non-extractable key per store, and its proofs verify under the key they name', async () => {
    const store = memoryKeyStore()
    const first = await DeviceKey.open(store)
    const again = await DeviceKey.open(store)
    expect(again.jkt).toBe(first.jkt)
    const pair = (await store.load())!
    expect(pair.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('jwk', pair.privateKey)).rejects.toThrow()

    const proof = await first.proof({ htm: 'POST', htu: 'https://auth.example/api/v1/sessions', accessToken: 'token-1' })
    const header = decodeProtectedHeader(proof)
    expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' })
    expect(header.jwk).not.toHaveProperty('d')
    expect(await calculateJwkThumbprint(header.jwk!, 'sha256')).toBe(first.jkt)
    const { payload } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt' })
    const ath = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('token-1'))).toString('base64url')
    expect(payload).toMatchObject({ htm: 'POST', htu: 'https://auth.example/api/v1/sessions', ath })
    // Every proof has its own id.
    const other = await first.proof({ htm: 'POST', htu: 'https://auth.example/api/v1/sessions' })
    expect(decodeProtectedHeader(other).jwk).toEqual(header.jwk)
    expect((await jwtVerify(other, EmbeddedJWK)).payload.jti).not.toBe(payload.jti)
  })

  it("signs the host's hash of its access token as it is (the frame never sees the token)", async () => {
    const key = await DeviceKey.open(memoryKeyStore())
    const ath = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('token-2'))).toString('base64url')
    const proof = await key.proof({ htm: 'POST', htu: 'https://auth.example/api/v1/passwordless/update', ath })
    expect((await jwtVerify(proof, EmbeddedJWK)).payload).toMatchObject({ htu: 'https://auth.example/api/v1/passwordless/update', ath })
  })

  it('another store is another device', async () => {
    expect((await DeviceKey.open(memoryKeyStore())).jkt).not.toBe((await DeviceKey.open(memoryKeyStore())).jkt)
  })
})

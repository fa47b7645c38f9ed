import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import { delegationInfo } from '@gatehouse/contract'
import { deriveFromSeed, seedOf, splitSecret, toBase64 } from '../../../frame/src/custody.js'
import { sealDeviceShare } from '../../../frame/src/delegation.js'
import { SignerClient, SignerRefusal } from './signer-client.js'
import type { SigningMaterial } from './signing-core.js'

const bind = { appId: 'app', userId: 'user', entropyId: 'entropy', shareSet: 'set-1' }

describe('the signer process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-signer-test-'))
  const keyFile = join(dir, 'signer.key')
  const clients: SignerClient[] = []
  const client = (options: ConstructorParameters<typeof SignerClient>[0]) => {
    const c = new SignerClient(options)
    clients.push(c)
    return c
  }
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()))
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps its key in the key file (0600): a restarted process opens what was sealed before; another key or another binding opens nothing', async () => {
    const entropy = crypto.getRandomValues(new Uint8Array(16))
    const key = deriveFromSeed(await seedOf(entropy), 'ethereum', 0)
    const shares = await splitSecret(entropy)
    const first = client({ keyFile })
    const signerKey = await first.request<{ publicKey: string; keyId: string }>({ op: 'public_key' })
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    const sealed = await sealDeviceShare({ public_key: signerKey.publicKey, key_id: signerKey.keyId }, bind, shares.device)
    const material: SigningMaterial = {
      sealed,
      info: delegationInfo(bind),
      authShare: toBase64(shares.auth),
      kind: 'hd',
      chainType: 'ethereum',
      walletIndex: 0,
      address: key.address,
    }
    const request = { chainType: 'ethereum', method: 'personal_sign', message: '0x01' } as const
    const sign = (c: SignerClient, m: SigningMaterial) => c.request<{ signature: Hex }>({ op: 'sign', material: m, request })

    expect(await recoverMessageAddress({ message: { raw: '0x01' }, signature: (await sign(first, material)).signature })).toBe(key.address)
    await first.close()

    const restarted = client({ keyFile })
    expect(await recoverMessageAddress({ message: { raw: '0x01' }, signature: (await sign(restarted, material)).signature })).toBe(key.address)
    // Sealed for another user's row: the binding does not open.
    await expect(sign(restarted, { ...material, info: delegationInfo({ ...bind, userId: 'someone-else' }) })).rejects.toMatchObject({
      code: 'delegation_unavailable',
    })
    // Shares that rebuild another wallet than the one named: refused, nothing signed.
    await expect(sign(restarted, { ...material, walletIndex: 1 })).rejects.toBeInstanceOf(SignerRefusal)

    const otherKey = client({ keyFile: join(dir, 'other.key') })
    await expect(sign(otherKey, material)).rejects.toMatchObject({ code: 'delegation_unavailable' })
  })
})

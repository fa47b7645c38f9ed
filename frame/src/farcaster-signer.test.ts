import { ed25519 } from '@noble/curves/ed25519'
import { base64urlnopad } from '@scure/base'
import { hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { FarcasterSignerKeys, memorySignerKeyStore } from './farcaster-signer.ts'

const token = (sub: string) => `e30.${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify({ sub })))}.sig`
const hash = `0x${'ab'.repeat(20)}`

function setup(status: 'pending_approval' | 'approved' = 'approved') {
  const calls: { path: string; body: { ed25519_public_key: string } }[] = []
  const state = { status, now: 1_000 }
  const api = {
    async call<T>(_token: string, path: string, body: unknown): Promise<T> {
      calls.push({ path, body: body as { ed25519_public_key: string } })
      return { public_key: (body as { ed25519_public_key: string }).ed25519_public_key, status: state.status } as T
    },
  }
  const keys = new FarcasterSignerKeys('app', memorySignerKeyStore(), api, 30_000, () => state.now)
  return { keys, calls, state }
}

describe('the Farcaster signer key of the frame', () => {
  it('is made once per user, only its public key goes to the server, and it signs message hashes verifiably', async () => {
    const { keys, calls } = setup()
    expect(await keys.publicKey(token('alice'))).toBeNull()
    const answer = await keys.init(token('alice'))
    const publicKey = (await keys.publicKey(token('alice')))!
    expect(publicKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(calls).toEqual([{ path: '/farcaster/signer/init', body: { ed25519_public_key: publicKey } }])
    expect(answer.status).toBe('approved')
    await keys.init(token('alice'))
    expect(await keys.publicKey(token('alice'))).toBe(publicKey)
    expect(await keys.publicKey(token('bob'))).toBeNull()

    const signature = await keys.sign(token('alice'), hash)
    expect(ed25519.verify(hexToBytes(signature as `0x${string}`), hexToBytes(hash as `0x${string}`), hexToBytes(publicKey as `0x${string}`))).toBe(true)
  })

  it('error: no key, a hash that is not 20 bytes, or a signer the server does not call approved', async () => {
    const { keys, calls, state } = setup('pending_approval')
    await expect(keys.sign(token('carol'), hash)).rejects.toThrow('No Farcaster signer on this device')
    await keys.init(token('carol'))
    await expect(keys.sign(token('carol'), `0x${'ab'.repeat(32)}`)).rejects.toThrow('20 bytes')
    await expect(keys.sign(token('carol'), hash)).rejects.toThrow('The Farcaster signer is not approved')
    state.status = 'approved'
    await keys.sign(token('carol'), hash)
    // Approved status is asked again once the check interval passed (it doubles as a session check).
    const asked = () => calls.filter((c) => c.path === '/farcaster/signer/status').length
    const before = asked()
    await keys.sign(token('carol'), hash)
    expect(asked()).toBe(before)
    // Logout forgets the answer at once.
    keys.clear()
    state.status = 'pending_approval'
    await expect(keys.sign(token('carol'), hash)).rejects.toThrow('not approved')
    state.status = 'approved'
    await keys.sign(token('carol'), hash)
    state.now += 30_000
    state.status = 'pending_approval'
    await expect(keys.sign(token('carol'), hash)).rejects.toThrow('not approved')
  })
})

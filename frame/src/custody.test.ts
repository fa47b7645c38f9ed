import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  combineShares,
  deriveFromSeed,
  ethereumAccount,
  exportFormat,
  generateEntropy,
  InvalidRecoveryPinError,
  keyFromPrivateKey,
  openWithPassword,
  sealWithPassword,
  seedOf,
  signSolana,
  splitSecret,
} from './custody.ts'

// BIP-39 test mnemonic; its addresses are the ones every wallet derives on these paths.
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const FAST = { N: 2 ** 10, r: 8, p: 1 }

describe('custody', () => {
  it('derives the standard Ethereum and Solana addresses (BIP-44 / SLIP-0010)', async () => {
    const seed = await seedOf(mnemonicToEntropy(MNEMONIC, wordlist))
    expect(deriveFromSeed(seed, 'ethereum', 0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
    expect(deriveFromSeed(seed, 'solana', 0).address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
    expect(deriveFromSeed(seed, 'ethereum', 1).address).not.toBe(deriveFromSeed(seed, 'ethereum', 0).address)
  })

  it('rebuilds the secret from any two of the three shares, never from one', async () => {
    const entropy = generateEntropy()
    const { device, auth, recovery } = await splitSecret(entropy)
    for (const [a, b] of [
      [device, auth],
      [auth, recovery],
      [device, recovery],
    ]) {
      expect(await combineShares(a, b)).toEqual(entropy)
    }
    for (const share of [device, auth, recovery]) expect(Buffer.from(share).includes(Buffer.from(entropy))).toBe(false)
  })

  it('signs messages that verify (viem for Ethereum, ed25519 for Solana)', async () => {
    const seed = await seedOf(generateEntropy())
    const eth = deriveFromSeed(seed, 'ethereum', 0)
    const signature = await ethereumAccount(eth).signMessage({ message: 'hello' })
    expect(await verifyMessage({ address: eth.address as `0x${string}`, message: 'hello', signature })).toBe(true)
    const sol = deriveFromSeed(seed, 'solana', 0)
    const message = new TextEncoder().encode('hello')
    expect(ed25519.verify(signSolana(sol, message), message, base58.decode(sol.address))).toBe(true)
  })

  it('round-trips exported keys through import', async () => {
    const seed = await seedOf(generateEntropy())
    for (const chain of ['ethereum', 'solana'] as const) {
      const key = deriveFromSeed(seed, chain, 2)
      expect(keyFromPrivateKey(chain, exportFormat(key)).address).toBe(key.address)
    }
  })

  it('error: a malformed private key is refused', () => {
    expect(() => keyFromPrivateKey('ethereum', '0x1234')).toThrow('64 hex digits')
    expect(() => keyFromPrivateKey('solana', base58.encode(new Uint8Array(10)))).toThrow('32 or 64 bytes')
  })

  it('opens the password envelope with the right password only', async () => {
    const secret = generateEntropy()
    const envelope = await sealWithPassword(secret, 'correct horse', FAST)
    expect(JSON.stringify(envelope)).not.toContain(Buffer.from(secret).toString('base64'))
    expect(await openWithPassword(envelope, 'correct horse')).toEqual(secret)
  })

  it('error: a wrong password is an invalid recovery pin', async () => {
    const envelope = await sealWithPassword(generateEntropy(), 'correct horse', FAST)
    await expect(openWithPassword(envelope, 'wrong horse')).rejects.toBeInstanceOf(InvalidRecoveryPinError)
  })
})

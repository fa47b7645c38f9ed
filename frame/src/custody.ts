/**
 * Key custody primitives of the wallet frame: entropy, derivation, the 2-of-3 split and the
 * password envelope. Pure functions over bytes (no DOM, no storage), so they run the same in the
 * frame and in Node tests. Nothing here ever leaves the frame's origin.
 */
import { HDKey as Bip32 } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { base58, base64 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import { scryptAsync } from '@noble/hashes/scrypt'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

export type ChainType = 'ethereum' | 'solana'
/** 'hd': BIP-39 entropy (wallets derived by index); 'private-key': an imported key. */
export type SecretKind = 'hd' | 'private-key'

export const ENTROPY_BYTES = 16
export const ethereumPath = (index: number) => `m/44'/60'/0'/0/${index}`
export const solanaPath = (index: number) => `m/44'/501'/${index}'/0'`

/** Which address proves that a reconstructed secret is the right one. */
export const verifierFor = (chainType: ChainType) => `${chainType}-address-verifier` as const

export function generateEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
}

export function mnemonicOf(entropy: Uint8Array): string {
  return entropyToMnemonic(entropy, wordlist)
}

/** BIP-39 seed (PBKDF2-SHA512, 2048 rounds): costly, so callers cache it per entropy. */
export function seedOf(entropy: Uint8Array): Promise<Uint8Array> {
  return mnemonicToSeed(mnemonicOf(entropy))
}

export interface DerivedKey {
  chainType: ChainType
  address: string
  /** 32 bytes: secp256k1 scalar (Ethereum) or ed25519 seed (Solana). */
  privateKey: Uint8Array
}

export function deriveFromSeed(seed: Uint8Array, chainType: ChainType, index: number): DerivedKey {
  if (!Number.isInteger(index) || index < 0) throw new Error('walletIndex must be a non-negative integer')
  if (chainType === 'ethereum') {
    const privateKey = Bip32.fromMasterSeed(seed).derive(ethereumPath(index)).privateKey!
    return { chainType, privateKey, address: privateKeyToAccount(bytesToHex(privateKey)).address }
  }
  const privateKey = Slip10.fromMasterSeed(seed).derive(solanaPath(index)).privateKey
  return { chainType, privateKey, address: base58.encode(ed25519.getPublicKey(privateKey)) }
}

/** An imported key as the frame keeps it: 32 bytes plus its address. */
export function keyFromPrivateKey(chainType: ChainType, input: string | Uint8Array): DerivedKey {
  const bytes = typeof input === 'string' ? parsePrivateKey(chainType, input) : input
  if (chainType === 'ethereum') {
    if (bytes.length !== 32) throw new Error('An Ethereum private key is 32 bytes')
    return { chainType, privateKey: bytes, address: privateKeyToAccount(bytesToHex(bytes)).address }
  }
  // Solana keys come as a 64-byte secret key (seed ‖ public key) or as the 32-byte seed.
  const seed = bytes.length === 64 ? bytes.slice(0, 32) : bytes
  if (seed.length !== 32) throw new Error('A Solana private key is 32 or 64 bytes')
  const publicKey = ed25519.getPublicKey(seed)
  if (bytes.length === 64 && base58.encode(bytes.slice(32)) !== base58.encode(publicKey)) {
    throw new Error('The Solana secret key does not match its public key')
  }
  return { chainType, privateKey: seed, address: base58.encode(publicKey) }
}

function parsePrivateKey(chainType: ChainType, text: string): Uint8Array {
  const value = text.trim()
  if (chainType === 'ethereum') {
    const hex = value.replace(/^0x/i, '')
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('An Ethereum private key is 64 hex digits')
    return Uint8Array.from(hex.match(/../g)!.map((b) => parseInt(b, 16)))
  }
  return base58.decode(value)
}

/** How the user would paste the key elsewhere: 0x-hex for Ethereum, base58 secret key for Solana. */
export function exportFormat(key: DerivedKey): string {
  if (key.chainType === 'ethereum') return bytesToHex(key.privateKey)
  const secretKey = new Uint8Array(64)
  secretKey.set(key.privateKey, 0)
  secretKey.set(ed25519.getPublicKey(key.privateKey), 32)
  return base58.encode(secretKey)
}

export function ethereumAccount(key: DerivedKey): PrivateKeyAccount {
  return privateKeyToAccount(bytesToHex(key.privateKey))
}

export function signSolana(key: DerivedKey, message: Uint8Array): Uint8Array {
  return ed25519.sign(message, key.privateKey)
}

export interface Shares {
  device: Uint8Array
  auth: Uint8Array
  recovery: Uint8Array
}

/** 2-of-3 Shamir split: any two shares rebuild the secret, one alone says nothing about it. */
export async function splitSecret(secret: Uint8Array): Promise<Shares> {
  const [device, auth, recovery] = await split(secret, 3, 2)
  return { device, auth, recovery }
}

export function combineShares(a: Uint8Array, b: Uint8Array): Promise<Uint8Array> {
  return combine([a, b])
}

export const toBase64 = (bytes: Uint8Array) => base64.encode(bytes)
export const fromBase64 = (text: string) => base64.decode(text)

/**
 * Password envelope of the recovery share: scrypt (memory-hard, N=2^16, r=8, p=1: 64 MiB) turns the
 * password into an AES-256-GCM key (WebCrypto). The parameters travel with the ciphertext so they
 * can be raised later without breaking old envelopes.
 */
export interface PasswordEnvelope {
  v: 1
  kdf: 'scrypt'
  N: number
  r: number
  p: number
  salt: string
  iv: string
  ct: string
}

export const SCRYPT_PARAMS = { N: 2 ** 16, r: 8, p: 1 }

async function passwordKey(password: string, salt: Uint8Array, params: { N: number; r: number; p: number }): Promise<CryptoKey> {
  const raw = await scryptAsync(new TextEncoder().encode(password.normalize('NFKC')), salt, { ...params, dkLen: 32 })
  return crypto.subtle.importKey('raw', new Uint8Array(raw), 'AES-GCM', false, ['encrypt', 'decrypt'])
}

export async function sealWithPassword(secret: Uint8Array, password: string, params = SCRYPT_PARAMS): Promise<PasswordEnvelope> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await passwordKey(password, salt, params)
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new Uint8Array(secret)))
  return { v: 1, kdf: 'scrypt', ...params, salt: toBase64(salt), iv: toBase64(iv), ct: toBase64(ct) }
}

/** Thrown when the password does not open the envelope (GCM authentication fails). */
export class InvalidRecoveryPinError extends Error {
  readonly type = 'invalid_recovery_pin'
  constructor() {
    super('Invalid recovery password')
  }
}

export async function openWithPassword(envelope: PasswordEnvelope, password: string): Promise<Uint8Array> {
  if (envelope?.kdf !== 'scrypt' || envelope.v !== 1) throw new Error('Unknown password envelope')
  const key = await passwordKey(password, fromBase64(envelope.salt), envelope)
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(fromBase64(envelope.iv)) }, key, new Uint8Array(fromBase64(envelope.ct))),
    )
  } catch {
    throw new InvalidRecoveryPinError()
  }
}

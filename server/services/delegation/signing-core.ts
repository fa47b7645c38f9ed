/**
 * What the signing service does for one authorized request (SECURITY.md "Delegated actions"): open
 * the device share sealed to its key, combine it with the auth share, derive only the delegated
 * wallet's key, check it against the wallet's address, sign, and overwrite every buffer before
 * answering. Runs inside the signer process only (signer-process.ts). The rebuilt key may be kept
 * in that process's memory for a bounded time (key-cache.ts), found only by the digest of the same
 * complete material. The derivation is the frame's (frame/src/custody.ts; the server may not import it).
 */
import { pbkdf2Sync } from 'node:crypto'
import { base58, base64 } from '@scure/base'
import { HDKey as Bip32 } from '@scure/bip32'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { ed25519 } from '@noble/curves/ed25519'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex, getAddress } from 'viem'
import { privateKeyToAccount, signMessage, signTransaction, signTypedData } from 'viem/accounts'
import type { DelegatedSignRequest, DelegatedSignResult } from './signer.js'
import { suite, type HpkeKey } from './hpke.js'
import type { KeyCache } from './key-cache.js'

/** What the HTTP process sends with each request: sealed for the signer, or one share (useless alone). */
export interface SigningMaterial {
  /** HPKE-sealed device share (base64 parts). */
  sealed: { enc: string; ct: string }
  /** HPKE info the share was sealed with (contract delegationInfo). */
  info: string
  /** The auth share (base64). */
  authShare: string
  kind: 'hd' | 'private-key'
  chainType: 'ethereum' | 'solana'
  walletIndex: number
  address: string
}

export class SigningError extends Error {
  constructor(
    readonly code: 'delegation_unavailable' | 'invalid_data',
    message: string,
  ) {
    super(message)
  }
}

const wipe = (...buffers: (Uint8Array | null | undefined)[]) => buffers.forEach((b) => b?.fill(0))

/** BIP-39 seed with an empty passphrase, by Node's native PBKDF2 (the pure-JS one costs ~10 ms). */
function bip39Seed(entropy: Uint8Array): Uint8Array {
  const mnemonic = entropyToMnemonic(entropy, wordlist).normalize('NFKD')
  return new Uint8Array(pbkdf2Sync(mnemonic, 'mnemonic', 2048, 64, 'sha512'))
}

function deriveKey(secret: Uint8Array, m: SigningMaterial): Uint8Array {
  if (m.kind === 'private-key') {
    if (secret.length !== 32) throw new SigningError('delegation_unavailable', 'The delegated key does not rebuild')
    return secret.slice()
  }
  const seed = bip39Seed(secret)
  try {
    if (m.chainType === 'ethereum') {
      const root = Bip32.fromMasterSeed(seed)
      const child = root.derive(`m/44'/60'/0'/0/${m.walletIndex}`)
      const key = child.privateKey!.slice()
      child.wipePrivateData()
      root.wipePrivateData()
      return key
    }
    return Slip10.fromMasterSeed(seed).derive(`m/44'/501'/${m.walletIndex}'/0'`).privateKey.slice()
  } finally {
    wipe(seed)
  }
}

function addressOf(chainType: 'ethereum' | 'solana', key: Uint8Array): string {
  return chainType === 'ethereum' ? privateKeyToAccount(bytesToHex(key)).address : base58.encode(ed25519.getPublicKey(key))
}

function sameAddress(chainType: 'ethereum' | 'solana', a: string, b: string): boolean {
  if (chainType === 'solana') return a === b
  try {
    return getAddress(a) === getAddress(b)
  } catch {
    return false
  }
}

/** Opens the escrow and rebuilds the wallet's key, checked against its address; every other buffer is wiped. */
async function rebuildKey(privateKey: HpkeKey, m: SigningMaterial): Promise<Uint8Array> {
  let device: Uint8Array | null = null
  let auth: Uint8Array | null = null
  let secret: Uint8Array | null = null
  let key: Uint8Array | null = null
  try {
    try {
      device = new Uint8Array(
        await suite.open({ recipientKey: privateKey, enc: base64.decode(m.sealed.enc), info: new TextEncoder().encode(m.info) }, base64.decode(m.sealed.ct)),
      )
    } catch {
      throw new SigningError('delegation_unavailable', 'The delegated share does not open with this signer key')
    }
    auth = base64.decode(m.authShare)
    secret = await combine([device, auth])
    key = deriveKey(secret, m)
    if (!sameAddress(m.chainType, addressOf(m.chainType, key), m.address)) {
      throw new SigningError('delegation_unavailable', 'The delegated shares do not rebuild this wallet')
    }
    const rebuilt = key
    key = null
    return rebuilt
  } finally {
    wipe(device, auth, secret, key)
  }
}

/**
 * Signs one request with the key `m` rebuilds. With a cache, a key rebuilt from the same complete
 * material within its lifetime is used again instead of being rebuilt.
 */
export async function signDelegated(privateKey: HpkeKey, m: SigningMaterial, request: DelegatedSignRequest, cache?: KeyCache): Promise<DelegatedSignResult> {
  if (request.chainType !== m.chainType) throw new SigningError('invalid_data', `This is a ${m.chainType} wallet`)
  let key: Uint8Array | null = null
  try {
    if (cache) {
      // A copy of the kept key, taken at once: the cache may wipe its own (expiry, revoke) meanwhile.
      key = (await cache.use(m, () => rebuildKey(privateKey, m))).key.slice()
    } else key = await rebuildKey(privateKey, m)
    return await sign(key, request)
  } finally {
    wipe(key)
  }
}

async function sign(key: Uint8Array, request: DelegatedSignRequest): Promise<DelegatedSignResult> {
  if (request.chainType === 'solana') return { signature: bytesToHex(ed25519.sign(request.bytes, key)) }
  // viem takes the key as hex text, which cannot be overwritten; it lives for this call only.
  const hex = bytesToHex(key)
  switch (request.method) {
    case 'personal_sign':
      return { signature: await signMessage({ message: { raw: request.message }, privateKey: hex }) }
    case 'eth_signTypedData_v4':
      return { signature: await signTypedData({ ...request.typedData, privateKey: hex }) }
    case 'eth_signTransaction':
      return { signedTransaction: await signTransaction({ transaction: request.transaction, privateKey: hex }) }
  }
}

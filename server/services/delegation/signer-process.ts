/**
 * The signing service as its own process (SECURITY.md "Delegated actions"): the only holder of the
 * X25519 private key that opens delegated device shares. It listens on a local Unix socket (mode
 * 0600) and answers three requests: its public key, one signature for one wallet, and `forget`
 * (a revoked delegation's rebuilt keys are wiped). Every request brings its sealed share and auth
 * share; the only wallet state is the bounded memory of rebuilt keys (key-cache.ts), wiped on
 * expiry, on `forget` and when the process ends.
 */
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { createInterface } from 'node:readline'
import { x25519 } from '@noble/curves/ed25519'
import { base64, base64urlnopad } from '@scure/base'
import { suite, type HpkeKey } from './hpke.js'
import { DEFAULT_KEY_TTL_MS, KeyCache } from './key-cache.js'
import { signDelegated, SigningError } from './signing-core.js'
import { decode, encode, type SignerAnswer, type SignerRequest } from './wire.js'

export interface SignerKey {
  privateKey: HpkeKey
  publicKey: string
  keyId: string
}

/** The key of `keyFile` (32 raw bytes, created 0600 when missing), or, without a file, one for this process only. */
export async function loadSignerKey(keyFile?: string): Promise<SignerKey> {
  let raw: Uint8Array
  if (keyFile && existsSync(keyFile)) raw = new Uint8Array(readFileSync(keyFile))
  else {
    const pair = await suite.kem.generateKeyPair()
    raw = new Uint8Array(await suite.kem.serializePrivateKey(pair.privateKey))
    if (keyFile) writeFileSync(keyFile, raw, { mode: 0o600, flag: 'wx' })
  }
  if (raw.length !== 32) throw new Error('The signer key file must hold 32 bytes')
  const privateKey = await suite.kem.deserializePrivateKey(raw)
  const publicBytes = x25519.getPublicKey(raw)
  raw.fill(0)
  return { privateKey, publicKey: base64.encode(publicBytes), keyId: base64urlnopad.encode(createHash('sha256').update(publicBytes).digest()) }
}

/** GATEHOUSE_SIGNER_KEY_TTL_MS: how long a rebuilt key may stay in memory (0: rebuilt for every request). */
export function keyTtlFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.GATEHOUSE_SIGNER_KEY_TTL_MS
  if (text === undefined || text === '') return DEFAULT_KEY_TTL_MS
  const ms = Number(text)
  if (!Number.isInteger(ms) || ms < 0 || ms > 10 * 60_000) throw new Error('GATEHOUSE_SIGNER_KEY_TTL_MS must be 0 to 600000 (ms)')
  return ms
}

async function answer(key: SignerKey, cache: KeyCache, message: SignerRequest): Promise<SignerAnswer> {
  try {
    if (message.op === 'public_key') return { id: message.id, ok: true, result: { publicKey: key.publicKey, keyId: key.keyId } }
    if (message.op === 'sign') return { id: message.id, ok: true, result: await signDelegated(key.privateKey, message.material, message.request, cache) }
    if (message.op === 'forget') return { id: message.id, ok: true, result: { forgotten: cache.forget(message.infos) } }
    return { id: (message as { id: number }).id, ok: false, code: 'invalid_data', message: 'Unknown request' }
  } catch (error) {
    if (error instanceof SigningError) return { id: message.id, ok: false, code: error.code, message: error.message }
    // A library's message may quote its input: only the kind of failure goes back.
    return { id: message.id, ok: false, code: 'invalid_data', message: 'The request could not be signed' }
  }
}

/** Listens on `socketPath` until the returned server is closed (which wipes every kept key). */
export async function runSigner(socketPath: string, key: SignerKey, keyTtlMs = DEFAULT_KEY_TTL_MS): Promise<Server> {
  if (existsSync(socketPath)) rmSync(socketPath)
  const cache = new KeyCache(keyTtlMs)
  const server = createServer((socket) => {
    const lines = createInterface({ input: socket })
    lines.on('line', (line) => {
      let message: SignerRequest
      try {
        message = decode<SignerRequest>(line)
      } catch {
        socket.destroy()
        return
      }
      void answer(key, cache, message).then((reply) => socket.write(`${encode(reply)}\n`))
    })
    socket.on('error', () => socket.destroy())
  })
  // Kept keys are wiped when the server closes, and at the latest when the process exits.
  const wipe = () => cache.clear()
  process.once('exit', wipe)
  server.on('close', () => {
    wipe()
    process.off('exit', wipe)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  chmodSync(socketPath, 0o600)
  return server
}

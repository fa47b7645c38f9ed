/**
 * The hidden wallet frame (`/apps/:app_id/embedded-wallets`). It answers requests from its parent
 * page only, and only when that page's origin is allowed; every reply goes to exactly that origin.
 * Keys never leave: replies carry addresses, users and signatures.
 */
import { isAddress, isHex, stringToHex, type TransactionSerializable } from 'viem'
import { ethereumAccount, fromBase64, signSolana, toBase64 } from './custody.ts'
import { FRAME_ONLY_PATH, needsTokenProof, SESSION_ISSUING_PATH } from '@gatehouse/contract'
import { DeviceKey, indexedDbKeyStore } from './device.ts'
import { originAllowed, readFrameConfig } from './origin.ts'
import { PROTOCOL_TAG, type FrameReply, type FrameRequest, type FrameRequests, type RpcRequest, type TransactionToSign } from './protocol.ts'
import { requiredSigners } from './solana-message.ts'
import { ProxyError, SESSION_CHECK_MS, Vault } from './vault.ts'
import { mfaHandlers } from './mfa.ts'
import { FarcasterSignerKeys, indexedDbSignerKeyStore } from './farcaster-signer.ts'
import type { DerivedKey } from './custody.ts'
import { API_PREFIX } from '@gatehouse/contract/routes/prefix'

const config = readFrameConfig()
const device = DeviceKey.open(indexedDbKeyStore(config.appId))
const vault = new Vault(config.appId, device, 'connect', config.sessionCheckMs, Date.now, config.cloud ?? null)
const farcasterSigner = new FarcasterSignerKeys(config.appId, indexedDbSignerKeyStore(), vault, config.sessionCheckMs ?? SESSION_CHECK_MS)

/**
 * The requests of the host page the frame signs a proof for: those that end a login ceremony or
 * refresh a session (binding it to this device), and, bound to the access token sent (`ath`), the
 * other state-changing API calls. Key-material, registration, recovery and MFA calls are signed only
 * by the frame itself, for its own requests, so the host cannot borrow the device key to reach shares.
 */

async function sessionProof({ htm, htu, ath }: { htm: string; htu: string; ath?: string }): Promise<{ proof: string }> {
  let url: URL
  try {
    url = new URL(htu)
  } catch {
    throw new ProxyError('invalid_request_arguments', 'Invalid URL')
  }
  const path = url.pathname.slice(API_PREFIX.length)
  if (url.origin !== location.origin || url.search || !url.pathname.startsWith(API_PREFIX)) {
    throw new ProxyError('invalid_request_arguments', 'The device signs API requests only')
  }
  if (ath === undefined) {
    if (htm !== 'POST' || !SESSION_ISSUING_PATH.test(path))
      throw new ProxyError('invalid_request_arguments', 'The device signs login and refresh requests only')
    return { proof: await (await device).proof({ htm, htu: `${url.origin}${url.pathname}` }) }
  }
  if (typeof ath !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(ath) || !needsTokenProof(htm, path) || FRAME_ONLY_PATH.test(path)) {
    throw new ProxyError('invalid_request_arguments', 'The device does not sign this request for the page')
  }
  return { proof: await (await device).proof({ htm, htu: `${url.origin}${url.pathname}`, ath }) }
}

type Handler<T extends keyof FrameRequests> = (payload: FrameRequests[T]['payload']) => Promise<FrameRequests[T]['result']>

async function sign(key: DerivedKey, request: RpcRequest): Promise<string> {
  if (key.chainType === 'solana') {
    if (request.method === 'signTransaction') return signSolanaTransaction(key, request.params.message)
    if (request.method !== 'signMessage') throw new ProxyError('invalid_request_arguments', `Unsupported method ${request.method}`)
    const message = fromBase64(request.params.message)
    if (message.length === 0) throw new ProxyError('invalid_request_arguments', 'Message must be a non-empty string')
    return toBase64(signSolana(key, message))
  }
  const account = ethereumAccount(key)
  if (request.method === 'personal_sign') {
    const [data] = request.params
    // personal_sign carries hex (per EIP-1193) but many callers pass plain text.
    return account.signMessage({ message: { raw: isHex(data) ? data : stringToHex(String(data)) } })
  }
  if (request.method === 'eth_signTypedData_v4') {
    const raw = request.params[1]
    const typed = typeof raw === 'string' ? JSON.parse(raw) : raw
    const { EIP712Domain: _domain, ...types } = typed.types ?? {}
    return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message })
  }
  if (request.method === 'eth_signTransaction') {
    return account.signTransaction(toSerializable(request.params[0], account.address))
  }
  throw new ProxyError('invalid_request_arguments', `Unsupported method ${(request as { method: string }).method}`)
}

/**
 * A Solana transaction message (bytes the host compiled, with its fee payer, blockhash and
 * instructions) is signed only if this wallet is one of its required signers: the signature is
 * returned, the host places it. The bytes are parsed enough to know the signers, never sent anywhere.
 */
function signSolanaTransaction(key: DerivedKey, encoded: string): string {
  let message: Uint8Array
  let signers: string[]
  try {
    message = fromBase64(encoded)
    signers = requiredSigners(message)
  } catch {
    throw new ProxyError('invalid_request_arguments', 'Invalid transaction request')
  }
  if (!signers.includes(key.address)) throw new ProxyError('invalid_request_arguments', 'Transaction does not contain public key')
  return toBase64(signSolana(key, message))
}

const quantity = (value: string | undefined, field: string): bigint | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new ProxyError('invalid_request_arguments', `Invalid ${field}`)
  return BigInt(value)
}

/**
 * A chain id is required (EIP-155: the signature must not replay on another chain), and `from`,
 * when given, must be this wallet: the frame signs only for the key the host named.
 */
function toSerializable(tx: TransactionToSign, address: string): TransactionSerializable {
  if (!tx || !Number.isSafeInteger(tx.chainId) || tx.chainId < 1 || !Number.isSafeInteger(tx.nonce) || tx.nonce < 0) {
    throw new ProxyError('invalid_request_arguments', 'Invalid transaction request')
  }
  if (tx.from && tx.from.toLowerCase() !== address.toLowerCase()) throw new ProxyError('invalid_request_arguments', 'The requested account is not this wallet')
  if (tx.to != null && !isAddress(tx.to, { strict: false })) throw new ProxyError('invalid_request_arguments', 'Invalid transaction request')
  if (tx.data !== undefined && !isHex(tx.data)) throw new ProxyError('invalid_request_arguments', 'Invalid transaction request')
  const common = {
    chainId: tx.chainId,
    nonce: tx.nonce,
    to: tx.to ?? null,
    data: tx.data as `0x${string}` | undefined,
    value: quantity(tx.value, 'value'),
    gas: quantity(tx.gas, 'gas'),
  }
  if (tx.type === 'legacy') return { ...common, type: 'legacy', gasPrice: quantity(tx.gasPrice, 'gasPrice') }
  return {
    ...common,
    type: 'eip1559',
    maxFeePerGas: quantity(tx.maxFeePerGas, 'maxFeePerGas'),
    maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
  }
}

const handlers: { [T in keyof FrameRequests]?: Handler<T> } = {
  ready: async () => ({ ok: true }),
  'wallet:create': (p) => vault.create({ ...p, chainType: 'ethereum' }),
  'solana-wallet:create': (p) => vault.create({ ...p, chainType: 'solana' }),
  'wallets:add': (p) => vault.create(p),
  'wallets:import': (p) => vault.import(p.accessToken, p.chainType, p.privateKey),
  'wallets:connect': async (p) => {
    await vault.connect(p.accessToken, p.entropyId)
    return { entropyId: p.entropyId }
  },
  'wallets:recover': async (p) => {
    await vault.recover(p.accessToken, p.entropyId, p.recoveryPassword, p.cloud)
    return { entropyId: p.entropyId }
  },
  'wallets:set-recovery': (p) => vault.setRecovery(p.accessToken, p.entropyId, p.recoveryMethod, p.recoveryPassword, p.cloud),
  'wallets:rpc': async (p) => ({ signature: await sign(await vault.key(p.accessToken, p.wallet), p.request) }),
  'wallets:delegate': (p) => vault.delegate(p.accessToken, p.rootWallet.entropyId, p.delegatedWallets),
  'wallets:clear': async () => {
    vault.clear()
    farcasterSigner.clear()
    return { ok: true }
  },
  'device:proof': sessionProof,
  'farcaster:init-signer': (p) => farcasterSigner.init(p.accessToken),
  'farcaster:public-key': async (p) => ({ publicKey: await farcasterSigner.publicKey(p.accessToken) }),
  'farcaster:sign': async (p) => ({ signature: await farcasterSigner.sign(p.accessToken, p.hash) }),
  ...mfaHandlers(vault),
}

async function answer(request: FrameRequest): Promise<FrameReply> {
  const handler = handlers[request.type] as Handler<keyof FrameRequests> | undefined
  try {
    if (!handler) throw new ProxyError('invalid_request_arguments', `Unknown request ${String(request.type)}`)
    return { tag: PROTOCOL_TAG, id: request.id, ok: true, result: await handler(request.payload as never) }
  } catch (error) {
    const type = error instanceof ProxyError ? error.type : 'error'
    // Library messages may quote inputs; only our own messages go back to the host.
    const message = error instanceof ProxyError ? error.message : 'An error has occurred, please try again.'
    if (!(error instanceof ProxyError)) console.error('[gatehouse frame]', error)
    const retryAfter = error instanceof ProxyError ? error.retryAfter : undefined
    const reason = error instanceof ProxyError ? error.reason : undefined
    return {
      tag: PROTOCOL_TAG,
      id: request.id,
      ok: false,
      error: { type, message, ...(retryAfter === undefined ? {} : { retryAfter }), ...(reason === undefined ? {} : { reason }) },
    }
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  // Only the embedding page, and only an allowed origin: anything else is ignored without a word.
  if (event.source !== window.parent || event.source === window) return
  if (!originAllowed(config, event.origin)) return
  const data = event.data as FrameRequest | undefined
  if (!data || data.tag !== PROTOCOL_TAG || typeof data.id !== 'string' || typeof data.type !== 'string') return
  void answer(data).then((reply) => (event.source as Window).postMessage(reply, event.origin))
})

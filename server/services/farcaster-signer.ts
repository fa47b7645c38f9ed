/**
 * 'Add a signer to Farcaster' (spec part 3 §2, §4, §7; SECURITY.md "Farcaster signer"). The wallet
 * frame makes an ed25519 key and sends only its public key (`farcaster/signer/init`, frame origin
 * and device proof). The app's Farcaster account (fid + custody key, sealed app settings) signs
 * Farcaster's EIP-712 `SignedKeyRequest` for that key (typed data from @farcaster/core), and the
 * request goes to the signed-key-request service in Warpcast's wire format:
 *
 * - `POST {apiUrl}/v2/signed-key-requests` `{ key, requestFid, signature, deadline }` →
 *   `{ result: { signedKeyRequest: { token, deeplinkUrl } } }`
 * - `GET {apiUrl}/v2/signed-key-request?token=…` → `{ result: { signedKeyRequest: { state, userFid, … } } }`,
 *   state 'pending' → 'approved' (the user approved, the key is being added on chain) → 'completed'.
 *
 * Our statuses (spec part 3 §3): 'completed' by the user's own fid is `approved`; 'pending' and
 * 'approved' are `pending_approval`; a request the service no longer knows (404), any other state,
 * an approval by another fid, or a lapsed deadline is `revoked`.
 */
import { bytesToHex, hexToBytes, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { findFarcasterSigner, saveFarcasterSigner, setFarcasterSignerStatus } from '../db/farcaster-signers.js'
import { listLinkedAccounts, setLinkedAccountDetails } from '../db/linked-accounts.js'
import type { Db, FarcasterSignersTable } from '../db/schema.js'
import { ApiError } from '../errors.js'
import { holdsEmbeddedWallet } from './accounts.js'
import type { App, FarcasterSignerSettings } from './app-config.js'
import type { EmbeddedWalletService, FrameCaller } from './embedded-wallets.js'

export const WARPCAST_API_URL = 'https://api.warpcast.com'
/** How long a signed request stays valid (Farcaster's guide suggests a day). */
export const SIGNED_KEY_REQUEST_TTL_SECONDS = 24 * 3600
/** A pending request with less left than this is replaced by a new one rather than shown again. */
const REUSE_MIN_LEFT_SECONDS = 600
const UPSTREAM_TIMEOUT_MS = 10_000

export type FarcasterSignerStatus = FarcasterSignersTable['status']

export interface FarcasterSignerAnswer {
  public_key: string
  status: FarcasterSignerStatus
  signer_approval_url?: string
  fid?: number
}

export interface FarcasterSignerDeps {
  db: Db
  wallets: Pick<EmbeddedWalletService, 'frameDevice'>
  now: () => number
  fetch?: typeof fetch
}

interface SignedKeyRequest {
  token?: unknown
  deeplinkUrl?: unknown
  state?: unknown
  userFid?: unknown
}

const unavailable = () => new ApiError('upstream_unavailable', 'The Farcaster signer service is not available. Please try again.')

export class FarcasterSignerService {
  constructor(private readonly deps: FarcasterSignerDeps) {}

  private settings(app: App): FarcasterSignerSettings {
    const settings = app.settings.farcasterSigner
    if (!settings) throw new ApiError('not_supported', 'Farcaster signers are not enabled for this app')
    return settings
  }

  /** The user's linked Farcaster account: its fid, and the row (its details carry signer_public_key). */
  private async farcasterAccount(userId: string) {
    const account = (await listLinkedAccounts(this.deps.db, userId)).find((a) => a.type === 'farcaster')
    if (!account) throw new ApiError('not_supported', 'Farcaster signers need a Farcaster account: link one first')
    return { account, fid: Number(account.address) }
  }

  /** The frame's request: a signed-key request for its key, or the pending / approved one it already has. */
  async init(app: App, caller: FrameCaller, publicKey: string): Promise<FarcasterSignerAnswer> {
    const settings = this.settings(app)
    await this.deps.wallets.frameDevice(caller)
    if (!(await holdsEmbeddedWallet(this.deps.db, caller.userId)))
      throw new ApiError('embedded_wallet_not_found', 'Farcaster signers need an embedded wallet: create one first')
    const { fid } = await this.farcasterAccount(caller.userId)
    const existing = await findFarcasterSigner(this.deps.db, app.id, publicKey)
    if (existing && existing.user_id !== caller.userId) throw new ApiError('invalid_data', 'This key belongs to another user')
    const nowSeconds = Math.floor(this.deps.now() / 1000)
    if (existing && Number(existing.fid) === fid) {
      if (existing.status === 'approved') return answer(existing)
      if (existing.status === 'pending_approval' && existing.deadline - nowSeconds > REUSE_MIN_LEFT_SECONDS) return this.refresh(app, existing)
    }

    const deadline = nowSeconds + SIGNED_KEY_REQUEST_TTL_SECONDS
    const signature = await signKeyRequest(settings, publicKey as Hex, deadline)
    const created = await this.upstream(settings, '/v2/signed-key-requests', {
      method: 'POST',
      body: JSON.stringify({ key: publicKey, requestFid: settings.fid, signature, deadline }),
    })
    if (!created.ok) throw unavailable()
    const request = await readRequest(created)
    if (typeof request?.token !== 'string' || typeof request.deeplinkUrl !== 'string') throw unavailable()
    const now = this.deps.now()
    const row: FarcasterSignersTable = {
      app_id: app.id,
      public_key: publicKey,
      user_id: caller.userId,
      fid,
      token: request.token,
      approval_url: request.deeplinkUrl,
      status: 'pending_approval',
      deadline,
      created_at: now,
      updated_at: now,
    }
    await saveFarcasterSigner(this.deps.db, row)
    return answer(row)
  }

  /** Spec part 3 §7: `POST farcaster/signer/status` with ed25519_public_key. */
  async status(app: App, userId: string, publicKey: string): Promise<FarcasterSignerAnswer> {
    this.settings(app)
    const row = await findFarcasterSigner(this.deps.db, app.id, publicKey)
    if (!row || row.user_id !== userId) throw new ApiError('not_found', 'No Farcaster signer request for this key')
    return row.status === 'pending_approval' ? this.refresh(app, row) : answer(row)
  }

  /** Asks the service about a pending request and keeps what changed. */
  private async refresh(app: App, row: FarcasterSignersTable): Promise<FarcasterSignerAnswer> {
    const settings = this.settings(app)
    let next: FarcasterSignerStatus
    if (row.deadline <= Math.floor(this.deps.now() / 1000)) next = 'revoked'
    else {
      const response = await this.upstream(settings, `/v2/signed-key-request?token=${encodeURIComponent(row.token)}`, { method: 'GET' })
      if (response.status === 404) next = 'revoked'
      else if (!response.ok) throw unavailable()
      else {
        const request = await readRequest(response)
        if (!request) throw unavailable()
        if (request.state === 'pending' || request.state === 'approved') next = 'pending_approval'
        else if (request.state === 'completed') next = Number(request.userFid) === Number(row.fid) ? 'approved' : 'revoked'
        else next = 'revoked'
      }
    }
    if (next === row.status) return answer(row)
    await setFarcasterSignerStatus(this.deps.db, row.app_id, row.public_key, next, this.deps.now())
    if (next === 'approved') await this.recordOnAccount(row.user_id, row.fid, row.public_key)
    return answer({ ...row, status: next })
  }

  /** The user's Farcaster account shows its signer (spec part 1 §3 `farcaster.signerPublicKey`). */
  private async recordOnAccount(userId: string, fid: number, publicKey: string): Promise<void> {
    const { account, fid: linked } = await this.farcasterAccount(userId).catch(() => ({ account: null, fid: 0 }))
    if (!account || linked !== fid) return
    const details = account.details ? (JSON.parse(account.details) as Record<string, unknown>) : {}
    await setLinkedAccountDetails(this.deps.db, account.id, JSON.stringify({ ...details, signer_public_key: publicKey }))
  }

  private async upstream(settings: FarcasterSignerSettings, path: string, init: RequestInit): Promise<Response> {
    const base = (settings.apiUrl ?? WARPCAST_API_URL).replace(/\/+$/, '')
    try {
      return await (this.deps.fetch ?? fetch)(`${base}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      })
    } catch {
      throw unavailable()
    }
  }
}

function answer(row: FarcasterSignersTable): FarcasterSignerAnswer {
  if (row.status === 'pending_approval') return { public_key: row.public_key, status: row.status, signer_approval_url: row.approval_url }
  if (row.status === 'approved') return { public_key: row.public_key, status: row.status, fid: Number(row.fid) }
  return { public_key: row.public_key, status: row.status }
}

async function readRequest(response: Response): Promise<SignedKeyRequest | null> {
  const json = (await response.json().catch(() => null)) as { result?: { signedKeyRequest?: SignedKeyRequest } } | null
  return json?.result?.signedKeyRequest ?? null
}

/**
 * The app's custody key signs Farcaster's `SignedKeyRequest` (requestFid, key, deadline) under the
 * SignedKeyRequestValidator domain; @farcaster/core holds the typed data (loaded on first use: it is large).
 */
export async function signKeyRequest(settings: FarcasterSignerSettings, key: Hex, deadline: number): Promise<Hex> {
  const { ViemLocalEip712Signer } = await import('@farcaster/core')
  const signer = new ViemLocalEip712Signer(privateKeyToAccount(settings.custodyPrivateKey as Hex))
  const signed = await signer.signKeyRequest({ requestFid: BigInt(settings.fid), key: hexToBytes(key), deadline: BigInt(deadline) })
  if (signed.isErr()) throw new Error(`SignedKeyRequest signature failed: ${signed.error.message}`)
  return bytesToHex(signed.value)
}

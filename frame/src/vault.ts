/**
 * The frame's wallets: the device share in this origin's localStorage, the auth share fetched from
 * the server, and the two combined only here, in memory. Shared by the hidden wallet frame and the
 * export page (both on the API origin, so they see the same device shares).
 */
import {
  combineShares,
  deriveFromSeed,
  fromBase64,
  generateEntropy,
  InvalidRecoveryPinError,
  keyFromPrivateKey,
  mnemonicOf,
  openWithPassword,
  sealWithPassword,
  seedOf,
  splitSecret,
  toBase64,
  verifierFor,
  type ChainType,
  type DerivedKey,
} from './custody.ts'
import { markRateLimited } from '@gatehouse/contract'
import { API_PREFIX } from '@gatehouse/contract/routes/prefix'
import type { DeviceKey } from './device.ts'
import type { CloudGrant, CloudRecoveryMethod, CreatedResult, ProxyErrorType, RecoveryMethod, WalletRef } from './protocol.ts'
import { CloudError, cloudStore, openFromCloud, sealForCloud, type CloudConfig } from './cloud.ts'
import { signRegistration, signShareSet, tokenSubject } from './registration.ts'
import { sealDeviceShare, type SignerKey } from './delegation.ts'

export class ProxyError extends Error {
  constructor(
    readonly type: ProxyErrorType,
    message: string,
    /** Seconds until the server takes the call again, when it said (a spent MFA budget). */
    readonly retryAfter?: number,
    /** The server's `data.reason`, when it gave one (a reused authenticator-app code). */
    readonly reason?: string,
  ) {
    super(message)
  }
}

const notOnDevice = () => new ProxyError('wallet_not_on_device', 'Wallet is not on this device')

/** The server's refusals the host can act on, as proxy error types (the rest are plain 'error'). */
const SERVER_REFUSALS: Record<string, ProxyErrorType> = {
  device_not_enrolled: 'wallet_not_on_device',
  invalid_device_proof: 'session_not_on_device',
  reauthentication_required: 'reauthentication_required',
  missing_or_invalid_mfa: 'missing_or_invalid_mfa',
  mfa_verification_max_attempts_reached: 'mfa_verification_max_attempts_reached',
  invalid_mfa_code: 'invalid_mfa_code',
  recovery_on_hold: 'recovery_on_hold',
  not_supported: 'not_supported',
  insufficient_funds: 'insufficient_funds',
  // The API keeps its own code for a failed SMS (the login screens map it); the proxy protocol
  // names it as the spec's error catalogue does.
  sms_verification_failed: 'twilio_verification_failed',
}

/** The proxy error type the host sees for a server refusal's `code` (spec part 2 §8; the rest are plain 'error'). */
export const proxyErrorTypeOf = (code: string | undefined): ProxyErrorType => (code && Object.hasOwn(SERVER_REFUSALS, code) ? SERVER_REFUSALS[code]! : 'error')

/**
 * How long an unlocked wallet signs from memory before the server confirms the session again:
 * after a logout elsewhere or a revocation, signing stops within this time (plus one request).
 */
export const SESSION_CHECK_MS = 30_000

/** Why key material is fetched (the server asks a recent login for export). */
export type KeyMaterialPurpose = 'connect' | 'recover' | 'export'

interface KeyMaterial {
  entropy_id: string
  entropy_id_verifier: string
  kind: 'hd' | 'private-key'
  share_set: string
  auth_share: string
  recovery_method: RecoveryMethod
  recovery_share?: string
  /** When the session's MFA proof ends; 0 for a user without MFA. */
  mfa_verified_until?: number
}

/** A secret this frame can use: the two shares, and what was derived from them (memory only). */
interface Unlocked {
  kind: 'hd' | 'private-key'
  shareSet: string
  shares: [Uint8Array, Uint8Array]
  seed: Uint8Array | null
  keys: Map<string, DerivedKey>
  verifierChain: ChainType
  /** When the server last confirmed the session for this secret. */
  checkedAt: number
  /** The session's MFA proof ends then (0: the user has no MFA): past it, nothing signs before the server confirms a new one. */
  mfaUntil: number
}

/** The wallets of one secret whose `delegated` flag is on, from a wire user the server answered. */
function delegatedWalletsOf(user: unknown, entropyId: string): { address: string; chainType: ChainType }[] {
  const accounts = (user as { linked_accounts?: Record<string, unknown>[] } | null)?.linked_accounts ?? []
  return accounts
    .filter((a) => a.type === 'wallet' && a.delegated === true && a.entropy_id === entropyId)
    .map((a) => ({ address: String(a.address), chainType: a.chain_type as ChainType }))
}

const isCloud = (method: RecoveryMethod): method is CloudRecoveryMethod => method === 'google-drive' || method === 'icloud'
/** A cloud failure as the host sees it: the recovery OAuth screen shows its message. */
const cloudFailure = (error: unknown) =>
  error instanceof ProxyError ? error : new ProxyError('error', error instanceof CloudError ? error.message : 'Could not reach your cloud storage.')

const chainOfVerifier = (verifier: string): ChainType => (verifier.startsWith('solana') ? 'solana' : 'ethereum')
const randomSetId = () => toBase64(crypto.getRandomValues(new Uint8Array(12))).replace(/[+/=]/g, '')

export class Vault {
  private readonly unlocked = new Map<string, Unlocked>()

  /**
   * @param device the frame's device key: every call to the server carries its proof, bound to
   *   the access token, so a token copied from the host page is useless without this frame.
   * @param purpose what this page fetches key material for: the export page says 'export'.
   */
  constructor(
    private readonly appId: string,
    private readonly device: Promise<DeviceKey>,
    private readonly purpose: 'connect' | 'export' = 'connect',
    private readonly sessionCheckMs = SESSION_CHECK_MS,
    private readonly now: () => number = Date.now,
    private readonly cloud: CloudConfig | null = null,
  ) {}

  /** Redeems the user's recovery OAuth grant (a frame-only call) and opens their cloud storage. */
  private async cloudOf(accessToken: string, method: CloudRecoveryMethod, grant: CloudGrant | undefined) {
    if (!grant || grant.provider !== method) throw new ProxyError('invalid_request_arguments', 'Cloud recovery needs the cloud account grant')
    if (!this.cloud) throw new ProxyError('error', 'Cloud recovery is not available here')
    const { access_token } = await this.api<{ access_token: string }>(accessToken, '/recovery/oauth/authenticate', {
      authorization_code: grant.authorizationCode,
      state_code: grant.stateCode,
      code_verifier: grant.codeVerifier,
      provider: grant.provider,
    })
    return cloudStore(this.cloud, method, access_token)
  }

  private storageKey(entropyId: string) {
    return `gatehouse:${this.appId}:device-share:${entropyId}`
  }

  private readLocal(entropyId: string): { shareSet: string; share: string } | null {
    try {
      return JSON.parse(localStorage.getItem(this.storageKey(entropyId)) ?? 'null')
    } catch {
      return null
    }
  }

  private writeLocal(entropyId: string, shareSet: string, share: Uint8Array) {
    localStorage.setItem(this.storageKey(entropyId), JSON.stringify({ shareSet, share: toBase64(share) }))
  }

  /** Whether an unlocked secret may still sign from memory (session checked recently, MFA proof live). */
  private fresh(entry: Unlocked): boolean {
    const now = this.now()
    return now - entry.checkedAt < this.sessionCheckMs && (entry.mfaUntil === 0 || now < entry.mfaUntil)
  }

  /** One call of the frame to the server (bearer + device proof): also the MFA routes. */
  call<T>(accessToken: string, path: string, body: unknown): Promise<T> {
    return this.api<T>(accessToken, path, body)
  }

  private async api<T>(accessToken: string, path: string, body: unknown): Promise<T> {
    const url = `${location.origin}${API_PREFIX}${path}`
    const dpop = await (await this.device).proof({ htm: 'POST', htu: url, accessToken })
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'privy-app-id': this.appId, authorization: `Bearer ${accessToken}`, dpop },
      body: JSON.stringify(body),
      credentials: 'omit',
    })
    const json = (await response.json().catch(() => ({}))) as { error?: string; code?: string; data?: { retry_after?: unknown; reason?: unknown } }
    if (!response.ok) {
      // A dead session (logout, revocation, expiry) forgets every unlocked wallet at once.
      if (response.status === 401) this.clear()
      const retryAfter = typeof json.data?.retry_after === 'number' ? json.data.retry_after : undefined
      const reason = typeof json.data?.reason === 'string' ? json.data.reason : undefined
      // Spec part 2 §8: the widget knows rate limiting by 'code 429' in the message.
      const message = markRateLimited(response.status, json.error ?? `Request failed (${response.status})`)
      throw new ProxyError(proxyErrorTypeOf(json.code), message, retryAfter, reason)
    }
    return json as T
  }

  private keyMaterial(accessToken: string, entropyId: string, purpose: KeyMaterialPurpose): Promise<KeyMaterial> {
    return this.api<KeyMaterial>(accessToken, `/embedded_wallets/${entropyId}/recovery/key_material`, { purpose })
  }

  /** Signs the registration statement with the new wallet's key (the server checks possession). */
  private proof(accessToken: string, key: DerivedKey): Promise<string> {
    return signRegistration(key, { appId: this.appId, userId: tokenSubject(accessToken) })
  }

  /** Rebuilds a secret from two shares and checks it against its entropy id before trusting it. */
  private async unlock(material: KeyMaterial, a: Uint8Array, b: Uint8Array): Promise<Unlocked> {
    const secret = await combineShares(a, b)
    const verifierChain = chainOfVerifier(material.entropy_id_verifier)
    const entry: Unlocked = {
      kind: material.kind,
      shareSet: material.share_set,
      shares: [a, b],
      seed: null,
      keys: new Map(),
      verifierChain,
      checkedAt: this.now(),
      mfaUntil: material.mfa_verified_until ?? 0,
    }
    const key = await this.keyOf(entry, secret, verifierChain, 0)
    if (key.address.toLowerCase() !== material.entropy_id.toLowerCase()) throw notOnDevice()
    this.unlocked.set(material.entropy_id, entry)
    return entry
  }

  private async keyOf(entry: Unlocked, secret: Uint8Array | null, chainType: ChainType, index: number): Promise<DerivedKey> {
    const id = `${chainType}:${index}`
    const cached = entry.keys.get(id)
    if (cached) return cached
    const raw = secret ?? (await combineShares(entry.shares[0], entry.shares[1]))
    let key: DerivedKey
    if (entry.kind === 'private-key') key = keyFromPrivateKey(entry.verifierChain, raw)
    else {
      entry.seed ??= await seedOf(raw)
      key = deriveFromSeed(entry.seed, chainType, index)
    }
    entry.keys.set(id, key)
    return key
  }

  /**
   * Device share + auth share. Fails with wallet_not_on_device when this device has no usable share.
   * An unlocked wallet is used from memory, but every SESSION_CHECK_MS the server must confirm the
   * session again (a refused check forgets every unlocked wallet, see `api`).
   */
  async connect(accessToken: string, entropyId: string): Promise<void> {
    const open = this.unlocked.get(entropyId)
    if (open && this.fresh(open)) return
    const local = this.readLocal(entropyId)
    if (!local) throw notOnDevice()
    const material = await this.keyMaterial(accessToken, entropyId, this.purpose)
    if (open && material.share_set === open.shareSet) {
      open.checkedAt = this.now()
      open.mfaUntil = material.mfa_verified_until ?? 0
      return
    }
    this.unlocked.delete(entropyId)
    // Shares of an older split (the recovery method changed elsewhere) would combine to garbage.
    if (material.share_set !== local.shareSet) throw notOnDevice()
    await this.unlock(material, fromBase64(local.share), fromBase64(material.auth_share))
  }

  /** Auth share + recovery share; this device then keeps the recovery share as its own. */
  async recover(accessToken: string, entropyId: string, password?: string, grant?: CloudGrant): Promise<void> {
    const material = await this.keyMaterial(accessToken, entropyId, 'recover')
    let recovery: Uint8Array
    if (isCloud(material.recovery_method)) {
      const ids = { appId: this.appId, entropyId, shareSet: material.share_set }
      try {
        const store = await this.cloudOf(accessToken, material.recovery_method, grant)
        const copy = await store.load(ids)
        if (!copy) throw new CloudError('No backup of this wallet was found in this cloud account. Pick the account you backed up with.')
        recovery = await openFromCloud(copy, fromBase64(material.recovery_share!), ids)
      } catch (error) {
        throw cloudFailure(error)
      }
    } else if (material.recovery_method === 'user-passcode') {
      if (!password) throw new ProxyError('invalid_request_arguments', 'A recovery password is required')
      try {
        recovery = await openWithPassword(JSON.parse(material.recovery_share!), password)
      } catch (error) {
        if (error instanceof InvalidRecoveryPinError) throw new ProxyError('invalid_recovery_pin', 'Invalid recovery password')
        throw error
      }
    } else recovery = fromBase64(material.recovery_share!)
    this.unlocked.delete(entropyId)
    await this.unlock(material, fromBase64(material.auth_share), recovery)
    this.writeLocal(entropyId, material.share_set, recovery)
  }

  /**
   * What the server keeps of the recovery share: the share ('privy'), its password envelope, or
   * (cloud) the key of the encrypted copy this writes to the user's cloud first.
   */
  private async sealRecovery(
    share: Uint8Array,
    method: RecoveryMethod,
    password: string | undefined,
    cloud: { accessToken: string; entropyId: string; shareSet: string; grant?: CloudGrant },
  ): Promise<string> {
    if (method === 'privy') return toBase64(share)
    if (isCloud(method)) {
      try {
        const store = await this.cloudOf(cloud.accessToken, method, cloud.grant)
        const { key, copy } = await sealForCloud(share, { appId: this.appId, entropyId: cloud.entropyId, shareSet: cloud.shareSet })
        await store.save(copy)
        return toBase64(key)
      } catch (error) {
        throw cloudFailure(error)
      }
    }
    if (!password) throw new ProxyError('invalid_request_arguments', 'A recovery password is required')
    return JSON.stringify(await sealWithPassword(share, password))
  }

  async create(p: {
    accessToken: string
    chainType: ChainType
    walletIndex: number
    entropyId?: string
    recoveryMethod: RecoveryMethod
    recoveryPassword?: string
    cloud?: CloudGrant
  }): Promise<CreatedResult> {
    if (!Number.isInteger(p.walletIndex) || p.walletIndex < 0) throw new ProxyError('invalid_request_arguments', 'A negative walletIndex is invalid')
    if (p.entropyId) {
      await this.connect(p.accessToken, p.entropyId)
      const entry = this.unlocked.get(p.entropyId)!
      const key = await this.keyOf(entry, null, p.chainType, p.walletIndex)
      const { user } = await this.api<{ user: unknown }>(p.accessToken, '/wallets', {
        chain_type: p.chainType,
        address: key.address,
        wallet_index: p.walletIndex,
        entropy_id: p.entropyId,
        entropy_id_verifier: verifierFor(entry.verifierChain),
        proof: await this.proof(p.accessToken, key),
      })
      return { user, address: key.address }
    }
    if (p.walletIndex !== 0) throw new ProxyError('invalid_request_arguments', 'An additional wallet requires an existing primary wallet')
    const entropy = generateEntropy()
    const key = deriveFromSeed(await seedOf(entropy), p.chainType, 0)
    return this.register(p.accessToken, entropy, key, 'hd', p.recoveryMethod, p.recoveryPassword, p.cloud)
  }

  async import(accessToken: string, chainType: ChainType, privateKey: string): Promise<CreatedResult> {
    let key: DerivedKey
    try {
      key = keyFromPrivateKey(chainType, privateKey)
    } catch (error) {
      throw new ProxyError('invalid_request_arguments', (error as Error).message)
    }
    return this.register(accessToken, key.privateKey, key, 'private-key', 'privy')
  }

  private async register(
    accessToken: string,
    secret: Uint8Array,
    key: DerivedKey,
    kind: 'hd' | 'private-key',
    method: RecoveryMethod,
    password?: string,
    grant?: CloudGrant,
  ): Promise<CreatedResult> {
    const shares = await splitSecret(secret)
    const shareSet = randomSetId()
    const recoveryShare = await this.sealRecovery(shares.recovery, method, password, { accessToken, entropyId: key.address, shareSet, grant })
    const { user } = await this.api<{ user: unknown }>(accessToken, '/wallets', {
      chain_type: key.chainType,
      address: key.address,
      wallet_index: 0,
      imported: kind === 'private-key',
      entropy_id: key.address,
      entropy_id_verifier: verifierFor(key.chainType),
      shares: {
        share_set: shareSet,
        auth_share: toBase64(shares.auth),
        recovery_method: method,
        recovery_share: recoveryShare,
      },
      proof: await this.proof(accessToken, key),
    })
    this.writeLocal(key.address, shareSet, shares.device)
    const entry: Unlocked = {
      kind,
      shareSet,
      shares: [shares.device, shares.auth],
      seed: null,
      keys: new Map([[`${key.chainType}:0`, key]]),
      verifierChain: key.chainType,
      checkedAt: this.now(),
      mfaUntil: 0,
    }
    this.unlocked.set(key.address, entry)
    return { user, address: key.address }
  }

  /**
   * A new split under another recovery method; other devices then recover once. The entropy id's
   * key signs the new shares: the server replaces its shares only for a holder of the secret.
   */
  async setRecovery(accessToken: string, entropyId: string, method: RecoveryMethod, password?: string, grant?: CloudGrant): Promise<{ user: unknown }> {
    await this.connect(accessToken, entropyId)
    const entry = this.unlocked.get(entropyId)!
    const secret = await combineShares(entry.shares[0], entry.shares[1])
    const shares = await splitSecret(secret)
    const shareSet = randomSetId()
    const body = {
      share_set: shareSet,
      auth_share: toBase64(shares.auth),
      recovery_method: method,
      recovery_share: await this.sealRecovery(shares.recovery, method, password, { accessToken, entropyId, shareSet, grant }),
    }
    const signer = await this.keyOf(entry, secret, entry.verifierChain, 0)
    const proof = await signShareSet(signer, {
      appId: this.appId,
      userId: tokenSubject(accessToken),
      previousShareSet: entry.shareSet,
      shareSet: body.share_set,
      recoveryMethod: method,
      authShare: body.auth_share,
      recoveryShare: body.recovery_share,
    })
    const result = await this.api<{ user: unknown }>(accessToken, `/embedded_wallets/${entropyId}/recovery`, { ...body, proof })
    this.writeLocal(entropyId, body.share_set, shares.device)
    entry.shareSet = body.share_set
    entry.shares = [shares.device, shares.auth]
    // Wallets of this secret the user delegated keep working: the new split's share is sealed again
    // (the old sealed share no longer combines with the new auth share).
    const delegated = delegatedWalletsOf(result.user, entropyId)
    if (delegated.length > 0) return this.delegate(accessToken, entropyId, delegated).catch(() => result)
    return result
  }

  /** The key of one wallet, connecting first when needed. */
  async key(accessToken: string, wallet: WalletRef): Promise<DerivedKey> {
    await this.connect(accessToken, wallet.entropyId)
    const entry = this.unlocked.get(wallet.entropyId)!
    const key = await this.keyOf(entry, null, wallet.chainType, wallet.imported ? 0 : wallet.walletIndex)
    if (key.address.toLowerCase() !== wallet.address.toLowerCase()) throw new ProxyError('error', 'Embedded wallet not found')
    return key
  }

  /**
   * Delegated actions, after the user's consent: this device's share of the secret, sealed to the
   * signing service's key (frame/src/delegation.ts), for the named wallets of that secret. The
   * server can store it but not open it; the signer process alone can, per authorized request.
   */
  async delegate(accessToken: string, entropyId: string, wallets: { address: string; chainType: ChainType }[]): Promise<{ user: unknown }> {
    await this.connect(accessToken, entropyId)
    const local = this.readLocal(entropyId)
    if (!local) throw notOnDevice()
    const response = await fetch(`${location.origin}${API_PREFIX}/delegated_actions/signer_key`, {
      headers: { 'privy-app-id': this.appId },
      credentials: 'omit',
    })
    if (!response.ok) throw new ProxyError('error', 'The signing service is not available')
    const signer = (await response.json()) as SignerKey
    const share = fromBase64(local.share)
    const sealed = await sealDeviceShare(signer, { appId: this.appId, userId: tokenSubject(accessToken), entropyId, shareSet: local.shareSet }, share)
    share.fill(0)
    return this.api<{ user: unknown }>(accessToken, `/embedded_wallets/${entropyId}/delegated_actions`, {
      share_set: local.shareSet,
      sealed_share: sealed,
      delegated_wallets: wallets.map((w) => ({ address: w.address, chain_type: w.chainType })),
    })
  }

  /** The seed phrase of an unlocked HD secret (export page only); null for imported keys. */
  async seedPhrase(entropyId: string): Promise<string | null> {
    const entry = this.unlocked.get(entropyId)
    if (!entry || entry.kind !== 'hd') return null
    return mnemonicOf(await combineShares(entry.shares[0], entry.shares[1]))
  }

  clear(): void {
    this.unlocked.clear()
  }

  /**
   * Sets when the MFA proof ends for every unlocked secret: after a verification (the server's
   * answer), or 1 (ended) after a change of methods (logout wipes the entries instead: `wallets:clear`), so the next signature asks the server.
   */
  setMfaUntil(until: number): void {
    for (const entry of this.unlocked.values()) entry.mfaUntil = until
  }
}

/**
 * Embedded wallets on the server: the wallet accounts (linked_accounts rows of type 'wallet') and
 * the two shares the server keeps per secret. The server never sees a whole key: the frame sends
 * it the auth share and the recovery share (for automatic recovery), or the auth share and a
 * password envelope it cannot open (user-passcode).
 *
 * Shares are released only to the wallet frame of a device: every call carries, besides the access
 * token, a DPoP proof by the frame's non-extractable device key, and the session must have been
 * bound to that key at its login ceremony (device-proofs.ts). A device is enrolled per secret: for
 * the one it created, imported or recovered there. Only a device enrolled for a secret connects to
 * it, adds wallets of it or replaces its recovery data, and a new device enrolls only by recovering
 * inside a session whose ceremony it took part in. Export also needs that ceremony to be recent.
 * Replacing the shares also needs a signature by the secret's own key over the new ones, and every
 * change (adding a wallet, replacing the shares) the session's live MFA proof when the user has MFA.
 */
import { getAddress } from 'viem'
import { randomId } from '../crypto/hash.js'
import { ShareBox } from '../crypto/share-box.js'
import { isUniqueViolation } from '../db/connect.js'
import { insertLinkedAccount, listLinkedAccounts, setLinkedAccountDetails } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable, SessionsTable, WalletSecretsTable } from '../db/schema.js'
import { findWalletSecret, insertWalletSecret, updateWalletSecretShares } from '../db/wallet-secrets.js'
import { countSecretDevices, enrollDevice, isDeviceEnrolled } from '../db/devices.js'
import { ApiError } from '../errors.js'
import { recordAudit } from './audit.js'
import type { DeviceBinding } from './device-proofs.js'
import type { MfaService } from './mfa.js'
import type { Mailer } from './mailer.js'
import type { AccountNotices } from './account-notices.js'
import type { RecoveryHold } from './recovery-hold.js'
import type { SessionService } from './sessions.js'
import type { Throttle } from './throttle.js'
import { loadWireUser, type WireUser } from './users.js'
import { pregenerateSecret } from './pregenerated-wallet.js'
import { verifyRegistrationProof, verifyShareSetProof } from './wallet-proof.js'
import { recordUserEvent } from './webhook-events.js'

export type ChainType = 'ethereum' | 'solana'
export { RECOVERY_METHODS } from '@gatehouse/contract/routes'
import type { RECOVERY_METHODS } from '@gatehouse/contract/routes'
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number]

export const CHAIN_IDS: Record<ChainType, string> = {
  ethereum: 'eip155:1',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
}

export interface SharesInput {
  share_set: string
  auth_share: string
  recovery_method: RecoveryMethod
  /** Base64 share (privy) or the JSON password envelope (user-passcode). */
  recovery_share: string
}

export interface AddWalletInput {
  chain_type: ChainType
  address: string
  wallet_index: number
  imported?: boolean
  entropy_id: string
  entropy_id_verifier: string
  /** Present when this wallet starts a new secret (first wallet, or an import). */
  shares?: SharesInput
  /** The wallet key's signature of registrationMessage(app, user, address): proof of possession. */
  proof: string
}

export interface KeyMaterial {
  entropy_id: string
  entropy_id_verifier: string
  kind: string
  share_set: string
  auth_share: string
  recovery_method: string
  recovery_share?: string
  /** When the session's MFA proof ends (ms); 0 when the user has no MFA. The frame signs only until then. */
  mfa_verified_until?: number
}

const ADDRESS = { ethereum: /^0x[0-9a-fA-F]{40}$/, solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ }

/**
 * The one stored and looked-up form of a wallet address, embedded or external: EIP-55 checksummed
 * for Ethereum (whose addresses are case-insensitive), base58 as it is for Solana (which is not).
 * One form is what lets the unique index see an embedded key presented as an external wallet.
 */
export function normalizeWalletAddress(chainType: ChainType, address: string): string {
  if (!ADDRESS[chainType].test(address)) throw new ApiError('invalid_data', `Invalid ${chainType} address`)
  return chainType === 'ethereum' ? getAddress(address) : address
}

function isEmbedded(account: LinkedAccountsTable): boolean {
  if (account.type !== 'wallet' || !account.details) return false
  return (JSON.parse(account.details) as { wallet_client_type?: string }).wallet_client_type === 'privy'
}

export interface EmbeddedWalletDeps {
  db: Db
  sessions: SessionService
  throttle: Throttle
  secret: string
  recoverySecret: string | null
  /** The origin of the server's own pages: the wallet frame's, the only caller of these methods. */
  frameOrigin: string
  mailer: Mailer
  /** Export needs a login ceremony at most this old (config.exportLoginMaxAgeMs). */
  exportLoginMaxAgeMs: number
  log?: { warn(details: object, message: string): void }
  now: () => number
  /** The MFA gate: users with a second factor need the session's live MFA proof for key material. */
  mfa?: MfaService
  /** New-device recoveries are announced to the account's contacts (account-notices.ts). */
  notices?: AccountNotices
  /** A method linked too recently does not recover (recovery-hold.ts). */
  recoveryHold?: RecoveryHold
}

/** Who calls: the bearer's user and session, the request's Origin header, and its verified device proof. */
export interface FrameCaller {
  userId: string
  sessionId: string
  origin: string | undefined
  device: DeviceBinding | null
}

/** Why the frame asks for key material: `export` needs a recent login ceremony. */
export type KeyMaterialPurpose = 'connect' | 'recover' | 'export'

export interface FrameDevice {
  userId: string
  jkt: string
  authenticatedAt: number
  session: SessionsTable
}

/** The split id of a secret made in advance by the owner API, until its user's device re-splits it. */
const PREGENERATED_SPLIT = 'pregen-'

/** A secret made in advance: its row, its wallet accounts and their wire form (for the events). */
export interface PregeneratedRows {
  secret: WalletSecretsTable
  accounts: LinkedAccountsTable[]
  wallets: { type: 'wallet'; address: string; [field: string]: unknown }[]
}

const notBound = () => new ApiError('invalid_device_proof', 'This session was not started on this device: log in again on this device to use the wallet')
const notEnrolled = () => new ApiError('device_not_enrolled', 'This device does not hold this wallet yet: recover it first')

export class EmbeddedWalletService {
  private readonly authBox: ShareBox
  private readonly recoveryBox: ShareBox

  constructor(private readonly options: EmbeddedWalletDeps) {
    this.authBox = new ShareBox(options.secret, 'auth-share')
    this.recoveryBox = new ShareBox(options.recoverySecret ?? options.secret, 'recovery-share')
  }

  private get db() {
    return this.options.db
  }

  /** Associated data binding a sealed share to its row. */
  private context(appId: string, userId: string, entropyId: string, shareSet: string) {
    return `${appId}:${userId}:${entropyId}:${shareSet}`
  }

  /**
   * The device behind a frame call. The Origin check keeps browsers' host pages out (browsers set
   * Origin themselves); the device proof keeps everyone else out, since a client outside a browser
   * sets any Origin it likes but cannot sign with the frame's key.
   */
  async frameDevice(caller: FrameCaller): Promise<FrameDevice> {
    if (caller.origin !== this.options.frameOrigin) throw new ApiError('forbidden_origin', 'Only the wallet frame may call this')
    const session = await this.options.sessions.activeSession(caller.sessionId, caller.userId)
    if (!session.device_jkt) throw notBound()
    if (!caller.device || caller.device.jkt !== session.device_jkt)
      throw new ApiError('invalid_device_proof', 'A proof by the device of this session is required')
    return { userId: caller.userId, jkt: session.device_jkt, authenticatedAt: Number(session.authenticated_at ?? session.created_at), session }
  }

  /** A device enrolled for this secret: one that holds a share of it. */
  private async enrolledDevice(appId: string, caller: FrameCaller, entropyId: string): Promise<FrameDevice> {
    const device = await this.frameDevice(caller)
    if (!(await isDeviceEnrolled(this.db, appId, entropyId, device.userId, device.jkt))) throw notEnrolled()
    return device
  }

  /** Registers a wallet the frame derived; the proof shows the caller holds its key. */
  async addWallet(
    appId: string,
    caller: FrameCaller,
    input: AddWalletInput,
  ): Promise<{ user: WireUser; wallet: { type: 'wallet'; address: string; [field: string]: unknown } }> {
    // A new secret makes this device its first holder; another wallet of an existing secret needs a holder.
    const device = input.shares ? await this.frameDevice(caller) : await this.enrolledDevice(appId, caller, input.entropy_id)
    const userId = device.userId
    await this.options.mfa?.require(userId, device.session, 'use')
    const address = normalizeWalletAddress(input.chain_type, input.address)
    if (!Number.isInteger(input.wallet_index) || input.wallet_index < 0) throw new ApiError('invalid_data', 'A negative walletIndex is invalid')
    // Before anything is stored: the caller must hold the key of the address it registers.
    await verifyRegistrationProof(input.chain_type, { appId, userId, address: input.address }, input.proof)
    const accounts = (await listLinkedAccounts(this.db, userId)).filter(isEmbedded)
    const details = accounts.map((a) => JSON.parse(a.details!) as Record<string, unknown>)
    const imported = Boolean(input.imported)
    const t = this.options.now()
    let secret: WalletSecretsTable | undefined

    if (input.shares) {
      if (input.entropy_id !== input.address) throw new ApiError('invalid_data', 'A new secret is identified by its first address')
      if (!imported) {
        if (input.wallet_index !== 0) throw new ApiError('invalid_data', 'An additional wallet requires an existing primary wallet')
        if (details.some((d) => !d.imported)) throw new ApiError('invalid_data', 'User already has an embedded wallet.')
      }
      secret = this.sealShares(appId, userId, input, imported ? 'private-key' : 'hd', t)
    } else {
      if (imported) throw new ApiError('invalid_data', 'An imported wallet brings its own shares')
      secret = await findWalletSecret(this.db, appId, input.entropy_id)
      if (!secret || secret.user_id !== userId || secret.kind !== 'hd') {
        throw new ApiError('embedded_wallet_not_found', 'Embedded wallet not found')
      }
    }
    if (!imported && details.some((d) => !d.imported && d.chain_type === input.chain_type && d.wallet_index === input.wallet_index)) {
      throw new ApiError('invalid_data', 'User already has an embedded wallet.')
    }

    const wallet = {
      id: randomId(),
      chain_type: input.chain_type,
      chain_id: CHAIN_IDS[input.chain_type],
      wallet_client: 'privy',
      wallet_client_type: 'privy',
      connector_type: imported ? 'embedded_imported' : 'embedded',
      wallet_index: imported ? 0 : input.wallet_index,
      recovery_method: secret.recovery_method,
      imported,
      delegated: false,
      entropy_id: secret.entropy_id,
      entropy_id_verifier: secret.entropy_id_verifier,
    }
    try {
      await this.db.transaction().execute(async (trx) => {
        if (input.shares) {
          await insertWalletSecret(trx, secret!)
          await enrollDevice(trx, appId, secret!.entropy_id, userId, device.jkt, t)
        }
        await insertLinkedAccount(trx, {
          id: wallet.id,
          user_id: userId,
          app_id: appId,
          type: 'wallet',
          address,
          verified_at: t,
          first_verified_at: t,
          latest_verified_at: t,
          details: JSON.stringify(wallet),
        })
        await recordUserEvent(trx, appId, 'user.wallet_created', userId, { wallet: { ...wallet, address, type: 'wallet' } })
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('invalid_data', 'This wallet is already registered.')
      throw error
    }
    const user = (await loadWireUser(this.db, userId))!
    return { user, wallet: { ...wallet, address, type: 'wallet' } }
  }

  /**
   * A secret for a user made in advance by the owner API (SECURITY.md "Wallets made in advance"):
   * the rows to insert in the transaction that creates the user. Only the sealed auth and recovery
   * shares are kept (automatic recovery); the user's first device receives the wallet by recovering.
   */
  async pregenerate(appId: string, userId: string, chains: ChainType[], t: number): Promise<PregeneratedRows> {
    const made = await pregenerateSecret(chains)
    const shareSet = `${PREGENERATED_SPLIT}${randomId()}`
    const context = this.context(appId, userId, made.entropyId, shareSet)
    const secret: WalletSecretsTable = {
      entropy_id: made.entropyId,
      app_id: appId,
      user_id: userId,
      entropy_id_verifier: made.entropyIdVerifier,
      kind: 'hd',
      share_set: shareSet,
      auth_share: this.authBox.seal(made.authShare, context),
      recovery_method: 'privy',
      recovery_share: this.recoveryBox.seal(made.recoveryShare, context),
      created_at: t,
      updated_at: t,
    }
    const accounts: LinkedAccountsTable[] = []
    const wallets: PregeneratedRows['wallets'] = []
    for (const { chain_type, address } of made.wallets) {
      const wallet = {
        id: randomId(),
        chain_type,
        chain_id: CHAIN_IDS[chain_type],
        wallet_client: 'privy',
        wallet_client_type: 'privy',
        connector_type: 'embedded',
        wallet_index: 0,
        recovery_method: 'privy',
        imported: false,
        delegated: false,
        entropy_id: made.entropyId,
        entropy_id_verifier: made.entropyIdVerifier,
      }
      const stored = normalizeWalletAddress(chain_type, address)
      accounts.push({
        id: wallet.id,
        user_id: userId,
        app_id: appId,
        type: 'wallet',
        address: stored,
        verified_at: t,
        first_verified_at: t,
        latest_verified_at: t,
        details: JSON.stringify(wallet),
      })
      wallets.push({ ...wallet, address: stored, type: 'wallet' })
    }
    return { secret, accounts, wallets }
  }

  private sealShares(appId: string, userId: string, input: AddWalletInput, kind: string, t: number): WalletSecretsTable {
    const shares = input.shares!
    const context = this.context(appId, userId, input.entropy_id, shares.share_set)
    return {
      entropy_id: input.entropy_id,
      app_id: appId,
      user_id: userId,
      entropy_id_verifier: input.entropy_id_verifier,
      kind,
      share_set: shares.share_set,
      auth_share: this.authBox.seal(shares.auth_share, context),
      recovery_method: shares.recovery_method,
      recovery_share: this.recoveryBox.seal(shares.recovery_share, context),
      created_at: t,
      updated_at: t,
    }
  }

  private async ownSecret(appId: string, userId: string, entropyId: string): Promise<WalletSecretsTable> {
    const secret = await findWalletSecret(this.db, appId, entropyId)
    // Someone else's wallet answers exactly like a missing one.
    if (!secret || secret.user_id !== userId) throw new ApiError('embedded_wallet_not_found', 'Embedded wallet not found')
    return secret
  }

  /**
   * The auth share, and for `recover` the recovery share (or its password envelope). Connect and
   * export need an enrolled device; recovering enrolls the device (and tells the user by e-mail).
   */
  async keyMaterial(appId: string, caller: FrameCaller, entropyId: string, purpose: KeyMaterialPurpose): Promise<KeyMaterial> {
    const includeRecovery = purpose === 'recover'
    const device = includeRecovery ? await this.frameDevice(caller) : await this.enrolledDevice(appId, caller, entropyId)
    const userId = device.userId
    if (purpose === 'export' && this.options.now() - device.authenticatedAt > this.options.exportLoginMaxAgeMs) {
      throw new ApiError('reauthentication_required', 'Log in again to export this wallet')
    }
    const mfaUntil = (await this.options.mfa?.require(userId, device.session, purpose === 'export' ? 'export' : 'use')) ?? 0
    // Per user, not per IP: the shares belong to the user, and a stolen token may come from anywhere.
    const { throttle } = this.options
    await throttle.hit(`key-material:${appId}:${userId}`, throttle.limits.keyMaterial)
    const secret = await this.ownSecret(appId, userId, entropyId)
    if (includeRecovery) await this.options.recoveryHold?.check(device.session, secret)
    const context = this.context(appId, userId, secret.entropy_id, secret.share_set)
    // Security events for the owner's audit log (services/audit.ts): a key export, a recovery onto a new device.
    const audit = (action: string) =>
      recordAudit(this.db, { appId, actor: { type: 'user', id: userId }, action, userId, details: { wallet: secret.entropy_id } }, this.options.now())
    if (purpose === 'export') await audit('wallet.export')
    // A secret made in advance that no device held yet: its first device receives it, it is not a new device.
    const firstReceipt =
      includeRecovery && secret.share_set.startsWith(PREGENERATED_SPLIT) && (await countSecretDevices(this.db, appId, secret.entropy_id)) === 0
    if (includeRecovery && (await enrollDevice(this.db, appId, secret.entropy_id, userId, device.jkt, this.options.now()))) {
      if (firstReceipt) await audit('wallet.received')
      else {
        await audit('wallet.recover_new_device')
        // The notice must not cost the user their wallet when mail is down: logged, not thrown.
        await this.noticeNewDevice(appId, userId).catch((error) => this.options.log?.warn({ err: error }, 'new-device notice not sent'))
      }
    }
    return {
      entropy_id: secret.entropy_id,
      entropy_id_verifier: secret.entropy_id_verifier,
      kind: secret.kind,
      share_set: secret.share_set,
      auth_share: this.authBox.open(secret.auth_share, context),
      recovery_method: secret.recovery_method,
      ...(includeRecovery ? { recovery_share: this.recoveryBox.open(secret.recovery_share, context) } : {}),
      mfa_verified_until: mfaUntil,
    }
  }

  /** To every verified contact (a recovery changes none, so these are the contacts from before it). */
  private async noticeNewDevice(appId: string, userId: string): Promise<void> {
    const { notices } = this.options
    if (notices) await notices.announce(appId, await notices.contacts(userId), { kind: 'new_device' })
  }

  /**
   * Replaces both server shares after the frame re-split the secret under a new recovery method:
   * a device enrolled for this secret, the live MFA proof, and the signature of the secret's own key
   * over the new shares (a device that cannot rebuild the secret would otherwise overwrite it).
   */
  async setRecovery(appId: string, caller: FrameCaller, entropyId: string, input: SharesInput & { proof?: string }): Promise<WireUser> {
    const { proof, ...shares } = input
    const { userId, session } = await this.enrolledDevice(appId, caller, entropyId)
    await this.options.mfa?.require(userId, session, 'use')
    const secret = await this.ownSecret(appId, userId, entropyId)
    const claim = { appId, userId, entropyId: secret.entropy_id, previousShareSet: secret.share_set, shareSet: shares.share_set }
    const sealed = { recoveryMethod: shares.recovery_method, authShare: shares.auth_share, recoveryShare: shares.recovery_share }
    await verifyShareSetProof(secret.entropy_id_verifier.startsWith('solana') ? 'solana' : 'ethereum', { ...claim, ...sealed }, proof)
    const context = this.context(appId, userId, secret.entropy_id, shares.share_set)
    const t = this.options.now()
    await updateWalletSecretShares(this.db, appId, entropyId, {
      share_set: shares.share_set,
      auth_share: this.authBox.seal(shares.auth_share, context),
      recovery_method: shares.recovery_method,
      recovery_share: this.recoveryBox.seal(shares.recovery_share, context),
      updated_at: t,
    })
    for (const account of (await listLinkedAccounts(this.db, userId)).filter(isEmbedded)) {
      const details = JSON.parse(account.details!) as Record<string, unknown>
      if (details.entropy_id !== entropyId) continue
      await setLinkedAccountDetails(this.db, account.id, JSON.stringify({ ...details, recovery_method: shares.recovery_method }))
    }
    return (await loadWireUser(this.db, userId))!
  }
}

/**
 * Delegated actions on the HTTP side (SECURITY.md "Delegated actions"): storing what the wallet
 * frame handed over after the user's consent, revoking it, and the `DelegatedSigner` the wallet API
 * signs through. This process never opens a sealed device share: it reads the rows, opens the auth
 * share (as it does for the frame) and passes both to the signer process, which answers a signature.
 */
import { delegationInfo } from '@gatehouse/contract'
import { ShareBox } from '../../crypto/share-box.js'
import { deleteDelegatedWallets, findDelegatedWallet, listDelegatedWallets, upsertDelegatedWallet } from '../../db/delegated-wallets.js'
import { isDeviceEnrolled } from '../../db/devices.js'
import { listLinkedAccounts, setLinkedAccountDetails } from '../../db/linked-accounts.js'
import type { Db, LinkedAccountsTable } from '../../db/schema.js'
import { findWalletSecret } from '../../db/wallet-secrets.js'
import { ApiError } from '../../errors.js'
import { recordAudit } from '../audit.js'
import type { EmbeddedWalletService, FrameCaller } from '../embedded-wallets.js'
import type { MfaService } from '../mfa.js'
import { loadWireUser, type WireUser } from '../users.js'
import { recordUserEvent } from '../webhook-events.js'
import type { DelegatedSignRequest, DelegatedSignResult, DelegatedSigner, DelegatedWalletRef } from './signer.js'
import { SignerClient, SignerRefusal, SignerUnavailableError, type SignerClientOptions } from './signer-client.js'
import type { SigningMaterial } from './signing-core.js'

export interface DelegationDeps {
  db: Db
  wallets: EmbeddedWalletService
  mfa: MfaService
  /** The same secret the wallet service seals auth shares with. */
  secret: string
  signer: SignerClientOptions
  now: () => number
}

export interface DelegateInput {
  share_set: string
  sealed_share: { enc: string; ct: string; key_id: string }
  delegated_wallets: { address: string; chain_type: 'ethereum' | 'solana' }[]
}

interface WalletDetails {
  id: string
  chain_type: string
  wallet_client_type?: string
  wallet_index?: number
  imported?: boolean
  delegated?: boolean
  entropy_id?: string
}

const detailsOf = (account: LinkedAccountsTable) => JSON.parse(account.details ?? '{}') as WalletDetails
const isEmbedded = (account: LinkedAccountsTable) => account.type === 'wallet' && detailsOf(account).wallet_client_type === 'privy'
const sameAddress = (chainType: string, a: string, b: string) => (chainType === 'ethereum' ? a.toLowerCase() === b.toLowerCase() : a === b)
const notDelegated = () => new ApiError('not_delegated', 'This wallet is not delegated')

export class DelegationService implements DelegatedSigner {
  private readonly authBox: ShareBox
  private readonly client: SignerClient

  constructor(private readonly deps: DelegationDeps) {
    this.authBox = new ShareBox(deps.secret, 'auth-share')
    this.client = new SignerClient(deps.signer)
  }

  /** The signing service's public key, for the frame to seal to. */
  async signerKey(): Promise<{ public_key: string; key_id: string; kem: 'DHKEM(X25519, HKDF-SHA256)'; kdf: 'HKDF-SHA256'; aead: 'AES-128-GCM' }> {
    const { publicKey, keyId } = await this.call<{ publicKey: string; keyId: string }>({ op: 'public_key' })
    return { public_key: publicKey, key_id: keyId, kem: 'DHKEM(X25519, HKDF-SHA256)', kdf: 'HKDF-SHA256', aead: 'AES-128-GCM' }
  }

  /**
   * Stores the sealed device share for the named wallets of one secret. The caller is the wallet
   * frame of a device enrolled for that secret (the same checks as key material), with the live
   * MFA proof when the user has MFA.
   */
  async delegate(appId: string, caller: FrameCaller, entropyId: string, input: DelegateInput): Promise<WireUser> {
    const device = await this.deps.wallets.frameDevice(caller)
    const userId = device.userId
    if (!(await isDeviceEnrolled(this.deps.db, appId, entropyId, userId, device.jkt))) {
      throw new ApiError('device_not_enrolled', 'This device does not hold this wallet yet: recover it first')
    }
    await this.deps.mfa.require(userId, device.session, 'use')
    const secret = await findWalletSecret(this.deps.db, appId, entropyId)
    if (!secret || secret.user_id !== userId) throw new ApiError('embedded_wallet_not_found', 'Embedded wallet not found')
    if (secret.share_set !== input.share_set) throw new ApiError('invalid_data', 'The share belongs to an older split of this wallet')
    const { key_id } = await this.signerKey()
    if (input.sealed_share.key_id !== key_id) throw new ApiError('invalid_data', 'The share is sealed to another signer key')
    const accounts = (await listLinkedAccounts(this.deps.db, userId)).filter(isEmbedded)
    const chosen = input.delegated_wallets.map((wanted) => {
      const account = accounts.find(
        (a) =>
          detailsOf(a).chain_type === wanted.chain_type && sameAddress(wanted.chain_type, a.address, wanted.address) && detailsOf(a).entropy_id === entropyId,
      )
      if (!account) throw new ApiError('invalid_data', 'Address to delegate is not associated with current user.')
      return account
    })
    const t = this.deps.now()
    const sealed = JSON.stringify({ enc: input.sealed_share.enc, ct: input.sealed_share.ct })
    await this.deps.db.transaction().execute(async (trx) => {
      for (const account of chosen) {
        const details = detailsOf(account)
        await upsertDelegatedWallet(trx, {
          wallet_id: account.id,
          app_id: appId,
          user_id: userId,
          entropy_id: entropyId,
          address: account.address,
          chain_type: details.chain_type,
          wallet_index: details.imported ? 0 : Number(details.wallet_index ?? 0),
          imported: details.imported ? 1 : 0,
          share_set: secret.share_set,
          sealed_share: sealed,
          signer_key_id: key_id,
          created_at: t,
        })
        await setLinkedAccountDetails(trx, account.id, JSON.stringify({ ...details, delegated: true }))
        const wallet = { id: account.id, address: account.address, chain_type: details.chain_type }
        await recordAudit(
          trx,
          { appId, actor: { type: 'user', id: userId }, action: 'wallet.delegated', userId, details: { wallet: wallet.address, wallet_id: wallet.id } },
          t,
        )
        await recordUserEvent(trx, appId, 'wallet.delegated', userId, { wallet })
      }
    })
    return (await loadWireUser(this.deps.db, userId))!
  }

  /**
   * Revokes every delegated wallet of the user: the rows holding the sealed shares are deleted, the
   * accounts' flags cleared, then the signer wipes the keys it rebuilt for them (after the delete: a
   * request racing the revoke finds no row, or its key is wiped; with no row no instance can sign). `deviceBound` says the call carried the session's device proof (the
   * API's device gate verified it); a session without a device key cannot revoke.
   */
  async revoke(appId: string, userId: string, deviceBound: boolean): Promise<WireUser> {
    if (!deviceBound) throw new ApiError('invalid_device_proof', 'Revoking needs a proof by the wallet frame of this session')
    const rows = await listDelegatedWallets(this.deps.db, appId, userId)
    if (rows.length === 0) throw new ApiError('no_delegated_wallets', 'The user has no delegated wallet')
    const t = this.deps.now()
    await this.deps.db.transaction().execute(async (trx) => {
      await deleteDelegatedWallets(trx, appId, userId)
      for (const account of (await listLinkedAccounts(trx, userId)).filter(isEmbedded)) {
        const details = detailsOf(account)
        if (!details.delegated && !rows.some((r) => r.wallet_id === account.id)) continue
        await setLinkedAccountDetails(trx, account.id, JSON.stringify({ ...details, delegated: false }))
      }
      for (const row of rows) {
        const wallet = { id: row.wallet_id, address: row.address, chain_type: row.chain_type }
        await recordAudit(
          trx,
          { appId, actor: { type: 'user', id: userId }, action: 'wallet.revoked', userId, details: { wallet: row.address, wallet_id: row.wallet_id } },
          t,
        )
        await recordUserEvent(trx, appId, 'wallet.revoked', userId, { wallet })
      }
    })
    await this.forgetKeys(rows).catch(() => 0)
    return (await loadWireUser(this.deps.db, userId))!
  }

  /**
   * Asks the signer to wipe the keys it keeps for these escrow rows; answers how many it wiped. Its
   * own expiry (GATEHOUSE_SIGNER_KEY_TTL_MS) bounds them when it cannot be reached.
   */
  async forgetKeys(rows: { app_id: string; user_id: string; entropy_id: string; share_set: string }[]): Promise<number> {
    const infos = [...new Set(rows.map((r) => delegationInfo({ appId: r.app_id, userId: r.user_id, entropyId: r.entropy_id, shareSet: r.share_set })))]
    return (await this.call<{ forgotten: number }>({ op: 'forget', infos })).forgotten
  }

  /** The escrow row and the secret's current row, or null when the wallet cannot be signed for. */
  private async escrow(ref: DelegatedWalletRef) {
    const row = await findDelegatedWallet(this.deps.db, ref.appId, ref.walletId)
    if (!row) return null
    const secret = await findWalletSecret(this.deps.db, row.app_id, row.entropy_id)
    // A new split (another recovery method) leaves the sealed share of the old one useless.
    if (!secret || secret.user_id !== row.user_id || secret.share_set !== row.share_set) return null
    return { row, secret }
  }

  async isDelegated(ref: DelegatedWalletRef): Promise<boolean> {
    return (await this.escrow(ref)) !== null
  }

  async sign(ref: DelegatedWalletRef, request: DelegatedSignRequest): Promise<DelegatedSignResult> {
    const escrow = await this.escrow(ref)
    if (!escrow) throw notDelegated()
    const { row, secret } = escrow
    const context = `${row.app_id}:${row.user_id}:${row.entropy_id}:${row.share_set}`
    const material: SigningMaterial = {
      sealed: JSON.parse(row.sealed_share) as SigningMaterial['sealed'],
      info: delegationInfo({ appId: row.app_id, userId: row.user_id, entropyId: row.entropy_id, shareSet: row.share_set }),
      authShare: this.authBox.open(secret.auth_share, context),
      kind: secret.kind === 'private-key' ? 'private-key' : 'hd',
      chainType: row.chain_type as 'ethereum' | 'solana',
      walletIndex: Number(row.wallet_index),
      address: row.address,
    }
    return this.call<DelegatedSignResult>({ op: 'sign', material, request })
  }

  private async call<T>(message: Parameters<SignerClient['request']>[0]): Promise<T> {
    try {
      return await this.client.request<T>(message)
    } catch (error) {
      if (error instanceof SignerRefusal) {
        if (error.code === 'invalid_data') throw new ApiError('invalid_data', error.message)
        throw new ApiError('delegation_unavailable', error.message)
      }
      if (error instanceof SignerUnavailableError) throw new ApiError('delegation_unavailable', 'The signing service is not available')
      throw error
    }
  }

  close(): Promise<void> {
    return this.client.close()
  }
}

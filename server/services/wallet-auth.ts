/**
 * What SIWE and SIWS share once a signature is proven: nonces, the domain binding, and turning a
 * wallet into a login (find or create the user), a link or an unlink. The chain-specific parts
 * (message format, signature scheme, address form) live in siwe.ts and siws.ts.
 */
import { randomBytes } from 'node:crypto'
import type { ServerConfig } from '../config.js'
import { randomId } from '../crypto/hash.js'
import { isUniqueViolation } from '../db/connect.js'
import { findLinkedAccount, insertLinkedAccount, listLinkedAccounts, markVerified } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable } from '../db/schema.js'
import { auditTransfer, type AccountService, type ProvenAccount } from './accounts.js'
import { takeAccountTransfer } from '../db/account-transfers.js'
import { insertWalletNonce, takeWalletNonce } from '../db/wallet-nonces.js'
import { sha256 } from '../crypto/hash.js'
import { ApiError } from '../errors.js'
import { describeAccount } from './account-notices.js'
import type { App } from './app-config.js'
import { isTrustedFetchUrl } from './trusted-url.js'
import type { AuthResponse, SessionService } from './sessions.js'
import type { CaptchaService } from './captcha.js'
import type { Throttle } from './throttle.js'
import { loadWireUser, type WireUser } from './users.js'
import { recordUserEvent, wireAccount } from './webhook-events.js'

export type ChainType = 'ethereum' | 'solana'
export type AuthMode = 'login-or-sign-up' | 'no-signup'

/** A nonce lives 10 minutes: long enough to find the wallet and read the prompt, short enough not to pile up. */
export const WALLET_NONCE_TTL_MS = 10 * 60 * 1000
/** Linked-account type of every external wallet (both chains); chain_type in details tells them apart. */
export const WALLET_ACCOUNT_TYPE = 'wallet'
/** At most this many external wallets per chain type per user (spec: 1 account of each type). */
export const MAX_WALLETS_PER_CHAIN = 1

/** A wallet whose signature has been verified, as it goes into `linked_accounts`. */
export interface VerifiedWallet {
  chainType: ChainType
  /** Normalised: EIP-55 checksummed for Ethereum, base58 as given for Solana. */
  address: string
  /** 'eip155:N' for Ethereum, the cluster ('mainnet', 'devnet', …) for Solana. */
  chainId: string
  walletClientType: string
  connectorType: string
}

export interface WalletAuthDeps {
  db: Db
  sessions: SessionService
  throttle: Throttle
  captcha: CaptchaService
  config: ServerConfig
  now: () => number
  /** Shared transfer nonces: a wallet of another user can be moved like any account. */
  accounts: AccountService
}

/** Spec part 1 §5: "a wallet transfer needs wallet metadata" — the wallet as the client connected it. */
export interface ExternalWalletMetadata {
  walletClientType: string
  /** CAIP-2 ('eip155:1') for Ethereum, the cluster for Solana. */
  chainId: string
  connectorType: string
}

const LOCAL_DOMAIN = /^(localhost|127\.0\.0\.1)(:\d{1,5})?$/
/** Spec part 1 §5, whoever asks and whatever the client calls the wallet. */
export const EMBEDDED_WALLET_REFUSED = 'An embedded wallet cannot be linked, unlinked or used to log in.'
const embeddedRefused = () => new ApiError('invalid_data', EMBEDDED_WALLET_REFUSED)
const invalidSignature = (why: string) => new ApiError('invalid_credentials', `Invalid wallet signature: ${why}`)

const detailsOf = (account: LinkedAccountsTable): Record<string, unknown> => {
  try {
    return account.details ? (JSON.parse(account.details) as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Embedded wallets ('privy' client) are keys we hold for the user: never a way in (spec part 1 §5). */
export const isEmbeddedWallet = (account: LinkedAccountsTable) => account.type === WALLET_ACCOUNT_TYPE && detailsOf(account).wallet_client_type === 'privy'

export class WalletAuthService {
  constructor(private readonly deps: WalletAuthDeps) {}

  /** The captcha gate of a nonce request (SIWE and SIWS init); runs before the address is even read. */
  checkCaptcha(app: App, token: string | null | undefined, ip: string): Promise<void> {
    return this.deps.captcha.check(app, token, ip)
  }

  /** Issues a single-use nonce bound to the app, chain type and address. */
  async issueNonce(app: App, chainType: ChainType, address: string, ip: string): Promise<string> {
    const { throttle, db, now } = this.deps
    await throttle.ipHit('wallet-init', ip, throttle.limits.ipInit)
    // Hex is alphanumeric, as EIP-4361 requires of a nonce; 128 bits cannot be guessed.
    const nonce = randomBytes(16).toString('hex')
    const t = now()
    await insertWalletNonce(db, { nonce, app_id: app.id, chain_type: chainType, address, created_at: t, expires_at: t + WALLET_NONCE_TTL_MS })
    return nonce
  }

  /** Spends the nonce of a signed message; it must be live and issued for this chain type and address. */
  async spendNonce(app: App, chainType: ChainType, nonce: string, address: string, ip: string): Promise<void> {
    const { throttle, db, now } = this.deps
    await throttle.ipHit('wallet-auth', ip, throttle.limits.ipAuthenticate)
    const row = await takeWalletNonce(db, app.id, nonce)
    if (!row || row.expires_at <= now()) throw invalidSignature('unknown, used or expired nonce')
    if (row.chain_type !== chainType || row.address !== address) throw invalidSignature('nonce was issued for another address')
  }

  /**
   * The message's domain must be where the user is: the page that sent the request (Origin) and
   * one the app allows (any localhost in development). A phishing page can get a signature for
   * its own domain, but that domain is not the app's, so the signature is useless here.
   */
  checkDomain(app: App, domain: string, origin: string | undefined): void {
    if (origin) {
      let host: string | null = null
      try {
        host = new URL(origin).host
      } catch {
        host = null
      }
      if (host !== domain) throw invalidSignature(`message domain ${domain} is not the requesting origin`)
    }
    if (this.deps.config.dev && LOCAL_DOMAIN.test(domain)) return
    const allowed = app.settings.allowedOrigins.some((o) => {
      try {
        return new URL(o).host === domain
      } catch {
        return false
      }
    })
    if (!allowed) throw invalidSignature(`message domain ${domain} is not an allowed origin of this app`)
  }

  /**
   * The app's RPC for a chain, when it may be trusted with contract-wallet answers: https, or any
   * URL in development (a row written before that rule was enforced gets no say in production).
   */
  rpcUrl(app: App, chain: string): string | null {
    // A chain with the app's smart wallets is checked on that chain's own RPC unless the owner named another.
    const smartWalletChain = app.config.smartWallets?.enabled && app.config.smartWallets.chains.some((c) => `eip155:${c.id}` === chain)
    const url = app.settings.rpcUrls?.[chain] ?? (smartWalletChain ? app.config.chains.find((c) => `eip155:${c.id}` === chain)?.rpcUrl : undefined)
    return url && isTrustedFetchUrl(url, this.deps.config.dev) ? url : null
  }

  /** A client that says its wallet is embedded is refused before anything is looked up. */
  refuseEmbedded(walletClientType: string | undefined): void {
    if (walletClientType === 'privy') throw embeddedRefused()
  }

  /**
   * Logs in the wallet's user, or signs one up (spec part 1 §4: mode no-signup refuses new users).
   * Allowlist, sign-up rules, user limit and racing first logins are AccountService's, as for every method.
   */
  async login(app: App, wallet: VerifiedWallet, mode: AuthMode | undefined): Promise<AuthResponse> {
    const existing = await findLinkedAccount(this.deps.db, app.id, WALLET_ACCOUNT_TYPE, wallet.address)
    if (existing && isEmbeddedWallet(existing)) throw embeddedRefused()
    return this.deps.accounts.loginOrSignUp(app, this.proven(wallet), { mode })
  }

  /** Links the wallet to the signed-in user; answers the updated user. */
  async link(app: App, userId: string, wallet: VerifiedWallet): Promise<WireUser> {
    const { db, now } = this.deps
    // A guest links nothing, an external wallet included (spec part 1 §5).
    await this.deps.accounts.linkingUser(userId)
    const t = now()
    const existing = await findLinkedAccount(db, app.id, WALLET_ACCOUNT_TYPE, wallet.address)
    // Embedded wallets never move, nor become external ones (not even of their owner); an external
    // wallet can move, through the shared transfer nonce.
    if (existing && isEmbeddedWallet(existing)) throw embeddedRefused()
    if (existing && existing.user_id !== userId) {
      throw await this.deps.accounts.transferRequired(app, userId, existing, { type: WALLET_ACCOUNT_TYPE, address: wallet.address })
    }
    if (existing) {
      await markVerified(db, existing.id, t)
    } else {
      const accounts = await listLinkedAccounts(db, userId)
      const sameChain = accounts.filter((a) => a.type === WALLET_ACCOUNT_TYPE && !isEmbeddedWallet(a) && detailsOf(a).chain_type === wallet.chainType)
      if (sameChain.length >= MAX_WALLETS_PER_CHAIN) {
        throw new ApiError('cannot_link_more_of_type', `User already has an account of type ${WALLET_ACCOUNT_TYPE} linked.`)
      }
      await this.deps.accounts.noticed(app, userId, { kind: 'linked', what: describeAccount(WALLET_ACCOUNT_TYPE, wallet.address) }, async () => {
        try {
          const row = this.accountRow(app, userId, wallet, t)
          await db.transaction().execute(async (trx) => {
            await insertLinkedAccount(trx, row)
            await recordUserEvent(trx, app.id, 'user.linked_account', userId, { account: wireAccount(row) })
          })
        } catch (error) {
          if (!isUniqueViolation(error)) throw error
          throw new ApiError('linked_to_another_user', 'This account has already been linked to another user.')
        }
      })
    }
    return (await loadWireUser(db, userId))!
  }

  /**
   * Spends a transfer nonce from `link`: the wallet moves to the signed-in user with the metadata
   * of the connection that proved it, and the user who held it is deleted (spec part 1 §1), unless
   * that user holds an embedded wallet (AccountService.deletePreviousOwner).
   */
  async transfer(app: App, userId: string, chainType: ChainType, nonce: string, metadata: ExternalWalletMetadata): Promise<WireUser> {
    const { db, now, accounts } = this.deps
    await accounts.linkingUser(userId)
    this.refuseEmbedded(metadata.walletClientType)
    const t = now()
    const pending = await takeAccountTransfer(db, sha256(nonce))
    if (!pending || pending.app_id !== app.id || pending.user_id !== userId || pending.type !== WALLET_ACCOUNT_TYPE || pending.expires_at <= t) {
      throw new ApiError('invalid_data', 'Invalid or expired account transfer nonce.')
    }
    const account = await findLinkedAccount(db, app.id, WALLET_ACCOUNT_TYPE, pending.address)
    if (!account) throw new ApiError('invalid_data', 'The account to transfer no longer exists.')
    const details = detailsOf(account)
    if (details.chain_type !== chainType) throw new ApiError('invalid_data', `This transfer is not for a ${chainType} wallet.`)
    if (isEmbeddedWallet(account)) throw embeddedRefused()
    if (account.user_id === userId) return (await loadWireUser(db, userId))!
    const mine = await listLinkedAccounts(db, userId)
    if (mine.filter((a) => a.type === WALLET_ACCOUNT_TYPE && !isEmbeddedWallet(a) && detailsOf(a).chain_type === chainType).length >= MAX_WALLETS_PER_CHAIN) {
      throw new ApiError('cannot_link_more_of_type', `User already has an account of type ${WALLET_ACCOUNT_TYPE} linked.`)
    }
    const moved = JSON.stringify({
      ...details,
      chain_id: metadata.chainId,
      wallet_client_type: metadata.walletClientType,
      connector_type: metadata.connectorType,
    })
    const previousOwner = account.user_id
    const event = { kind: 'linked', what: describeAccount(WALLET_ACCOUNT_TYPE, account.address) } as const
    await accounts.noticed(app, userId, event, () =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('linked_accounts')
          .set({ user_id: userId, details: moved, verified_at: t, latest_verified_at: t, bound_at: t })
          .where('id', '=', account.id)
          .execute()
        await accounts.deletePreviousOwner(trx, previousOwner)
        await auditTransfer(trx, app.id, userId, previousOwner, WALLET_ACCOUNT_TYPE, t)
        await accounts.recordTransfer(trx, app, userId, account.id, previousOwner)
      }),
    )
    return (await loadWireUser(db, userId))!
  }

  /** Removes an external wallet from the signed-in user; the last way in cannot go. */
  async unlink(app: App, userId: string, address: string): Promise<WireUser> {
    const { db } = this.deps
    const account = await findLinkedAccount(db, app.id, WALLET_ACCOUNT_TYPE, address)
    if (!account || account.user_id !== userId) throw new ApiError('invalid_data', 'This wallet is not linked to the user.')
    if (isEmbeddedWallet(account)) throw embeddedRefused()
    const accounts = await listLinkedAccounts(db, userId)
    if (accounts.length <= 1) throw new ApiError('invalid_data', 'Cannot unlink the only login method of a user.')
    await this.deps.accounts.noticed(app, userId, { kind: 'unlinked', what: describeAccount(WALLET_ACCOUNT_TYPE, address) }, () =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('linked_accounts').where('id', '=', account.id).execute()
        await recordUserEvent(trx, app.id, 'user.unlinked_account', userId, { account: wireAccount(account) })
      }),
    )
    return (await loadWireUser(db, userId))!
  }

  /** The wallet as an account (spec Wallet account fields, wire names, in `details`). */
  private proven(wallet: VerifiedWallet): ProvenAccount {
    return {
      type: WALLET_ACCOUNT_TYPE,
      address: wallet.address,
      details: {
        chain_type: wallet.chainType,
        chain_id: wallet.chainId,
        wallet_client: 'unknown',
        wallet_client_type: wallet.walletClientType,
        connector_type: wallet.connectorType,
      },
    }
  }

  private accountRow(app: App, userId: string, wallet: VerifiedWallet, t: number): LinkedAccountsTable {
    const { type, address, details } = this.proven(wallet)
    return {
      id: randomId(),
      user_id: userId,
      app_id: app.id,
      type,
      address,
      verified_at: t,
      first_verified_at: t,
      latest_verified_at: t,
      details: JSON.stringify(details),
    }
  }
}

const perServer = new WeakMap<object, WalletAuthService>()

/** The one WalletAuthService of a server (routes of both chains share it). */
export function walletAuthFor(gatehouse: WalletAuthDeps & object): WalletAuthService {
  let service = perServer.get(gatehouse)
  if (!service) {
    service = new WalletAuthService(gatehouse)
    perServer.set(gatehouse, service)
  }
  return service
}

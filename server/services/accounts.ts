/**
 * Linked accounts for every login method: login-or-sign-up by an account, link,
 * unlink, update, and account transfer. Methods only prove an account (`type` + normalised
 * `address` + `details`) and hand it here, so the rules of spec part 1 §5 live in one place
 * (the owner's admission rules in login-gate.ts, applied to every login here).
 */
import { randomId, sha256 } from '../crypto/hash.js'
import { embeddedWalletsOf, LINKED_TO_ANOTHER_USER_MESSAGE, transferRequired } from './account-transfer-nonce.js'
import { takeAccountTransfer } from '../db/account-transfers.js'
import { recordLoginEvent } from '../db/analytics.js'
import { isUniqueViolation } from '../db/connect.js'
import {
  countLinkedAccountsOfType,
  deleteLinkedAccount,
  findLinkedAccount,
  insertLinkedAccount,
  listLinkedAccounts,
  markVerified,
  moveLinkedAccount,
  replaceLinkedAccountAddress,
} from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable, UsersTable } from '../db/schema.js'
import { insertSession } from '../db/sessions.js'
import { deleteUser, findUser, insertUser } from '../db/users.js'
import { listWalletSecrets } from '../db/wallet-secrets.js'
import { TRANSFER_BLOCKED_BY_WALLET_MESSAGE } from '@gatehouse/contract'
import { ApiError } from '../errors.js'
import { recordAudit } from './audit.js'
import type { App } from './app-config.js'
import type { AuthMode, ProvenAccount } from './proven-account.js'
import { admitLogin, admitSignUp } from './login-gate.js'
import type { AuthResponse, SessionService } from './sessions.js'
import type { Throttle } from './throttle.js'
import { listMfaFactors } from '../db/mfa.js'
import { toWireUser, type WireUser } from './users.js'
import { describeAccount, type AccountEvent, type AccountNotices } from './account-notices.js'
import { recordEvent, recordEvents } from './events.js'
import { recordUserEvent, wireAccount } from './webhook-events.js'

export type { AuthMode, ProvenAccount } from './proven-account.js'

/** Spec §5: at most 1 account of each type, 5 passkeys. Features may raise their type's limit here. */
export const ACCOUNT_TYPE_LIMITS: Record<string, number> = { passkey: 5 }
export const limitOfType = (type: string) => ACCOUNT_TYPE_LIMITS[type] ?? 1

export { LINKED_TO_ANOTHER_USER_MESSAGE, NON_TRANSFERABLE_TYPES, TRANSFER_TTL_MS } from './account-transfer-nonce.js'

export interface AccountDeps {
  db: Db
  sessions: SessionService
  throttle: Throttle
  now: () => number
  /** Every link, unlink, address change and transfer is announced to the contacts from before it. */
  notices?: AccountNotices
}

/** Whether the user holds key shares of an embedded wallet, or an embedded wallet account. */
export async function holdsEmbeddedWallet(db: Db, userId: string): Promise<boolean> {
  if ((await listWalletSecrets(db, userId)).length > 0) return true
  return (await listLinkedAccounts(db, userId)).some((a) => {
    if (a.type !== 'wallet' || !a.details) return false
    return (JSON.parse(a.details) as { wallet_client_type?: string }).wallet_client_type === 'privy'
  })
}

export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /**
   * A login by proof: counts the attempt against the caller's per-IP login throttle before the
   * proof is checked (so guessing costs a throttle hit), then logs in or signs up its owner.
   *
   * @example
   * await accounts.authenticate(app, request.ip, () => verifyCustomToken(app, token, now(), { dev }), { mode })
   */
  async authenticate(
    app: App,
    ip: string,
    prove: () => ProvenAccount | Promise<ProvenAccount>,
    options: { mode?: AuthMode; isGuest?: boolean } = {},
  ): Promise<AuthResponse> {
    await this.deps.throttle.loginAttempt(ip)
    return this.loginOrSignUp(app, await prove(), options)
  }

  /**
   * Logs in the owner of `proven`, or signs up a new user holding it, once the app's rules admit
   * it (login-gate.ts: method switch, allowlist, sign-up, user limit). Two first logins racing on
   * one address end as one user.
   */
  async loginOrSignUp(app: App, proven: ProvenAccount, options: { mode?: AuthMode; isGuest?: boolean } = {}): Promise<AuthResponse> {
    const { db, sessions, now } = this.deps
    const t = now()
    const existing = await findLinkedAccount(db, app.id, proven.type, proven.address)
    if (existing) {
      await admitLogin(db, app, proven, existing.user_id)
      return this.loginExisting(app, existing, t)
    }
    await admitSignUp(db, app, proven, options)
    const user: UsersTable = { id: `did:privy:${randomId()}`, app_id: app.id, created_at: t, has_accepted_terms: 0, is_guest: options.isGuest ? 1 : 0 }
    const account = this.row(app, user.id, proven, t)
    const rows = sessions.newSession(app.id, user.id, account.id)
    const wire = toWireUser(user, [account])
    try {
      // One transaction: user, account, session and their webhook events appear together (and SQLite commits once).
      await db.transaction().execute(async (trx) => {
        await insertUser(trx, user)
        await insertLinkedAccount(trx, account)
        await insertSession(trx, rows.session, rows.token)
        await recordLoginEvent(trx, { id: rows.sessionId, app_id: app.id, user_id: user.id, method: proven.type, new_user: 1, created_at: t })
        await recordEvents(
          trx,
          app.id,
          [
            ['user.created', { user: wire }],
            ['user.authenticated', { user: wire, account: wire.linked_accounts[0] }],
          ],
          t,
        )
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const winner = await findLinkedAccount(db, app.id, proven.type, proven.address)
      if (!winner) throw error
      return this.loginExisting(app, winner, t)
    }
    return sessions.respond(app.id, rows.sessionId, wire, rows.refreshToken, true)
  }

  private async loginExisting(app: App, account: LinkedAccountsTable, t: number): Promise<AuthResponse> {
    const { db, sessions } = this.deps
    const [user, accounts, factors] = await Promise.all([
      findUser(db, account.user_id),
      listLinkedAccounts(db, account.user_id),
      listMfaFactors(db, account.user_id),
    ])
    if (!user) throw new Error(`linked account ${account.id} has no user`)
    const rows = sessions.newSession(app.id, user.id, account.id)
    const verified = accounts.map((a) => (a.id === account.id ? { ...a, verified_at: t, latest_verified_at: t } : a))
    const wire = toWireUser(user, verified, factors)
    await db.transaction().execute(async (trx) => {
      await markVerified(trx, account.id, t)
      await insertSession(trx, rows.session, rows.token)
      await recordLoginEvent(trx, { id: rows.sessionId, app_id: app.id, user_id: user.id, method: account.type, new_user: 0, created_at: t })
      await recordEvent(trx, app.id, 'user.authenticated', { user: wire, account: wireAccount({ ...account, verified_at: t, latest_verified_at: t }) }, t)
    })
    return sessions.respond(app.id, rows.sessionId, wire, rows.refreshToken, false)
  }

  /** The signed-in user who may link: exists, and is not a guest (spec §5). */
  async linkingUser(userId: string): Promise<UsersTable> {
    const user = await findUser(this.deps.db, userId)
    if (!user) throw new ApiError('must_be_authenticated', 'User must be authenticated')
    if (Number(user.is_guest)) throw new ApiError('invalid_data', 'Guest accounts cannot link login methods.')
    return user
  }

  /**
   * Links a proven account to the signed-in user. Already theirs: just re-verified. On another
   * user: `account_transfer_required` with a nonce (or `linked_to_another_user` for types that
   * cannot move). Over the type's limit: `cannot_link_more_of_type`.
   */
  async link(app: App, userId: string, proven: ProvenAccount): Promise<WireUser> {
    const { db, now } = this.deps
    await this.linkingUser(userId)
    const t = now()
    const existing = await findLinkedAccount(db, app.id, proven.type, proven.address)
    if (existing?.user_id === userId) {
      await markVerified(db, existing.id, t)
      return this.wireUser(userId)
    }
    await this.checkLimit(userId, proven.type)
    if (existing) throw await this.transferRequired(app, userId, existing, proven)
    await this.noticed(app, userId, { kind: 'linked', what: describeAccount(proven.type, proven.address) }, async () => {
      try {
        const row = this.row(app, userId, proven, t)
        await db.transaction().execute(async (trx) => {
          await insertLinkedAccount(trx, row)
          await recordUserEvent(trx, app.id, 'user.linked_account', userId, { account: wireAccount(row) })
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        throw new ApiError('linked_to_another_user', LINKED_TO_ANOTHER_USER_MESSAGE)
      }
    })
    return this.wireUser(userId)
  }

  /** Removes one of the user's accounts. A passkey enrolled in MFA stays; so does the last account. */
  async unlink(app: App, userId: string, type: string, address: string): Promise<WireUser> {
    const { db } = this.deps
    const account = await findLinkedAccount(db, app.id, type, address)
    if (!account || account.user_id !== userId) throw new ApiError('invalid_data', `No ${type} account ${address} is linked to this user.`)
    const details = account.details ? (JSON.parse(account.details) as Record<string, unknown>) : {}
    if (type === 'passkey' && details.enrolled_in_mfa) throw new ApiError('invalid_data', 'Cannot unlink a passkey enrolled in MFA')
    const all = await listLinkedAccounts(db, userId)
    if (all.length <= 1) throw new ApiError('invalid_data', 'Cannot unlink the only login method of this user.')
    await this.noticed(app, userId, { kind: 'unlinked', what: describeAccount(type, address) }, () =>
      db.transaction().execute(async (trx) => {
        await deleteLinkedAccount(trx, account.id)
        await recordUserEvent(trx, app.id, 'user.unlinked_account', userId, { account: wireAccount(account) })
      }),
    )
    return this.wireUser(userId)
  }

  /** Replaces the user's account of `type` (e-mail or phone update): the old one must be theirs. */
  async update(app: App, userId: string, oldAddress: string, next: ProvenAccount, missingMessage: string): Promise<WireUser> {
    const { db, now } = this.deps
    await this.linkingUser(userId)
    const current = await findLinkedAccount(db, app.id, next.type, oldAddress)
    if (!current || current.user_id !== userId) throw new ApiError('invalid_data', missingMessage)
    const taken = await findLinkedAccount(db, app.id, next.type, next.address)
    if (taken && taken.id !== current.id) throw new ApiError('linked_to_another_user', LINKED_TO_ANOTHER_USER_MESSAGE)
    await this.noticed(app, userId, { kind: 'address_changed', what: next.address }, async () => {
      try {
        await db.transaction().execute(async (trx) => {
          await replaceLinkedAccountAddress(trx, current.id, next.address, next.details ? JSON.stringify(next.details) : null, now())
          const updated = await findLinkedAccount(trx, app.id, next.type, next.address)
          await recordUserEvent(trx, app.id, 'user.updated_account', userId, { account: updated && wireAccount(updated), previous_address: oldAddress })
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        throw new ApiError('linked_to_another_user', LINKED_TO_ANOTHER_USER_MESSAGE)
      }
    })
    return this.wireUser(userId)
  }

  /**
   * Spends a transfer nonce: the account moves to the signed-in user and the user who held it is
   * deleted with everything else of theirs (spec §1: "the other account is deleted"). One who holds
   * an embedded wallet goes only with `confirmWalletDeletion` (the user checked that account's
   * assets and confirmed); otherwise `account_has_embedded_wallet` and nothing moves.
   */
  async transfer(app: App, userId: string, type: string, nonce: string, confirmWalletDeletion = false): Promise<WireUser> {
    const { db, now } = this.deps
    await this.linkingUser(userId)
    const t = now()
    const pending = await takeAccountTransfer(db, sha256(nonce))
    if (!pending || pending.app_id !== app.id || pending.user_id !== userId || pending.type !== type || pending.expires_at <= t) {
      throw new ApiError('invalid_data', 'Invalid or expired account transfer nonce.')
    }
    const account = await findLinkedAccount(db, app.id, pending.type, pending.address)
    if (!account) throw new ApiError('invalid_data', 'The account to transfer no longer exists.')
    if (account.user_id !== userId) {
      await this.checkLimit(userId, type)
      const previousOwner = account.user_id
      const moved = { kind: 'linked', what: describeAccount(account.type, account.address) } as const
      await this.noticed(app, userId, moved, () =>
        db.transaction().execute(async (trx) => {
          await moveLinkedAccount(trx, account.id, userId, t)
          await this.deletePreviousOwner(trx, previousOwner, confirmWalletDeletion)
          await auditTransfer(trx, app.id, userId, previousOwner, type, t)
          await this.recordTransfer(trx, app, userId, account.id, previousOwner)
        }),
      )
    }
    return this.wireUser(userId)
  }

  /**
   * Deletes the user an account was transferred away from (spec §1: "the other account is
   * deleted"), in the transfer's transaction. One who holds an embedded wallet only with
   * `confirmWalletDeletion`: its key shares go with it, and the wallet's assets with them unless
   * exported first, so the user must have seen that account's wallets ('Check account assets before
   * transferring') and confirmed; without it the whole transfer is refused.
   */
  async deletePreviousOwner(trx: Db, previousOwner: string, confirmWalletDeletion = false): Promise<void> {
    const embedded = await embeddedWalletsOf(trx, previousOwner)
    if (!confirmWalletDeletion && (embedded.length > 0 || (await holdsEmbeddedWallet(trx, previousOwner)))) {
      throw new ApiError('account_has_embedded_wallet', TRANSFER_BLOCKED_BY_WALLET_MESSAGE, { embedded_wallets: embedded })
    }
    const user = await findUser(trx, previousOwner)
    const linkedAccounts = (await listLinkedAccounts(trx, previousOwner)).length
    await deleteUser(trx, previousOwner)
    // As every deletion (services/owner-users.ts): the webhook event and the owner's audit row, in the transfer's transaction.
    if (user) {
      const t = this.deps.now()
      const details = { reason: 'account_transfer', linked_accounts: linkedAccounts, embedded_wallets: embedded }
      await recordEvent(trx, user.app_id, 'user.deleted', { user_id: previousOwner }, t)
      await recordAudit(trx, { appId: user.app_id, actor: { type: 'system' }, action: 'user.delete', userId: previousOwner, details }, t)
    }
  }

  /** `user.transferred_account`, in the transfer's transaction: the account as it now is, and the user it left (deleted). */
  async recordTransfer(trx: Db, app: App, userId: string, accountId: string, previousOwner: string): Promise<void> {
    const moved = await trx.selectFrom('linked_accounts').selectAll().where('id', '=', accountId).executeTakeFirst()
    await recordUserEvent(trx, app.id, 'user.transferred_account', userId, {
      account: moved && wireAccount(moved),
      from_user: { id: previousOwner },
      deleted_user: true,
    })
  }

  async wireUser(userId: string): Promise<WireUser> {
    const [user, accounts, factors] = await Promise.all([
      findUser(this.deps.db, userId),
      listLinkedAccounts(this.deps.db, userId),
      listMfaFactors(this.deps.db, userId),
    ])
    if (!user) throw new ApiError('must_be_authenticated', 'User must be authenticated')
    return toWireUser(user, accounts, factors)
  }

  /** `change`, announced to the user's contacts from before it (account-notices.ts). */
  noticed<T>(app: App, userId: string, event: AccountEvent, change: () => Promise<T>): Promise<T> {
    return this.deps.notices ? this.deps.notices.around(app.id, userId, event, change) : change()
  }

  private async checkLimit(userId: string, type: string): Promise<void> {
    if ((await countLinkedAccountsOfType(this.deps.db, userId, type)) >= limitOfType(type)) {
      throw new ApiError('cannot_link_more_of_type', `User already has an account of type ${type} linked.`)
    }
  }

  /** The `account_transfer_required` answer (with a fresh nonce) for an account another user holds. */
  transferRequired(app: App, userId: string, existing: LinkedAccountsTable, proven: ProvenAccount): Promise<ApiError> {
    return transferRequired(this.deps.db, this.deps.now(), app, userId, existing, proven)
  }

  private row(app: App, userId: string, proven: ProvenAccount, t: number): LinkedAccountsTable {
    return {
      id: randomId(),
      user_id: userId,
      app_id: app.id,
      type: proven.type,
      address: proven.address,
      verified_at: t,
      first_verified_at: t,
      latest_verified_at: t,
      details: proven.details ? JSON.stringify(proven.details) : null,
    }
  }
}

/** The audit row of an account transfer (services/audit.ts): the signed-in user took `type` from `from`. */
export function auditTransfer(trx: Db, appId: string, userId: string, from: string, type: string, now: number): Promise<string> {
  return recordAudit(trx, { appId, actor: { type: 'user', id: userId }, action: 'account.transfer', userId, details: { type, from } }, now)
}

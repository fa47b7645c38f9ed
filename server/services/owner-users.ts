/**
 * The app owner's users (issue #27, point 2): list, search, read, create, custom metadata, delete,
 * import and export. Routes call `authorizeOwner` first and pass its answer here as the actor of
 * the audit row. A creation or deletion writes its `user.created` / `user.deleted` event in the
 * transaction of the change (the outbox, services/events.ts).
 */
import { isValidEmail, type WireUser } from '@gatehouse/contract'
import { CUSTOM_METADATA_MAX_BYTES } from '@gatehouse/contract/routes'
import { getAddress } from 'viem'
import { randomId } from '../crypto/hash.js'
import { isUniqueViolation } from '../db/connect.js'
import { findLinkedAccount, insertLinkedAccount } from '../db/linked-accounts.js'
import {
  findAppUser,
  loadUserBatch,
  pageUsers,
  revokeUserSessions,
  setCustomMetadata,
  usersByAccount,
  type UserBatch,
  type UserFilter,
  type UserKey,
} from '../db/owner-users.js'
import type { Db, LinkedAccountsTable, UsersTable } from '../db/schema.js'
import { deleteUser, insertUser } from '../db/users.js'
import { insertWalletSecret } from '../db/wallet-secrets.js'
import { ApiError } from '../errors.js'
import { recordAudit, type AuditEntry } from './audit.js'
import { normalizeWalletAddress, type ChainType, type EmbeddedWalletService, type PregeneratedRows } from './embedded-wallets.js'
import { recordEvent } from './events.js'
import { normalizePhone } from './passwordless-sms.js'
import { toWireUser } from './users.js'
import { recordUserEvent } from './webhook-events.js'

export type CustomMetadata = Record<string, string | number | boolean>

export interface OwnerWallet {
  address: string
  chain_type: string
  recovery_method: string | null
  imported: boolean
  created_at: number
  /** False until a device of the user holds a share: a wallet made in advance before the user's first login cannot sign yet. */
  on_device: boolean
}

export type OwnerUser = WireUser & { sessions_count: number; wallets: OwnerWallet[] }

/** Who made a change, as the audit log names them (authorizeOwner's answer and the client address). */
export interface OwnerActor {
  actor: AuditEntry['actor']
  ip: string | null
}

/** An account to give a new user: a login method in the form its login stores it. */
interface NewAccount {
  type: string
  address: string
  details: Record<string, unknown> | null
}

export type ImportLineStatus = 'created' | 'exists' | 'failed'
export interface ImportLineReport {
  line: number
  status: ImportLineStatus
  user_id?: string
  code?: string
  error?: string
}

const seconds = (ms: number) => Math.floor(Number(ms) / 1000)
const invalid = (message: string) => new ApiError('invalid_data', message)
const detailsOf = (a: LinkedAccountsTable) => (a.details ? (JSON.parse(a.details) as Record<string, unknown>) : {})
const isEmbedded = (a: LinkedAccountsTable) => a.type === 'wallet' && detailsOf(a).wallet_client_type === 'privy'
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** The cursor of a page: the (created_at, id) of its last user, opaque to callers. */
export const encodeCursor = (key: UserKey) => Buffer.from(JSON.stringify([Number(key.created_at), key.id])).toString('base64url')

export function decodeCursor(cursor: string): UserKey {
  try {
    const [created_at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[]
    if (typeof created_at === 'number' && Number.isSafeInteger(created_at) && typeof id === 'string') return { created_at, id }
  } catch {
    // falls through to the answer below
  }
  throw invalid('Invalid cursor')
}

/** A metadata object within the limits (flat, scalar values, at most CUSTOM_METADATA_MAX_BYTES as JSON); invalid_data otherwise. */
export function checkCustomMetadata(value: unknown): CustomMetadata {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('custom_metadata must be a JSON object')
  const entries = Object.entries(value)
  if (entries.length > 32) throw invalid('custom_metadata has more than 32 keys')
  for (const [key, v] of entries) {
    if (key.length > 64) throw invalid('A custom_metadata key is longer than 64 characters')
    if (!['string', 'number', 'boolean'].includes(typeof v) || (typeof v === 'number' && !Number.isFinite(v))) {
      throw invalid('custom_metadata values are strings, numbers or booleans')
    }
  }
  if (Buffer.byteLength(JSON.stringify(value)) > CUSTOM_METADATA_MAX_BYTES) throw invalid(`custom_metadata is larger than ${CUSTOM_METADATA_MAX_BYTES} bytes`)
  return value as CustomMetadata
}

const text = (input: Record<string, unknown>, key: string, max: number): string => {
  const v = input[key]
  if (typeof v !== 'string' || v.trim() === '' || v.length > max)
    throw invalid(`${String(input.type)}: ${key} is required (a string of at most ${max} characters)`)
  return v.trim()
}

/** A given login method in its stored form (the same normalisation its login applies). */
export function normaliseAccount(raw: unknown): NewAccount {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid('A linked account must be an object')
  const input = raw as Record<string, unknown>
  switch (input.type) {
    case 'email': {
      const address = text(input, 'address', 320).toLowerCase()
      if (!isValidEmail(address)) throw invalid('Invalid email address')
      return { type: 'email', address, details: null }
    }
    case 'phone': {
      const phone = normalizePhone(text(input, input.number === undefined ? 'address' : 'number', 40))
      return { type: 'phone', address: phone, details: { phone_number: phone } }
    }
    case 'wallet': {
      const chain = input.chain_type ?? 'ethereum'
      if (chain !== 'ethereum' && chain !== 'solana') throw invalid('wallet: chain_type is ethereum or solana')
      const address = normalizeWalletAddress(chain, text(input, 'address', 64))
      const chainId = chain === 'ethereum' ? 'eip155:1' : 'mainnet'
      return {
        type: 'wallet',
        address,
        details: { chain_type: chain, chain_id: chainId, wallet_client: 'unknown', wallet_client_type: 'unknown', connector_type: 'unknown' },
      }
    }
    case 'farcaster': {
      const fid = input.fid
      if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid < 1) throw invalid('farcaster: fid is a positive integer')
      let owner: string | null = null
      if (input.owner_address !== undefined) owner = normalizeWalletAddress('ethereum', text(input, 'owner_address', 64))
      return {
        type: 'farcaster',
        address: String(fid),
        details: { fid, owner_address: owner, username: null, display_name: null, bio: null, pfp: null },
      }
    }
    case 'telegram': {
      const id = text(input, 'telegram_user_id', 20)
      if (!/^[0-9]{1,20}$/.test(id)) throw invalid('telegram: telegram_user_id is digits')
      return { type: 'telegram', address: id, details: { telegram_user_id: id, first_name: null, last_name: null, username: null, photo_url: null } }
    }
    case 'custom_auth': {
      const id = text(input, 'custom_user_id', 256)
      return { type: 'custom_auth', address: id, details: { custom_user_id: id } }
    }
    default:
      throw invalid('linked account type must be one of email, phone, wallet, farcaster, telegram, custom_auth')
  }
}

/** What an app's settings ask of wallets made in advance (`embeddedWallets.requireUserOwnedRecoveryOnCreate`). */
export interface WalletPolicy {
  userOwnedRecoveryOnCreate: boolean
}

export const USER_OWNED_RECOVERY_REFUSAL =
  'This app requires user-owned recovery when a wallet is created (embeddedWallets.requireUserOwnedRecoveryOnCreate), and a wallet made in advance can only have automatic recovery: create the user without wallets (their wallet is made on their device, with the recovery they choose, at their first login) or turn the setting off'

/**
 * The chains of the wallets to make in advance (`wallets: [{ chain_type }]`): at most one per chain.
 * Refused (not_supported) on an app that requires user-owned recovery at creation: a wallet made
 * here is split into the automatic-recovery layout, which would silently skip the user's choice.
 */
function walletChains(raw: unknown, policy: WalletPolicy): ChainType[] {
  if (raw === undefined) return []
  if (!Array.isArray(raw) || raw.length > 2) throw invalid('wallets: at most one wallet per chain')
  const chains = raw.map((w) => {
    const chain = (w as { chain_type?: unknown } | null)?.chain_type
    if (chain !== 'ethereum' && chain !== 'solana') throw invalid('wallets: chain_type is ethereum or solana')
    return chain as ChainType
  })
  if (new Set(chains).size !== chains.length) throw invalid('wallets: at most one wallet per chain')
  if (chains.length > 0 && policy.userOwnedRecoveryOnCreate) throw new ApiError('not_supported', USER_OWNED_RECOVERY_REFUSAL)
  return chains
}

/** A new user's accounts from the request: 1 to 10, at most one of each kind (one wallet per chain). */
function normaliseAccounts(raw: unknown): NewAccount[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 10) throw invalid('linked_accounts: 1 to 10 accounts')
  const accounts = raw.map(normaliseAccount)
  const kinds = accounts.map((a) => (a.type === 'wallet' ? `wallet:${String(a.details?.chain_type)}` : a.type))
  if (new Set(kinds).size !== kinds.length) throw invalid('linked_accounts: at most one account of each type (one wallet per chain)')
  return accounts
}

/** Builds the owner's view of each user from one batch read. */
function ownerViews(users: UsersTable[], batch: UserBatch): OwnerUser[] {
  const group = <T extends { user_id: string }>(rows: T[]) => {
    const map = new Map<string, T[]>()
    for (const row of rows) map.set(row.user_id, [...(map.get(row.user_id) ?? []), row])
    return map
  }
  const accounts = group(batch.accounts)
  const factors = group(batch.factors)
  const sessions = new Map(batch.sessions.map((s) => [s.user_id, s.n]))
  const recovery = new Map(batch.secrets.map((s) => [`${s.user_id} ${s.entropy_id}`, s.recovery_method]))
  const held = new Set(batch.devices.map((d) => `${d.user_id} ${d.entropy_id}`))
  return users.map((user) => {
    const mine = accounts.get(user.id) ?? []
    const wallets = mine.filter(isEmbedded).map((a) => {
      const d = detailsOf(a)
      return {
        address: a.address,
        chain_type: String(d.chain_type ?? 'ethereum'),
        recovery_method: recovery.get(`${user.id} ${String(d.entropy_id)}`) ?? null,
        imported: Boolean(d.imported),
        created_at: seconds(a.first_verified_at),
        on_device: held.has(`${user.id} ${String(d.entropy_id)}`),
      }
    })
    return { ...toWireUser(user, mine, factors.get(user.id) ?? []), sessions_count: sessions.get(user.id) ?? 0, wallets }
  })
}

export class OwnerUserService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    /** Makes the wallets a new user receives on first login (`wallets` of the create call). */
    private readonly embeddedWallets?: Pick<EmbeddedWalletService, 'pregenerate'>,
  ) {}

  private async views(users: UsersTable[]): Promise<OwnerUser[]> {
    return ownerViews(
      users,
      await loadUserBatch(
        this.db,
        users.map((u) => u.id),
        true,
      ),
    )
  }

  async get(appId: string, userId: string): Promise<OwnerUser> {
    const user = await findAppUser(this.db, appId, userId)
    if (!user) throw new ApiError('user_does_not_exist', 'User not found')
    return (await this.views([user]))[0]
  }

  async list(appId: string, filter: UserFilter, cursor: string | undefined, limit: number) {
    const after = cursor ? decodeCursor(cursor) : null
    // One more than asked: whether a next page exists without a count.
    const rows = await pageUsers(this.db, appId, filter, after, limit + 1, 'desc')
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    return { data: await this.views(page), next_cursor: rows.length > limit && last ? encodeCursor(last) : null }
  }

  /** Exactly one criterion; the value normalised as its login stores it, so the lookup is an index equality. */
  async search(appId: string, query: Record<string, unknown>) {
    const entries = Object.entries(query).filter(([, v]) => v !== undefined)
    if (entries.length !== 1) throw invalid('Search by exactly one of email, phone, wallet_address, farcaster_fid, telegram_user_id, custom_user_id, user_id')
    const [key, raw] = entries[0]
    const value = String(raw).trim()
    const by = (types: string[], address: string) => usersByAccount(this.db, appId, types, address)
    let users: UsersTable[]
    if (key === 'user_id') users = [await findAppUser(this.db, appId, value)].filter((u): u is UsersTable => Boolean(u))
    else if (key === 'email') users = await by(['email'], value.toLowerCase())
    else if (key === 'phone') users = await by(['phone'], normalizePhone(value))
    else if (key === 'wallet_address') {
      // Ethereum addresses are case-insensitive and stored EIP-55; any other chain (Solana) is matched exactly.
      users = await by(['wallet', 'smart_wallet'], ETHEREUM_ADDRESS.test(value) ? getAddress(value.toLowerCase()) : value)
    } else if (key === 'farcaster_fid') users = await by(['farcaster'], value)
    else if (key === 'telegram_user_id') users = await by(['telegram'], value)
    else if (key === 'custom_user_id') users = await by(['custom_auth'], value)
    else throw invalid(`Unknown search field ${key}`)
    return { data: await this.views(users), next_cursor: null }
  }

  /** Creates a user holding `input.linked_accounts`; user_already_exists when one of them belongs to someone. */
  async create(
    appId: string,
    input: { linked_accounts?: unknown; custom_metadata?: unknown; wallets?: unknown },
    by: OwnerActor,
    policy: WalletPolicy = { userOwnedRecoveryOnCreate: false },
  ): Promise<OwnerUser> {
    const accounts = normaliseAccounts(input.linked_accounts)
    const metadata = input.custom_metadata === undefined ? null : checkCustomMetadata(input.custom_metadata)
    const chains = walletChains(input.wallets, policy)
    try {
      const user = await this.insert(appId, accounts, metadata, by, true, chains)
      return (await this.views([user]))[0]
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('user_already_exists', 'One of these linked accounts already belongs to a user')
      throw error
    }
  }

  /** The user, its accounts and its `user.created` event in one transaction (and the audit row when asked). */
  private async insert(
    appId: string,
    accounts: NewAccount[],
    metadata: CustomMetadata | null,
    by: OwnerActor,
    audit: boolean,
    chains: ChainType[] = [],
  ): Promise<UsersTable> {
    const t = this.now()
    const user: UsersTable = {
      id: `did:privy:${randomId()}`,
      app_id: appId,
      created_at: t,
      has_accepted_terms: 0,
      is_guest: 0,
      custom_metadata: metadata ? JSON.stringify(metadata) : null,
    }
    const rows: LinkedAccountsTable[] = accounts.map((a) => ({
      id: randomId(),
      user_id: user.id,
      app_id: appId,
      type: a.type,
      address: a.address,
      verified_at: t,
      first_verified_at: t,
      latest_verified_at: t,
      details: a.details ? JSON.stringify(a.details) : null,
    }))
    // Made before the transaction (deriving costs a PBKDF2); written in it, with the user.
    let made: PregeneratedRows | null = null
    if (chains.length > 0) {
      if (!this.embeddedWallets) throw new ApiError('not_supported', 'Embedded wallets are not available here')
      made = await this.embeddedWallets.pregenerate(appId, user.id, chains, t)
    }
    const all = [...rows, ...(made?.accounts ?? [])]
    await this.db.transaction().execute(async (trx) => {
      await insertUser(trx, user)
      if (metadata) await setCustomMetadata(trx, user.id, user.custom_metadata ?? null)
      for (const row of all) await insertLinkedAccount(trx, row)
      if (made) await insertWalletSecret(trx, made.secret)
      await recordEvent(trx, appId, 'user.created', { user: toWireUser(user, all) }, t)
      for (const wallet of made?.wallets ?? []) await recordUserEvent(trx, appId, 'user.wallet_created', user.id, { wallet })
      if (audit) {
        const details = { linked_accounts: rows.map((r) => r.type), ...(made ? { wallets: made.wallets.map((w) => w.address) } : {}) }
        await recordAudit(trx, { appId, actor: by.actor, ip: by.ip, action: 'user.create', userId: user.id, details }, t)
      }
    })
    return user
  }

  async setMetadata(appId: string, userId: string, value: unknown, by: OwnerActor): Promise<OwnerUser> {
    const metadata = checkCustomMetadata(value)
    const user = await findAppUser(this.db, appId, userId)
    if (!user) throw new ApiError('user_does_not_exist', 'User not found')
    const json = Object.keys(metadata).length ? JSON.stringify(metadata) : null
    await this.db.transaction().execute(async (trx) => {
      await setCustomMetadata(trx, userId, json)
      const before = user.custom_metadata ? (JSON.parse(user.custom_metadata) as CustomMetadata) : null
      await recordAudit(
        trx,
        { appId, actor: by.actor, ip: by.ip, action: 'user.update_metadata', userId, details: { before, after: json ? metadata : null } },
        this.now(),
      )
    })
    return this.get(appId, userId)
  }

  /**
   * Deletes a user: every session ends in the same transaction (refresh refused at once), then the
   * user row goes and its accounts, sessions, tokens, factors and key shares cascade with it. A user
   * holding an embedded wallet goes only with `confirmWalletDeletion`: its server shares go too.
   */
  async delete(appId: string, userId: string, confirmWalletDeletion: boolean, by: OwnerActor) {
    const user = await findAppUser(this.db, appId, userId)
    if (!user) throw new ApiError('user_does_not_exist', 'User not found')
    const batch = await loadUserBatch(this.db, [userId], false)
    const embedded = batch.accounts.filter(isEmbedded).map((a) => ({ address: a.address, chain_type: String(detailsOf(a).chain_type ?? 'ethereum') }))
    if ((embedded.length > 0 || batch.secrets.length > 0) && !confirmWalletDeletion) {
      throw new ApiError(
        'account_has_embedded_wallet',
        'This user holds an embedded wallet: deleting the user destroys its key shares on this server. Repeat with confirm_wallet_deletion=true to delete anyway.',
      )
    }
    const t = this.now()
    const answer = await this.db.transaction().execute(async (trx) => {
      const sessionsRevoked = await revokeUserSessions(trx, userId, t)
      await deleteUser(trx, userId)
      const destroyed = { sessions_revoked: sessionsRevoked, linked_accounts: batch.accounts.length, embedded_wallets: embedded }
      await recordEvent(trx, appId, 'user.deleted', { user_id: userId }, t)
      await recordAudit(trx, { appId, actor: by.actor, ip: by.ip, action: 'user.delete', userId, details: destroyed }, t)
      return destroyed
    })
    return { deleted: true as const, user_id: userId, ...answer }
  }

  /**
   * Imports users, one transaction per line: a line is written whole (user, accounts, event) or
   * not at all, and the lines before and after it stand. Idempotent by linked account: a line whose
   * accounts all belong to one user already reports `exists`; one whose accounts are partly
   * someone's fails without writing.
   */
  async importLines(appId: string, lines: unknown[], by: OwnerActor, policy: WalletPolicy = { userOwnedRecoveryOnCreate: false }) {
    const report: ImportLineReport[] = []
    for (const [i, line] of lines.entries()) report.push(await this.importLine(appId, i + 1, line, by, policy))
    const count = (s: ImportLineStatus) => report.filter((r) => r.status === s).length
    const summary = { created: count('created'), exists: count('exists'), failed: count('failed') }
    await recordAudit(this.db, { appId, actor: by.actor, ip: by.ip, action: 'user.import', details: { lines: lines.length, ...summary } }, this.now())
    return { ...summary, lines: report }
  }

  private async importLine(appId: string, line: number, raw: unknown, by: OwnerActor, policy: WalletPolicy): Promise<ImportLineReport> {
    try {
      if (raw instanceof ImportParseError) throw invalid(raw.message)
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid('A line is a JSON object { linked_accounts, custom_metadata?, wallets? }')
      const input = raw as Record<string, unknown>
      const unknown = Object.keys(input).filter((k) => !IMPORT_LINE_FIELDS.includes(k))
      if (unknown.length) throw invalid(`Unknown field ${unknown[0]}`)
      const accounts = normaliseAccounts(input.linked_accounts)
      const metadata = input.custom_metadata === undefined ? null : checkCustomMetadata(input.custom_metadata)
      const chains = walletChains(input.wallets, policy)
      // An existing user is reported as it is: its wallets are not made again (idempotent by linked account).
      const existing = await this.owners(appId, accounts)
      if (existing) return { line, ...existing }
      try {
        const user = await this.insert(appId, accounts, metadata, by, false, chains)
        return { line, status: 'created', user_id: user.id }
      } catch (error) {
        // Another request created one of these accounts meanwhile: report what is there now.
        if (!isUniqueViolation(error)) throw error
        const now = await this.owners(appId, accounts)
        if (now) return { line, ...now }
        throw error
      }
    } catch (error) {
      if (error instanceof ApiError) return { line, status: 'failed', code: error.code, error: error.message }
      throw error
    }
  }

  /** null when none of the accounts exists; `exists` when all belong to one user; otherwise the line fails. */
  private async owners(appId: string, accounts: NewAccount[]): Promise<Omit<ImportLineReport, 'line'> | null> {
    const found = await Promise.all(accounts.map((a) => findLinkedAccount(this.db, appId, a.type, a.address)))
    const owners = new Set(found.filter((f) => f).map((f) => f!.user_id))
    if (owners.size === 0) return null
    if (owners.size === 1 && found.every(Boolean)) return { status: 'exists', user_id: [...owners][0] }
    throw new ApiError('user_already_exists', 'Some of these linked accounts already belong to a user, not all to the same one')
  }

  /**
   * Every user of the app, oldest first, as JSON lines (the wire user) or CSV rows: read a page
   * of EXPORT_PAGE users at a time by keyset, so memory stays flat whatever the app's size.
   */
  async *export(appId: string, format: 'jsonl' | 'csv'): AsyncGenerator<string> {
    if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`
    let after: UserKey | null = null
    for (;;) {
      const page = await pageUsers(this.db, appId, {}, after, EXPORT_PAGE, 'asc')
      if (page.length === 0) return
      const batch = await loadUserBatch(
        this.db,
        page.map((u) => u.id),
        false,
      )
      const views = ownerViews(page, batch)
      let chunk = ''
      for (const view of views) {
        const { sessions_count: _sessions, wallets: _wallets, ...wire } = view
        chunk += format === 'csv' ? csvRow(wire) : `${JSON.stringify(wire)}\n`
      }
      yield chunk
      if (page.length < EXPORT_PAGE) return
      after = page[page.length - 1]
    }
  }
}

const EXPORT_PAGE = 500

/** What an import line may hold: the create call's body. */
const IMPORT_LINE_FIELDS = ['linked_accounts', 'custom_metadata', 'wallets']

/** A line of an import body that is not JSON: reported as that line's failure. */
export class ImportParseError {
  constructor(readonly message: string) {}
}

export const CSV_COLUMNS = [
  'id',
  'created_at',
  'is_guest',
  'has_accepted_terms',
  'email',
  'phone',
  'wallets',
  'linked_account_types',
  'mfa_methods',
  'custom_metadata',
]

/** One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvCell(value: string): string {
  const safe = /^[=@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

function csvRow(user: WireUser): string {
  const of = (type: string) =>
    user.linked_accounts
      .filter((a) => a.type === type)
      .map((a) => a.address ?? '')
      .join(' ')
  const cells = [
    user.id,
    new Date(user.created_at * 1000).toISOString(),
    String(user.is_guest),
    String(user.has_accepted_terms),
    of('email'),
    of('phone'),
    of('wallet'),
    [...new Set(user.linked_accounts.map((a) => a.type))].join(' '),
    (user.mfa_methods ?? []).map((m) => m.type).join(' '),
    user.custom_metadata ? JSON.stringify(user.custom_metadata) : '',
  ]
  return `${cells.map(csvCell).join(',')}\r\n`
}

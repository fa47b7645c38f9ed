/**
 * Reads and writes apps. Every API call needs its app, so lookups are cached in memory for a
 * few seconds (misses too, so random ids cannot hammer the database); an admin change clears
 * the local entry at once, other instances see it when their entry expires.
 */
import { SETTING_KEYS, type AppInput } from '@gatehouse/contract/routes'
import { findAppRow, deleteAppRow, insertAppRow, listAppRows, replaceAppSettings, updateAppRow } from '../db/apps.js'
import type { AppsTable, Db } from '../db/schema.js'
import { randomId } from '../crypto/hash.js'
import { ShareBox } from '../crypto/share-box.js'
import { ApiError } from '../errors.js'
import {
  buildPublicConfig,
  captchaProblem,
  deepMerge,
  hasLoginMethod,
  normalizeSettings,
  settingsProblem,
  type App,
  type AppSettings,
  type PublicAppConfig,
} from './app-config.js'
import { chainsProblem, resolveChains, type ChainInput } from './chains.js'
import { sponsorshipProblem } from './gas-sponsorship-config.js'
import { fundingProblem, publicFunding } from './funding-config.js'
import { solanaClusterProblem } from './spl-tokens.js'
import { publicSmartWallets, smartWalletsProblem, type SmartWalletsInput } from './smart-wallets-config.js'
import { hasClearSecrets, openSettings, restoreMaskedSecrets, sealSettings } from './app-secrets.js'

const MAX_CACHE_ENTRIES = 10_000

/** What the admin API accepts (the contract's appInputSchema). */
export type { AppInput }

const SETTINGS = new Set<string>(SETTING_KEYS)

function split(input: AppInput) {
  const publicPatch: Record<string, unknown> = {}
  const settingsPatch: Partial<AppSettings> = {}
  for (const [key, value] of Object.entries(input)) {
    if (key === 'id' || key === 'name') continue
    if (SETTINGS.has(key)) (settingsPatch as Record<string, unknown>)[key] = value
    else publicPatch[key] = value
  }
  return { publicPatch, settingsPatch }
}

export interface AppStoreOptions {
  cacheMs: number
  now: () => number
  /** GATEHOUSE_SECRET: seals the apps' secret settings. null (tests, experiments) keeps them in clear, like the signing key. */
  secret: string | null
  /** Development mode: plain-http RPC and JWKS URLs are allowed. */
  dev: boolean
  /** This server's public URL when it holds a paymaster key: the served smart-wallet chains name its paymaster endpoint. */
  paymasterBase?: string | null
}

function toApp(row: AppsTable, box: ShareBox | null, options: Pick<AppStoreOptions, 'paymasterBase'> = {}): App {
  const overrides = JSON.parse(row.config) as Record<string, unknown>
  const settings = normalizeSettings(openSettings(JSON.parse(row.settings), row.id, box))
  const config = buildPublicConfig(row.id, row.name, overrides)
  // The widget only needs to know custom tokens are accepted, never how they are verified.
  config.customAuth = { enabled: settings.customAuth !== null }
  // The bot username is public (the widget shows it); the token never leaves the server.
  config.telegramAuth = { botUsername: settings.telegram?.botUsername ?? null }
  config.transactionScan = { enabled: settings.transactionScan !== null }
  Object.assign(config, resolveChains(overrides.chains as ChainInput[] | undefined, overrides.defaultChain as number | null | undefined))
  config.funding = publicFunding(config.funding, settings.fundingProviders)
  config.smartWallets = publicSmartWallets(overrides.smartWallets as SmartWalletsInput | undefined, options.paymasterBase ?? null)
  return { id: row.id, name: row.name, config, settings, createdAt: Number(row.created_at) }
}

export class AppStore {
  private cache = new Map<string, { app: App | null; until: number }>()
  private originsCache: { origins: Set<string>; until: number } | null = null

  private readonly box: ShareBox | null
  private readonly cacheMs: number
  private readonly now: () => number

  constructor(
    private readonly db: Db,
    private readonly options: AppStoreOptions,
  ) {
    this.cacheMs = options.cacheMs
    this.now = options.now
    this.box = options.secret ? new ShareBox(options.secret, 'app-setting') : null
  }

  /**
   * Seals the secrets that older rows hold in clear (run at start). Each row is rewritten only if
   * unchanged since it was read, so an admin write racing another instance's start is not lost.
   */
  async sealStoredSecrets(): Promise<number> {
    let sealed = 0
    for (const row of await listAppRows(this.db)) {
      const stored = JSON.parse(row.settings)
      // Opening first also stops a start without the secret that sealed existing rows.
      const settings = normalizeSettings(openSettings(stored, row.id, this.box))
      if (!this.box || !hasClearSecrets(stored)) continue
      const next = JSON.stringify(sealSettings(settings, row.id, this.box))
      if (await replaceAppSettings(this.db, row.id, row.settings, next)) sealed++
      this.invalidate(row.id)
    }
    return sealed
  }

  private check(config: PublicAppConfig, settings: AppSettings) {
    const problem =
      captchaProblem(config, settings) ??
      settingsProblem(settings, this.options.dev) ??
      chainsProblem(config.chains as unknown as ChainInput[], config.defaultChain, this.options.dev) ??
      sponsorshipProblem(config.chains as unknown as ChainInput[], settings) ??
      fundingProblem(config.funding, resolveChains(config.chains as unknown as ChainInput[], null).chains, settings.fundingProviders, this.options.dev) ??
      solanaClusterProblem(config.solanaCluster, this.options.dev) ??
      smartWalletsProblem(
        config.smartWallets as SmartWalletsInput,
        resolveChains(config.chains as unknown as ChainInput[], null).chains.map((c) => c.id),
        this.options.dev,
      )
    if (problem) throw new ApiError('invalid_data', problem)
  }

  async get(id: string): Promise<App | null> {
    const t = this.now()
    const hit = this.cache.get(id)
    if (hit && hit.until > t) return hit.app
    const row = await findAppRow(this.db, id)
    const app = row ? toApp(row, this.box, this.options) : null
    if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.clear()
    this.cache.set(id, { app, until: t + this.cacheMs })
    return app
  }

  /** Every origin any app allows: a preflight does not say which app it is for. */
  async allAllowedOrigins(): Promise<Set<string>> {
    const t = this.now()
    if (this.originsCache && this.originsCache.until > t) return this.originsCache.origins
    const origins = new Set<string>()
    for (const row of await listAppRows(this.db)) for (const o of toApp(row, this.box, this.options).settings.allowedOrigins) origins.add(o)
    this.originsCache = { origins, until: t + this.cacheMs }
    return origins
  }

  async list(): Promise<App[]> {
    return (await listAppRows(this.db)).map((row) => toApp(row, this.box, this.options))
  }

  /**
   * `audit` (the admin routes' audit row, routes/admin-log.ts) runs in the change's own
   * transaction: the change and its row land together or not at all.
   */
  async create(input: AppInput, audit?: (trx: Db, created: App) => Promise<unknown>): Promise<App> {
    const id = input.id ?? randomId()
    const name = input.name ?? 'Untitled app'
    const { publicPatch, settingsPatch } = split(input)
    const config = buildPublicConfig(id, name, publicPatch)
    if (!hasLoginMethod(config)) throw new ApiError('invalid_data', 'You must enable at least one login method')
    const settings = normalizeSettings(restoreMaskedSecrets(settingsPatch, null))
    this.check(config, settings)
    const t = this.now()
    const row: AppsTable = {
      id,
      name,
      config: JSON.stringify(publicPatch),
      settings: JSON.stringify(sealSettings(settings, id, this.box)),
      created_at: t,
      updated_at: t,
    }
    await this.db.transaction().execute(async (trx) => {
      await insertAppRow(trx, row)
      await audit?.(trx, toApp(row, this.box, this.options))
    })
    this.invalidate(id)
    return (await this.get(id)) as App
  }

  /** `audit` runs in the update's transaction, with the app as stored before and as written. */
  async update(id: string, input: AppInput, audit?: (trx: Db, before: App, after: App) => Promise<unknown>): Promise<App | null> {
    const written = await this.db.transaction().execute(async (trx) => {
      const row = await findAppRow(trx, id)
      if (!row) return false
      const { publicPatch, settingsPatch } = split(input)
      const overrides = deepMerge(JSON.parse(row.config) as Record<string, unknown>, publicPatch)
      const name = input.name ?? row.name
      if (!hasLoginMethod(buildPublicConfig(id, name, overrides))) {
        throw new ApiError('invalid_data', 'You must enable at least one login method')
      }
      const current = normalizeSettings(openSettings(JSON.parse(row.settings), id, this.box))
      const settings = normalizeSettings(restoreMaskedSecrets(settingsPatch, current), current)
      this.check(buildPublicConfig(id, name, overrides), settings)
      const patch = { name, config: JSON.stringify(overrides), settings: JSON.stringify(sealSettings(settings, id, this.box)), updated_at: this.now() }
      await updateAppRow(trx, id, patch)
      await audit?.(trx, toApp(row, this.box, this.options), toApp({ ...row, ...patch }, this.box, this.options))
      return true
    })
    this.invalidate(id)
    return written ? this.get(id) : null
  }

  /** Deletes an app with its users (cascade); false when there was none. `audit` runs in the deletion's transaction. */
  async delete(id: string, audit?: (trx: Db, before: App) => Promise<unknown>): Promise<boolean> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      const row = audit ? await findAppRow(trx, id) : undefined
      const gone = await deleteAppRow(trx, id)
      if (gone && row) await audit?.(trx, toApp(row, this.box, this.options))
      return gone
    })
    this.invalidate(id)
    return deleted
  }

  invalidate(id: string) {
    this.cache.delete(id)
    this.originsCache = null
  }
}

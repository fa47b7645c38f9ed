/**
 * Reads and writes apps. Every API call needs its app, so lookups are cached in memory for a
 * few seconds (misses too, so random ids cannot hammer the database); an admin change clears
 * the local entry at once, other instances see it when their entry expires.
 */
import { findAppRow, insertAppRow, listAppRows, updateAppRow } from '../db/apps.js'
import type { AppsTable, Db } from '../db/schema.js'
import { randomId } from '../crypto/hash.js'
import { ApiError } from '../errors.js'
import { buildPublicConfig, captchaProblem, deepMerge, hasLoginMethod, normalizeSettings, type App, type AppSettings } from './app-config.js'

const MAX_CACHE_ENTRIES = 10_000

export interface AppInput extends Partial<AppSettings> {
  id?: string
  name?: string
  [publicField: string]: unknown
}

const SETTING_KEYS = new Set(['allowedOrigins', 'allowlist', 'userLimit', 'rpcUrls', 'customAuth', 'oauth', 'telegram', 'captchaSecretKey'])

function split(input: AppInput) {
  const publicPatch: Record<string, unknown> = {}
  const settingsPatch: Partial<AppSettings> = {}
  for (const [key, value] of Object.entries(input)) {
    if (key === 'id' || key === 'name') continue
    if (SETTING_KEYS.has(key)) (settingsPatch as Record<string, unknown>)[key] = value
    else publicPatch[key] = value
  }
  return { publicPatch, settingsPatch }
}

function toApp(row: AppsTable): App {
  const overrides = JSON.parse(row.config) as Record<string, unknown>
  const settings = normalizeSettings(JSON.parse(row.settings) as Partial<AppSettings>)
  const config = buildPublicConfig(row.id, row.name, overrides)
  // The widget only needs to know custom tokens are accepted, never how they are verified.
  config.customAuth = { enabled: settings.customAuth !== null }
  // The bot username is public (the widget shows it); the token never leaves the server.
  config.telegramAuth = { botUsername: settings.telegram?.botUsername ?? null }
  return { id: row.id, name: row.name, config, settings, createdAt: Number(row.created_at) }
}

export class AppStore {
  private cache = new Map<string, { app: App | null; until: number }>()
  private originsCache: { origins: Set<string>; until: number } | null = null

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
    private readonly now: () => number,
  ) {}

  async get(id: string): Promise<App | null> {
    const t = this.now()
    const hit = this.cache.get(id)
    if (hit && hit.until > t) return hit.app
    const row = await findAppRow(this.db, id)
    const app = row ? toApp(row) : null
    if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.clear()
    this.cache.set(id, { app, until: t + this.cacheMs })
    return app
  }

  /** Every origin any app allows: a preflight does not say which app it is for. */
  async allAllowedOrigins(): Promise<Set<string>> {
    const t = this.now()
    if (this.originsCache && this.originsCache.until > t) return this.originsCache.origins
    const origins = new Set<string>()
    for (const row of await listAppRows(this.db)) for (const o of toApp(row).settings.allowedOrigins) origins.add(o)
    this.originsCache = { origins, until: t + this.cacheMs }
    return origins
  }

  async list(): Promise<App[]> {
    return (await listAppRows(this.db)).map(toApp)
  }

  async create(input: AppInput): Promise<App> {
    const id = input.id ?? randomId()
    const name = input.name ?? 'Untitled app'
    const { publicPatch, settingsPatch } = split(input)
    const config = buildPublicConfig(id, name, publicPatch)
    if (!hasLoginMethod(config)) throw new ApiError('invalid_data', 'You must enable at least one login method')
    const captcha = captchaProblem(config, normalizeSettings(settingsPatch))
    if (captcha) throw new ApiError('invalid_data', captcha)
    const t = this.now()
    await insertAppRow(this.db, {
      id,
      name,
      config: JSON.stringify(publicPatch),
      settings: JSON.stringify(normalizeSettings(settingsPatch)),
      created_at: t,
      updated_at: t,
    })
    this.invalidate(id)
    return (await this.get(id)) as App
  }

  async update(id: string, input: AppInput): Promise<App | null> {
    const row = await findAppRow(this.db, id)
    if (!row) return null
    const { publicPatch, settingsPatch } = split(input)
    const overrides = deepMerge(JSON.parse(row.config) as Record<string, unknown>, publicPatch)
    const name = input.name ?? row.name
    if (!hasLoginMethod(buildPublicConfig(id, name, overrides))) {
      throw new ApiError('invalid_data', 'You must enable at least one login method')
    }
    const settings = normalizeSettings(settingsPatch, normalizeSettings(JSON.parse(row.settings)))
    const captcha = captchaProblem(buildPublicConfig(id, name, overrides), settings)
    if (captcha) throw new ApiError('invalid_data', captcha)
    await updateAppRow(this.db, id, {
      name,
      config: JSON.stringify(overrides),
      settings: JSON.stringify(settings),
      updated_at: this.now(),
    })
    this.invalidate(id)
    return this.get(id)
  }

  invalidate(id: string) {
    this.cache.delete(id)
    this.originsCache = null
  }
}

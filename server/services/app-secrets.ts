/**
 * The secret app settings: OAuth client secrets, the Apple private key, the Telegram bot token and
 * the captcha secret, the transaction scanning API key, the gas sponsor's private key. In the database each is a `{ "sealed": "v1.…" }` object (AES-GCM under a key
 * derived from GATEHOUSE_SECRET, bound to the app and the field), so a leaked database or backup
 * holds none of them; the admin API shows only a masked form ('****' and the last 4 characters).
 * Older rows hold plain strings: they are read as they are and sealed at start (`sealStoredSecrets`).
 */
import { ApiError } from '../errors.js'
import type { ShareBox } from '../crypto/share-box.js'
import type { AppSettings } from './app-config.js'

type Json = Record<string, unknown>

/** What the admin API shows instead of a secret; written back unchanged, it keeps the stored secret. */
export const MASK_PREFIX = '****'

interface Sealed {
  sealed: string
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const isSealed = (value: unknown): value is Sealed => isObject(value) && typeof value.sealed === 'string'

/** Where secrets live in a settings object (raw or opened): `[holder, key, path]` triples. */
function secretSlots(settings: Json): { holder: Json; key: string; path: string }[] {
  const slots: { holder: Json; key: string; path: string }[] = [{ holder: settings, key: 'captchaSecretKey', path: 'captchaSecretKey' }]
  if (isObject(settings.telegram)) slots.push({ holder: settings.telegram, key: 'botToken', path: 'telegram.botToken' })
  if (isObject(settings.transactionScan)) slots.push({ holder: settings.transactionScan, key: 'apiKey', path: 'transactionScan.apiKey' })
  if (isObject(settings.gasSponsorship)) slots.push({ holder: settings.gasSponsorship, key: 'privateKey', path: 'gasSponsorship.privateKey' })
  if (isObject(settings.oauth)) {
    for (const [provider, client] of Object.entries(settings.oauth)) {
      if (!isObject(client)) continue
      slots.push({ holder: client, key: 'clientSecret', path: `oauth.${provider}.clientSecret` })
      slots.push({ holder: client, key: 'privateKey', path: `oauth.${provider}.privateKey` })
    }
  }
  return slots
}

/** Associated data: a sealed secret opens only in its own app and field. */
const context = (appId: string, path: string) => `app:${appId}:${path}`

const clone = (settings: object): Json => JSON.parse(JSON.stringify(settings)) as Json

/** The settings as stored: every secret sealed (kept plain only when the server has no secret configured). */
export function sealSettings(settings: AppSettings, appId: string, box: ShareBox | null): Json {
  const out = clone(settings)
  if (!box) return out
  for (const { holder, key, path } of secretSlots(out)) {
    const value = holder[key]
    if (typeof value === 'string' && value !== '') holder[key] = { sealed: box.seal(value, context(appId, path)) } satisfies Sealed
  }
  return out
}

/** The stored settings with every secret opened (plain strings of older rows pass as they are). */
export function openSettings(stored: Json, appId: string, box: ShareBox | null): Partial<AppSettings> {
  const out = clone(stored)
  for (const { holder, key, path } of secretSlots(out)) {
    const value = holder[key]
    if (!isSealed(value)) continue
    if (!box) throw new Error('App secrets in the database are sealed: set GATEHOUSE_SECRET to the secret they were sealed with.')
    holder[key] = box.open(value.sealed, context(appId, path))
  }
  return out as Partial<AppSettings>
}

/** Whether stored settings still hold a secret in clear. */
export function hasClearSecrets(stored: Json): boolean {
  return secretSlots(stored).some(({ holder, key }) => typeof holder[key] === 'string' && holder[key] !== '')
}

/** '****' plus the last 4 characters (of a PEM: of its base64 body); short secrets show none. */
export function maskSecret(value: string): string {
  const body = value.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '')
  return body.length >= 16 ? MASK_PREFIX + body.slice(-4) : MASK_PREFIX
}

/** The settings as the admin API shows them: every secret masked. */
export function maskSettings(settings: AppSettings): AppSettings {
  const out = clone(settings)
  for (const { holder, key } of secretSlots(out)) {
    if (typeof holder[key] === 'string' && holder[key] !== '') holder[key] = maskSecret(holder[key] as string)
  }
  return out as unknown as AppSettings
}

/**
 * An admin write that sends back the masked form it read keeps the stored secret, so a
 * read-modify-write round trip does not overwrite secrets with their masks. Any other masked
 * value is refused: the real secret must be sent.
 */
export function restoreMaskedSecrets(patch: Partial<AppSettings>, current: AppSettings | null): Partial<AppSettings> {
  const out = clone(patch)
  const now = current ? clone(current) : {}
  const currentValue = (path: string) => {
    const slot = secretSlots(now).find((s) => s.path === path)
    const value = slot?.holder[slot.key]
    return typeof value === 'string' ? value : null
  }
  for (const { holder, key, path } of secretSlots(out)) {
    const value = holder[key]
    if (typeof value !== 'string' || !value.startsWith(MASK_PREFIX)) continue
    const stored = currentValue(path)
    if (stored === null || maskSecret(stored) !== value) throw new ApiError('invalid_data', `${path} is masked: send the full secret`)
    holder[key] = stored
  }
  return out as Partial<AppSettings>
}

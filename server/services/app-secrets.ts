/**
 * The secret app settings: OAuth client secrets, the Apple private key, the Telegram bot token and
 * the captcha secret, the transaction scanning API key, the gas sponsor's private key, the funding providers' secret keys, the Farcaster custody key. In the database each is a `{ "sealed": "v1.…" }` object (AES-GCM under a key
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

/**
 * Where a secret sits in a settings object (raw or opened). `destinations` are the sibling fields
 * naming where the server sends it (or what it signs for): a masked write keeps the stored secret
 * only while they stay as they are, or the admin token could point the real secret elsewhere.
 */
interface SecretSlot {
  holder: Json
  key: string
  path: string
  destinations: string[]
}

const MOONPAY_URLS = ['widgetUrl', 'sandboxWidgetUrl', 'apiUrl']

function secretSlots(settings: Json): SecretSlot[] {
  const slots: SecretSlot[] = [{ holder: settings, key: 'captchaSecretKey', path: 'captchaSecretKey', destinations: [] }]
  const add = (holder: unknown, key: string, path: string, destinations: string[] = []) => {
    if (isObject(holder)) slots.push({ holder, key, path, destinations })
  }
  add(settings.telegram, 'botToken', 'telegram.botToken')
  add(settings.transactionScan, 'apiKey', 'transactionScan.apiKey', ['url'])
  add(settings.gasSponsorship, 'privateKey', 'gasSponsorship.privateKey')
  // The signature names the fid: a masked key kept while the fid changes would sign for another account.
  add(settings.farcasterSigner, 'custodyPrivateKey', 'farcasterSigner.custodyPrivateKey', ['fid', 'apiUrl'])
  const providers = isObject(settings.fundingProviders) ? settings.fundingProviders : {}
  for (const key of ['secretKey', 'sandboxSecretKey']) add(providers.moonpay, key, `fundingProviders.moonpay.${key}`, MOONPAY_URLS)
  add(providers.coinbase, 'apiKeySecret', 'fundingProviders.coinbase.apiKeySecret', ['apiUrl', 'payUrl'])
  const recovery = isObject(settings.recoveryOAuth) ? settings.recoveryOAuth : {}
  add(recovery['google-drive'], 'clientSecret', 'recoveryOAuth.google-drive.clientSecret', ['issuer'])
  add(recovery.icloud, 'apiToken', 'recoveryOAuth.icloud.apiToken', ['containerId'])
  for (const [provider, client] of Object.entries(isObject(settings.oauth) ? settings.oauth : {})) {
    for (const key of ['clientSecret', 'privateKey']) add(client, key, `oauth.${provider}.${key}`, ['issuer'])
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
 * value is refused, and so is a masked one whose destination changed: the real secret must be sent.
 */
export function restoreMaskedSecrets(patch: Partial<AppSettings>, current: AppSettings | null): Partial<AppSettings> {
  const out = clone(patch)
  const storedSlots = current ? secretSlots(clone(current)) : []
  for (const { holder, key, path, destinations } of secretSlots(out)) {
    const value = holder[key]
    if (typeof value !== 'string' || !value.startsWith(MASK_PREFIX)) continue
    const slot = storedSlots.find((s) => s.path === path)
    const stored = slot?.holder[slot.key]
    if (!slot || typeof stored !== 'string' || maskSecret(stored) !== value) throw new ApiError('invalid_data', `${path} is masked: send the full secret`)
    const moved = destinations.find((d) => (holder[d] ?? null) !== (slot.holder[d] ?? null))
    if (moved) {
      const field = `${path.slice(0, path.lastIndexOf('.'))}.${moved}`
      throw new ApiError('invalid_data', `${path} is masked but ${field} changed: send the full secret with the new destination`)
    }
    holder[key] = stored
  }
  return out as Partial<AppSettings>
}

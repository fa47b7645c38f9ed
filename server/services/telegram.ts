/**
 * Telegram login: checks a login-widget result or Mini App `initData` against the
 * app's bot token, per Telegram's documented algorithms, and turns it into a proven `telegram`
 * account. https://core.telegram.org/widgets/login#checking-authorization and
 * https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { ApiError } from '../errors.js'
import type { AccountService, AuthMode, ProvenAccount } from './accounts.js'
import { isMethodEnabled, type App } from './app-config.js'
import type { CaptchaService } from './captcha.js'
import type { AuthResponse } from './sessions.js'
import type { Throttle } from './throttle.js'
import type { WireUser } from './users.js'

/** How old a signed result may be (seconds). Telegram leaves it to the site; a day matches its widget session. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60

/** The login widget's result (also what the redirect mode puts in the page's query string). */
export interface TelegramAuthResult {
  id: number | string
  first_name?: string
  last_name?: string
  username?: string
  photo_url?: string
  auth_date: number | string
  hash: string
}

const failed = (why: string) => new ApiError('invalid_credentials', `Telegram authentication failed: ${why}`)

function sameHex(expected: Buffer, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'))
}

/** 'key=value' lines of every field but `hash`, sorted by key, joined by '\n' (Telegram's data-check-string). */
export function dataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n')
}

function checkAge(authDate: number, nowMs: number) {
  const age = nowMs / 1000 - authDate
  if (!Number.isFinite(authDate) || age > TELEGRAM_MAX_AGE_SECONDS) throw failed('the login result has expired')
  if (age < -300) throw failed('the login result is dated in the future')
}

function botToken(app: App): string {
  // The login switch rules, as for every method: a configured bot alone does not enable Telegram.
  if (!isMethodEnabled(app.config, 'telegram')) throw new ApiError('disallowed_login_method', 'Login with Telegram not allowed.')
  const token = app.settings.telegram?.botToken
  if (!token) throw new ApiError('disallowed_login_method', 'Telegram login is not configured for this app.')
  return token
}

/** Widget result: HMAC-SHA-256 keyed by SHA-256(bot token). */
export function verifyLoginWidget(app: App, result: TelegramAuthResult, nowMs: number): ProvenAccount {
  const fields: Record<string, string> = {}
  for (const [k, v] of Object.entries(result)) if (v !== undefined && v !== null) fields[k] = String(v)
  const key = createHash('sha256').update(botToken(app)).digest()
  const expected = createHmac('sha256', key).update(dataCheckString(fields)).digest()
  if (!sameHex(expected, String(result.hash))) throw failed('the signature does not match')
  checkAge(Number(result.auth_date), nowMs)
  return account(result)
}

/** Mini App initData (URL-encoded): HMAC-SHA-256 keyed by HMAC-SHA-256('WebAppData', bot token). */
export function verifyWebAppData(app: App, initData: string, nowMs: number): ProvenAccount {
  const params = new URLSearchParams(initData)
  const fields = Object.fromEntries(params.entries())
  const key = createHmac('sha256', 'WebAppData').update(botToken(app)).digest()
  const expected = createHmac('sha256', key).update(dataCheckString(fields)).digest()
  if (!sameHex(expected, fields.hash ?? '')) throw failed('the signature does not match')
  checkAge(Number(fields.auth_date), nowMs)
  let user: TelegramAuthResult
  try {
    user = JSON.parse(fields.user ?? '') as TelegramAuthResult
  } catch {
    throw failed('no user in the Mini App data')
  }
  if (user?.id === undefined) throw failed('no user in the Mini App data')
  return account({ ...user, auth_date: fields.auth_date, hash: fields.hash })
}

function account(user: TelegramAuthResult): ProvenAccount {
  const id = String(user.id)
  if (!/^[0-9]{1,20}$/.test(id)) throw failed('bad user id')
  return {
    type: 'telegram',
    address: id,
    displayName: user.username ? `@${user.username}` : [user.first_name, user.last_name].filter(Boolean).join(' ') || id,
    details: {
      telegram_user_id: id,
      first_name: user.first_name ?? null,
      last_name: user.last_name ?? null,
      username: user.username ?? null,
      photo_url: user.photo_url ?? null,
    },
  }
}

/** Exactly one of the two proofs, verified. */
export function verifyTelegram(
  app: App,
  body: { telegram_auth_result?: TelegramAuthResult | null; telegram_web_app_data?: string | null },
  nowMs: number,
): ProvenAccount {
  if (body.telegram_auth_result) return verifyLoginWidget(app, body.telegram_auth_result, nowMs)
  if (body.telegram_web_app_data) return verifyWebAppData(app, body.telegram_web_app_data, nowMs)
  throw new ApiError('invalid_data', 'telegram_auth_result or telegram_web_app_data is required.')
}

/** What a Telegram login or link brings: one of the two proofs, and the captcha token of a login. */
export interface TelegramProof {
  captcha_token?: string | null
  telegram_auth_result?: TelegramAuthResult | null
  telegram_web_app_data?: string | null
}

export interface TelegramDeps {
  accounts: AccountService
  throttle: Throttle
  captcha: CaptchaService
  now: () => number
}

/** Telegram login and link: the throttles and checks in front of AccountService. */
export class TelegramService {
  constructor(private readonly deps: TelegramDeps) {}

  /** Verifies the proof, then counts it against its Telegram account (spec §8 'Request limit reached for Telegram'). */
  private async verified(app: App, proof: TelegramProof): Promise<ProvenAccount> {
    const { throttle, now } = this.deps
    const proven = verifyTelegram(app, proof, now())
    await throttle.hit(`telegram:${app.id}:${proven.address}`, throttle.limits.telegramAccount, { provider_rate_limited: true })
    return proven
  }

  async authenticate(app: App, proof: TelegramProof & { mode?: AuthMode }, ip: string): Promise<AuthResponse> {
    return this.deps.accounts.authenticate(
      app,
      ip,
      async () => {
        await this.deps.captcha.check(app, proof.captcha_token, ip)
        return this.verified(app, proof)
      },
      { mode: proof.mode },
    )
  }

  async link(app: App, userId: string, proof: TelegramProof): Promise<WireUser> {
    return this.deps.accounts.link(app, userId, await this.verified(app, proof))
  }
}

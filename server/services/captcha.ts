/**
 * Captcha check for init calls (spec part 1 §7: `token` / `captcha_token`). One check every
 * guarded service calls (`CaptchaService`); it asks the provider's siteverify endpoint in Cloudflare Turnstile's
 * documented wire format:
 *
 *   POST {verifyUrl}  application/x-www-form-urlencoded  secret, response, remoteip, idempotency_key
 *   → { success, "error-codes": [...], challenge_ts, hostname, action, cdata }
 *
 * Outcomes map onto the shared error codes the widget turns into spec §8 texts:
 * no token → `invalid_captcha` ('Please try again.'), a token the provider refuses →
 * `captcha_failure` ('You did not pass CAPTCHA. Please try again.'), and the provider unreachable,
 * slow or refusing *our* secret → `captcha_timeout` ('Something went wrong! Please try again later.').
 */
import { randomUUID } from 'node:crypto'
import type { ServerConfig } from '../config.js'
import { ApiError } from '../errors.js'
import type { App } from './app-config.js'

/** Turnstile site keys are published with this prefix; the widget strips it before rendering. */
export const CAPTCHA_SITE_KEY_PREFIX = 't:'
export const UNSUPPORTED_SITE_KEY = 'Unsupported captcha site key'

/** The siteverify answer (Turnstile's field names). */
export interface SiteverifyAnswer {
  success: boolean
  'error-codes'?: string[]
  challenge_ts?: string
  hostname?: string
  action?: string
  cdata?: string
}

/** error-codes that blame the visitor's token; anything else is our side or the provider's. */
const TOKEN_ERRORS = new Set(['missing-input-response', 'invalid-input-response', 'timeout-or-duplicate'])

export interface VerifyCaptchaOptions {
  /** dev: tokens solved on a localhost page pass; publicUrl: pages the API origin serves itself. */
  config: Pick<ServerConfig, 'captchaVerifyUrl' | 'captchaVerifyTimeoutMs'> & Partial<Pick<ServerConfig, 'dev' | 'publicUrl'>>
  /** Where odd provider answers are reported (secret problems are the owner's to fix). */
  log?: { warn(object: unknown, message: string): void }
  fetch?: typeof fetch
}

/** Whether `app` asks init calls for a captcha token. */
export function captchaRequired(app: App): boolean {
  return Boolean(app.config.captcha?.enabled)
}

/**
 * Verifies `token` for `app` when the app enables captcha (a no-op otherwise); throws an
 * `ApiError` (invalid_captcha, captcha_failure, captcha_timeout) when the visitor does not pass.
 * Each token is single use at the provider, so a replayed token fails with `timeout-or-duplicate`.
 *
 * @example
 * await verifyCaptcha({ config }, app, request.body.token, request.ip)
 */
export async function verifyCaptcha(options: VerifyCaptchaOptions, app: App, token: string | null | undefined, remoteIp: string): Promise<void> {
  if (!captchaRequired(app)) return
  const secret = app.settings.captchaSecretKey
  if (!secret) {
    // The admin API refuses to enable captcha without a secret; an app edited by hand lands here.
    options.log?.warn({ appId: app.id }, 'captcha is enabled but the app has no captchaSecretKey')
    throw new ApiError('captcha_timeout', 'Captcha failed')
  }
  if (typeof token !== 'string' || token.trim() === '') throw new ApiError('invalid_captcha', 'Missing captcha token')
  const answer = await siteverify(options, { secret, response: token, remoteip: remoteIp })
  if (answer.success === true) {
    // A token solved on some other site (the site key is public) or for another action proves nothing here.
    if (!solvedOnAllowedHost(options, app, answer.hostname)) {
      options.log?.warn({ appId: app.id, hostname: answer.hostname }, 'captcha token solved on a host the app does not allow')
      throw new ApiError('captcha_failure', 'You did not pass CAPTCHA')
    }
    const action = app.config.captcha?.action
    if (action && answer.action !== action) {
      options.log?.warn({ appId: app.id, action: answer.action }, 'captcha token made for another action')
      throw new ApiError('captcha_failure', 'You did not pass CAPTCHA')
    }
    return
  }
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : []
  if (codes.length > 0 && codes.every((c) => TOKEN_ERRORS.has(c))) {
    throw new ApiError('captcha_failure', 'You did not pass CAPTCHA')
  }
  if (codes.length === 0) throw new ApiError('captcha_failure', 'You did not pass CAPTCHA')
  options.log?.warn({ appId: app.id, errorCodes: codes }, 'captcha siteverify refused the request')
  throw new ApiError('captcha_timeout', 'Captcha failed')
}

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** siteverify's `hostname` must be a host of the app's allowed origins (or the API's own, or localhost in development). */
function solvedOnAllowedHost(options: VerifyCaptchaOptions, app: App, hostname: string | undefined): boolean {
  if (!hostname) return false
  const host = hostname.toLowerCase()
  if (options.config.dev && LOCAL_HOSTNAMES.has(host)) return true
  const origins = [...(app.settings.allowedOrigins ?? []), ...(options.config.publicUrl ? [options.config.publicUrl] : [])]
  return origins.some((origin) => {
    try {
      return new URL(origin).hostname.toLowerCase() === host
    } catch {
      return false
    }
  })
}

/**
 * One siteverify call with a short timeout. A network failure is retried once with the same
 * idempotency_key, which Turnstile documents for exactly this: the retry gets the first
 * verdict instead of `timeout-or-duplicate` for a token the first attempt already spent.
 */
async function siteverify(options: VerifyCaptchaOptions, fields: { secret: string; response: string; remoteip: string }): Promise<SiteverifyAnswer> {
  const doFetch = options.fetch ?? fetch
  const deadline = Date.now() + options.config.captchaVerifyTimeoutMs
  const body = new URLSearchParams({ ...fields, idempotency_key: randomUUID() })
  for (let attempt = 0; attempt < 2; attempt++) {
    const remaining = deadline - Date.now()
    if (remaining <= 0) break
    try {
      const response = await doFetch(options.config.captchaVerifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(remaining),
      })
      if (!response.ok) {
        options.log?.warn({ status: response.status }, 'captcha siteverify answered an error status')
        throw new ApiError('captcha_timeout', 'Captcha failed')
      }
      const answer = (await response.json()) as SiteverifyAnswer
      if (typeof answer !== 'object' || answer === null || typeof answer.success !== 'boolean') {
        throw new ApiError('captcha_timeout', 'Captcha failed')
      }
      return answer
    } catch (error) {
      if (error instanceof ApiError) throw error
      options.log?.warn({ err: String(error) }, 'captcha siteverify unreachable')
    }
  }
  throw new ApiError('captcha_timeout', 'Captcha failed')
}

/**
 * The captcha check every service runs first in its unauthenticated init calls (e-mail and SMS
 * codes, wallet nonces, passkey options, OAuth, Telegram, Farcaster): one per server, so routes
 * never see a captcha token's fate.
 *
 * @example
 * await captcha.check(app, body.token, ip)
 */
export class CaptchaService {
  constructor(private readonly options: VerifyCaptchaOptions) {}

  check(app: App, token: string | null | undefined, remoteIp: string): Promise<void> {
    return verifyCaptcha(this.options, app, token, remoteIp)
  }
}

/**
 * SMS code login (and its WhatsApp variant): the e-mail code flow with a phone number as the
 * address. Numbers are parsed and normalised to E.164 with libphonenumber-js; codes live in the
 * same table as e-mail codes under the key `phone:<E.164>`.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { generateCode, hashCode } from '../crypto/codes.js'
import { putLoginCode } from '../db/codes.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'
import type { AccountService, AuthMode, ProvenAccount } from './accounts.js'
import { isAllowlisted, isMethodEnabled, type App } from './app-config.js'
import { allowlistRejected } from './login-gate.js'
import type { AuthResponse } from './sessions.js'
import type { SmsChannel, SmsSender } from './sms-sender.js'
import type { CaptchaService } from './captcha.js'
import { checkLoginCode } from './login-codes.js'
import type { Throttle } from './throttle.js'
import type { WireUser } from './users.js'

const INVALID_CODE_MESSAGE = 'Invalid or expired verification code'
export const UPDATE_NEEDS_PHONE_MESSAGE = 'User is required to have a phone number to update it.'
export const REGION_NOT_SUPPORTED_MESSAGE = 'SMS authentication from this region is not available'

export interface PasswordlessSmsDeps {
  db: Db
  sms: SmsSender
  throttle: Throttle
  captcha: CaptchaService
  accounts: AccountService
  secret: string
  now: () => number
  /** Upper-case ISO countries accepted; empty = all. */
  allowedCountries: string[]
}

/** E.164 of a valid number, or `invalid_data`; `not_supported` for a country the server does not serve. */
export function normalizePhone(raw: string, allowedCountries: string[] = []): string {
  const parsed = parsePhoneNumberFromString(raw.trim())
  if (!parsed || !parsed.isValid()) throw new ApiError('invalid_data', 'Invalid phone number')
  if (allowedCountries.length && (!parsed.country || !allowedCountries.includes(parsed.country))) {
    throw new ApiError('not_supported', REGION_NOT_SUPPORTED_MESSAGE)
  }
  return parsed.number
}

const codeKey = (phone: string) => `phone:${phone}`
const phoneAccount = (phone: string): ProvenAccount => ({ type: 'phone', address: phone, details: { phone_number: phone } })

export class PasswordlessSmsService {
  constructor(private readonly deps: PasswordlessSmsDeps) {}

  private check(app: App, raw: string): string {
    if (!isMethodEnabled(app.config, 'sms')) throw new ApiError('disallowed_login_method', 'Login with SMS not allowed')
    const phone = normalizePhone(raw, this.deps.allowedCountries)
    // Before any code goes out, as for e-mail; the login gate checks the same again at login.
    const id = { kind: 'phone', value: phone } as const
    if (!isAllowlisted(app.settings, id)) throw allowlistRejected(id)
    return phone
  }

  /** Sends a login code; `token` is the captcha token, checked first when the app enables captcha. */
  async init(app: App, input: { phoneNumber: string; channel?: SmsChannel; token?: string | null }, ip: string): Promise<void> {
    const { db, throttle, now, secret } = this.deps
    await this.deps.captcha.check(app, input.token, ip)
    const phone = this.check(app, input.phoneNumber)
    const channel = input.channel ?? 'sms'
    if (!(app.config.smsChannels ?? ['sms']).includes(channel)) {
      throw new ApiError('disallowed_login_method', `Login with ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} not allowed`)
    }
    const limits = throttle.limits
    await throttle.initRequest(ip)
    await throttle.hit(`init:phone:${app.id}:${phone}`, limits.emailInit)
    const key = codeKey(phone)
    await throttle.codeGuessesLeft(app.id, key)
    const t = now()
    const code = generateCode()
    const cooldownMs = throttle.enabled ? limits.resendCooldownSeconds * 1000 : 0
    const stored = await putLoginCode(
      db,
      { app_id: app.id, email: key, code_hash: hashCode(secret, app.id, key, code), created_at: t, expires_at: t + limits.codeTtlSeconds * 1000 },
      t - cooldownMs,
    )
    if (!stored) throw new ApiError('too_many_requests', 'A code was just sent. Please wait before requesting another.')
    await this.deps.sms.send({
      to: phone,
      code,
      channel,
      body: `${code} is your login code for ${app.name}. It expires in ${Math.round(limits.codeTtlSeconds / 60)} minutes.`,
    })
  }

  async authenticate(app: App, input: { phoneNumber: string; code: string; mode?: AuthMode }, ip: string): Promise<AuthResponse> {
    const phone = await this.verify(app, input.phoneNumber, input.code, ip)
    return this.deps.accounts.loginOrSignUp(app, phoneAccount(phone), { mode: input.mode })
  }

  async link(app: App, userId: string, input: { phoneNumber: string; code: string }, ip: string): Promise<WireUser> {
    await this.deps.accounts.linkingUser(userId)
    const phone = await this.verify(app, input.phoneNumber, input.code, ip)
    return this.deps.accounts.link(app, userId, phoneAccount(phone))
  }

  async update(app: App, userId: string, input: { old_phone_number: string; new_phone_number: string; code: string }, ip: string): Promise<WireUser> {
    await this.deps.accounts.linkingUser(userId)
    const old = normalizePhone(input.old_phone_number)
    const phone = await this.verify(app, input.new_phone_number, input.code, ip)
    return this.deps.accounts.update(app, userId, old, phoneAccount(phone), UPDATE_NEEDS_PHONE_MESSAGE)
  }

  private async verify(app: App, raw: string, code: string, ip: string): Promise<string> {
    const phone = this.check(app, raw)
    await this.deps.throttle.loginAttempt(ip)
    if (!(await checkLoginCode(this.deps, app.id, codeKey(phone), code))) throw new ApiError('invalid_credentials', INVALID_CODE_MESSAGE)
    return phone
  }
}

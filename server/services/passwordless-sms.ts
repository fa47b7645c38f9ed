/**
 * SMS code login (and its WhatsApp variant): the e-mail code flow with a phone number as the
 * address. Numbers are parsed and normalised to E.164 with libphonenumber-js; the codes are issued
 * and checked by services/login-codes.ts, as e-mail codes are.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { ApiError } from '../errors.js'
import type { AccountService, AuthMode, ProvenAccount } from './accounts.js'
import { isAllowlisted, isMethodEnabled, type App } from './app-config.js'
import { allowlistRejected } from './login-gate.js'
import type { AuthResponse } from './sessions.js'
import type { SmsChannel, SmsSender } from './sms-sender.js'
import type { CaptchaService } from './captcha.js'
import type { LoginCodes } from './login-codes.js'
import type { WireUser } from './users.js'

export const UPDATE_NEEDS_PHONE_MESSAGE = 'User is required to have a phone number to update it.'
export const REGION_NOT_SUPPORTED_MESSAGE = 'SMS authentication from this region is not available'

export interface PasswordlessSmsDeps {
  sms: SmsSender
  captcha: CaptchaService
  accounts: AccountService
  /** Issues and checks the codes (services/login-codes.ts). */
  codes: LoginCodes
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
    const { codes } = this.deps
    await this.deps.captcha.check(app, input.token, ip)
    const phone = this.check(app, input.phoneNumber)
    const channel = input.channel ?? 'sms'
    if (!(app.config.smsChannels ?? ['sms']).includes(channel)) {
      throw new ApiError('disallowed_login_method', `Login with ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} not allowed`)
    }
    const code = await codes.issue(app.id, { kind: 'phone', phone }, ip)
    await this.deps.sms.send({
      to: phone,
      code,
      channel,
      body: `${code} is your login code for ${app.name}. It expires in ${codes.ttlMinutes} minutes.`,
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
    await this.deps.codes.spend(app.id, { kind: 'phone', phone }, code, ip)
    return phone
  }
}

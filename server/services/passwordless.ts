/**
 * E-mail code login: init sends a code, authenticate trades it for a session.
 * Checks run in the same order for known and unknown addresses, and the user lookup
 * happens only after the code is proven, so answers do not reveal who has an account.
 */
import { isPlusAddress, isValidEmail, PLUS_EMAIL_MESSAGE } from '@gatehouse/contract'
import { ApiError } from '../errors.js'
import type { AccountService, AuthMode } from './accounts.js'
import { isAllowlisted, isMethodEnabled, type App } from './app-config.js'
import { allowlistRejected } from './login-gate.js'
import { loginCodeMessage, type Mailer } from './mailer.js'
import type { AuthResponse } from './sessions.js'
import type { CaptchaService } from './captcha.js'
import type { LoginCodes } from './login-codes.js'
import type { WireUser } from './users.js'

export const UPDATE_NEEDS_EMAIL_MESSAGE = 'User is required to have an email address to update it.'

export type { AuthMode } from './accounts.js'

export interface PasswordlessDeps {
  mailer: Mailer
  captcha: CaptchaService
  accounts: AccountService
  /** Issues and checks the codes (services/login-codes.ts). */
  codes: LoginCodes
}

export class PasswordlessService {
  constructor(private readonly deps: PasswordlessDeps) {}

  /** Validates the address against the app's rules and returns it normalised. */
  private checkAddress(app: App, raw: string): string {
    if (!isMethodEnabled(app.config, 'email')) throw new ApiError('disallowed_login_method', 'Login with email not allowed')
    const email = raw.trim().toLowerCase()
    if (!isValidEmail(email)) throw new ApiError('invalid_data', 'Invalid email address')
    if (app.config.disablePlusEmails && isPlusAddress(email)) {
      throw new ApiError('disallowed_plus_email', PLUS_EMAIL_MESSAGE)
    }
    // Before any code goes out; the login gate checks the same again when the code is spent.
    const id = { kind: 'email', value: email } as const
    if (!isAllowlisted(app.settings, id)) throw allowlistRejected(id)
    return email
  }

  /** Sends a login code; `token` is the captcha token, checked first when the app enables captcha. */
  async init(app: App, input: { email: string; token?: string | null }, ip: string): Promise<void> {
    const { codes } = this.deps
    await this.deps.captcha.check(app, input.token, ip)
    const email = this.checkAddress(app, input.email)
    const code = await codes.issue(app.id, { kind: 'email', email }, ip)
    await this.deps.mailer.send(loginCodeMessage(email, code, app.name, codes.ttlMinutes))
  }

  async authenticate(app: App, input: { email: string; code: string; mode?: AuthMode }, ip: string): Promise<AuthResponse> {
    const email = await this.verify(app, input.email, input.code, ip)
    return this.deps.accounts.loginOrSignUp(app, { type: 'email', address: email }, { mode: input.mode })
  }

  /** Links the e-mail (proven by its code) to the signed-in user. */
  async link(app: App, userId: string, input: { email: string; code: string }, ip: string): Promise<WireUser> {
    await this.deps.accounts.linkingUser(userId)
    const email = await this.verify(app, input.email, input.code, ip)
    return this.deps.accounts.link(app, userId, { type: 'email', address: email })
  }

  /** Replaces the user's e-mail with a new one proven by the code sent to it. */
  async update(app: App, userId: string, input: { oldAddress: string; newAddress: string; code: string }, ip: string): Promise<WireUser> {
    await this.deps.accounts.linkingUser(userId)
    const oldAddress = input.oldAddress.trim().toLowerCase()
    const email = await this.verify(app, input.newAddress, input.code, ip)
    return this.deps.accounts.update(app, userId, oldAddress, { type: 'email', address: email }, UPDATE_NEEDS_EMAIL_MESSAGE)
  }

  /** Checks the code for the address (one attempt spent, single use) and returns the normalised address. */
  private async verify(app: App, rawEmail: string, code: string, ip: string): Promise<string> {
    const email = this.checkAddress(app, rawEmail)
    await this.deps.codes.spend(app.id, { kind: 'email', email }, code, ip)
    return email
  }
}

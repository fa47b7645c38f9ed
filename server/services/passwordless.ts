/**
 * E-mail code login: init sends a code, authenticate trades it for a session.
 * Checks run in the same order for known and unknown addresses, and the user lookup
 * happens only after the code is proven, so answers do not reveal who has an account.
 */
import { codeMatches, generateCode, hashCode } from '../crypto/codes.js'
import { randomId } from '../crypto/hash.js'
import { isUniqueViolation } from '../db/connect.js'
import { claimCodeAttempt, consumeLoginCode, putLoginCode } from '../db/codes.js'
import { findLinkedAccount, insertLinkedAccount, listLinkedAccounts, markVerified } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable, UsersTable } from '../db/schema.js'
import { insertSession } from '../db/sessions.js'
import { countUsers, findUser, insertUser } from '../db/users.js'
import { ApiError } from '../errors.js'
import { isAllowlisted, type App } from './app-config.js'
import { loginCodeMessage, type Mailer } from './mailer.js'
import type { AuthResponse, SessionService } from './sessions.js'
import type { Throttle } from './throttle.js'
import { toWireUser } from './users.js'

// General pattern (spec §5): one @, no spaces, a dot in the domain; 254 is the SMTP limit.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/
export const PLUS_EMAIL_MESSAGE = "Please enter a valid email address without a '+'."
const INVALID_CODE_MESSAGE = 'Invalid or expired verification code'

export type AuthMode = 'login-or-sign-up' | 'no-signup'

export interface PasswordlessDeps {
  db: Db
  mailer: Mailer
  throttle: Throttle
  sessions: SessionService
  secret: string
  now: () => number
}

export class PasswordlessService {
  constructor(private readonly deps: PasswordlessDeps) {}

  /** Validates the address against the app's rules and returns it normalised. */
  private checkAddress(app: App, raw: string): string {
    if (!app.config.loginMethods.email) throw new ApiError('disallowed_login_method', 'Login with email not allowed')
    const email = raw.trim().toLowerCase()
    if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new ApiError('invalid_data', 'Invalid email address')
    if (app.config.disablePlusEmails && email.slice(0, email.lastIndexOf('@')).includes('+')) {
      throw new ApiError('disallowed_plus_email', PLUS_EMAIL_MESSAGE)
    }
    if (!isAllowlisted(app.settings, email)) throw new ApiError('allowlist_rejected', 'This email is not on the allowlist for this app')
    return email
  }

  async init(app: App, rawEmail: string, ip: string): Promise<void> {
    const { db, throttle, now, secret } = this.deps
    const email = this.checkAddress(app, rawEmail)
    const limits = throttle.limits
    await throttle.hit(`init:ip:${ip}`, limits.ipInit)
    await throttle.hit(`init:email:${app.id}:${email}`, limits.emailInit)
    const t = now()
    const code = generateCode()
    // A live code sent moments ago is not replaced: the client shows its own 30 s countdown,
    // so a faster repeat is a script. A used code is deleted, so logging in again is never blocked.
    const cooldownMs = throttle.enabled ? limits.resendCooldownSeconds * 1000 : 0
    const stored = await putLoginCode(
      db,
      { app_id: app.id, email, code_hash: hashCode(secret, app.id, email, code), created_at: t, expires_at: t + limits.codeTtlSeconds * 1000 },
      t - cooldownMs,
    )
    if (!stored) throw new ApiError('too_many_requests', 'A code was just sent. Please wait before requesting another.')
    await this.deps.mailer.send(loginCodeMessage(email, code, app.name, Math.round(limits.codeTtlSeconds / 60)))
  }

  async authenticate(app: App, input: { email: string; code: string; mode?: AuthMode }, ip: string): Promise<AuthResponse> {
    const { db, throttle, now, secret } = this.deps
    const email = this.checkAddress(app, input.email)
    await throttle.hit(`auth:ip:${ip}`, throttle.limits.ipAuthenticate)
    const t = now()
    const storedHash = await claimCodeAttempt(db, app.id, email, t, throttle.limits.codeMaxAttempts)
    // Always run the HMAC so a missing code costs the same as a wrong one.
    const matches = codeMatches(secret, app.id, email, input.code, storedHash ?? '')
    if (!storedHash || !matches || !(await consumeLoginCode(db, app.id, email, storedHash))) {
      throw new ApiError('invalid_credentials', INVALID_CODE_MESSAGE)
    }

    const existing = await findLinkedAccount(db, app.id, 'email', email)
    if (existing) return this.loginExisting(app, existing, t)

    if (input.mode === 'no-signup' || app.config.disableSignup) {
      throw new ApiError('user_does_not_exist', 'User does not exist')
    }
    if (app.settings.userLimit !== null && (await countUsers(db, app.id)) >= app.settings.userLimit) {
      throw new ApiError('max_accounts_reached', 'This app has reached its maximum number of users')
    }
    const user: UsersTable = { id: `did:privy:${randomId()}`, app_id: app.id, created_at: t, has_accepted_terms: 0, is_guest: 0 }
    const account: LinkedAccountsTable = {
      id: randomId(),
      user_id: user.id,
      app_id: app.id,
      type: 'email',
      address: email,
      verified_at: t,
      first_verified_at: t,
      latest_verified_at: t,
      details: null,
    }
    const rows = this.deps.sessions.newSession(app.id, user.id)
    try {
      // One transaction: user, account and session appear together (and SQLite commits once).
      await db.transaction().execute(async (trx) => {
        await insertUser(trx, user)
        await insertLinkedAccount(trx, account)
        await insertSession(trx, rows.session, rows.token)
      })
    } catch (error) {
      // Two first logins for one address at once: the other request created the user.
      if (!isUniqueViolation(error)) throw error
      const winner = await findLinkedAccount(db, app.id, 'email', email)
      if (!winner) throw error
      return this.loginExisting(app, winner, t)
    }
    return this.deps.sessions.respond(app.id, rows.sessionId, toWireUser(user, [account]), rows.refreshToken, true)
  }

  private async loginExisting(app: App, account: LinkedAccountsTable, t: number): Promise<AuthResponse> {
    const { db, sessions } = this.deps
    const [user, accounts] = await Promise.all([findUser(db, account.user_id), listLinkedAccounts(db, account.user_id)])
    if (!user) throw new Error(`linked account ${account.id} has no user`)
    const rows = sessions.newSession(app.id, user.id)
    await db.transaction().execute(async (trx) => {
      await markVerified(trx, account.id, t)
      await insertSession(trx, rows.session, rows.token)
    })
    const verified = accounts.map((a) => (a.id === account.id ? { ...a, verified_at: t, latest_verified_at: t } : a))
    return sessions.respond(app.id, rows.sessionId, toWireUser(user, verified), rows.refreshToken, false)
  }
}

/**
 * MFA (spec part 2): TOTP (RFC 6238 via otpauth), SMS codes and passkeys as second factors, and the
 * MFA proof the wallet endpoints ask for. A verification marks the caller's session
 * (`sessions.mfa_verified_at`); since every wallet call of a bound session also proves the session's
 * device key, the proof is bound to the session and to the device that verified. It lives
 * MFA_PROOF_TTL_MS; export needs one at most MFA_EXPORT_MAX_AGE_MS old and spends it.
 *
 * Wrong codes: a budget per (user, device) under a per-user ceiling (mfa-budget.ts). The first
 * factor needs a recent login ceremony on this session's device, another one a live MFA proof;
 * every enrollment is announced to the contacts the account had before it (account-notices.ts).
 */
import { TOTP_CODE_REUSED_MESSAGE, TOTP_CODE_REUSED_REASON } from '@gatehouse/contract'
import { Secret, TOTP } from 'otpauth'
import type { ShareBox } from '../crypto/share-box.js'
import { deleteMfaFactor, findMfaFactor, listMfaFactors, putMfaFactor, setSessionMfa, spendSessionMfa, useTotpStep, type MfaFactorType } from '../db/mfa.js'
import { listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db, SessionsTable } from '../db/schema.js'
import { ApiError } from '../errors.js'
import { recordAudit } from './audit.js'
import type { AccountNotices, Contact } from './account-notices.js'
import type { App } from './app-config.js'
import type { CodeRecipient, LoginCodes } from './login-codes.js'
import { MfaBudget } from './mfa-budget.js'
import { normalizePhone } from './passwordless-sms.js'
import type { SmsSender } from './sms-sender.js'
import type { Throttle } from './throttle.js'
import { loadWireUser, mfaMethodsOf, type WireUser } from './users.js'
import { recordUserEvent } from './webhook-events.js'

/** How long one verification lets the session reach key material and sign. */
export const MFA_PROOF_TTL_MS = 10 * 60_000
/** Export needs a verification this recent, and spends it (spec part 3 §6: exporting forces MFA). */
export const MFA_EXPORT_MAX_AGE_MS = 2 * 60_000
export { MFA_LOCK_MS, MFA_MAX_ATTEMPTS } from './mfa-budget.js'
/** Time to scan the key or get the SMS and type the code: completing accepts a ceremony this much older than init did. */
export const MFA_ENROLL_COMPLETION_MS = 10 * 60_000
const TOTP_PERIOD = 30

export const INVALID_MFA_CODE = 'The code you entered is not valid'
export const MFA_LOGIN_AGAIN = 'For your security, log in again on this device to add a verification method'
export const missingMfa = () => new ApiError('missing_or_invalid_mfa', 'MFA verification is required for this action')
/** Spec part 2 §2 ('SMS shows Disabled when the user has no phone'): SMS MFA needs a phone on the account. */
export const SMS_MFA_NEEDS_PHONE = 'Add a phone number to your account before enrolling SMS verification'

export interface MfaDeps {
  db: Db
  sms: SmsSender
  throttle: Throttle
  box: ShareBox
  /** Issues and checks the SMS codes (services/login-codes.ts). */
  codes: LoginCodes
  now: () => number
  notices: AccountNotices
  /** How recent the login ceremony must be to enroll the first factor (config.mfaEnrollLoginMaxAgeMs). */
  enrollLoginMaxAgeMs: number
  /** Upper-case ISO countries SMS may go to (config.smsAllowedCountries); empty = all. */
  smsAllowedCountries: string[]
}

export interface MfaCaller {
  appId: string
  userId: string
  session: SessionsTable
}

/** Enrolling a method the app does not offer is refused (verifying one already enrolled is not). */
export function offered(app: App, method: 'sms' | 'totp' | 'passkey'): void {
  if (!(app.config.mfa?.methods ?? ['sms', 'totp', 'passkey']).includes(method))
    throw new ApiError('invalid_data', `MFA with ${method} is not enabled for this app`)
}

const totpContext = (appId: string, userId: string) => `mfa:${appId}:${userId}:totp`

export class MfaService {
  private readonly budget: MfaBudget
  constructor(private readonly deps: MfaDeps) {
    this.budget = new MfaBudget(deps)
  }

  /** The user's enrolled methods ('sms' | 'totp' | 'passkey'). */
  async methods(userId: string): Promise<('sms' | 'totp' | 'passkey')[]> {
    const [accounts, factors] = await Promise.all([listLinkedAccounts(this.deps.db, userId), listMfaFactors(this.deps.db, userId)])
    return mfaMethodsOf(accounts, factors).map((m) => m.type)
  }

  /** When the session's MFA proof ends, or null without one; 0 when the user has no MFA at all. */
  async proofUntil(userId: string, session: SessionsTable): Promise<number | null> {
    if (!(await this.methods(userId)).length) return 0
    const at = Number(session.mfa_verified_at ?? 0)
    const until = at + MFA_PROOF_TTL_MS
    return at && until > this.deps.now() ? until : null
  }

  /**
   * The gate of every wallet call: nothing for users without MFA, otherwise a live proof of this
   * session; `export` needs a recent one and spends it. Returns when the proof ends (0: no MFA).
   */
  async require(userId: string, session: SessionsTable, purpose: 'use' | 'export'): Promise<number> {
    const until = await this.proofUntil(userId, session)
    if (until === 0) return 0
    if (until === null) throw missingMfa()
    if (purpose === 'export' && !(await spendSessionMfa(this.deps.db, session.id, this.deps.now() - MFA_EXPORT_MAX_AGE_MS))) throw missingMfa()
    return until
  }

  /** Removing a method (or one that may be the last) needs a live proof once the user has any method. */
  async changeAllowed(caller: MfaCaller): Promise<void> {
    if ((await this.proofUntil(caller.userId, caller.session)) === null) throw missingMfa()
  }

  /**
   * Adding a method. Once the user has one: a live MFA proof. The first: a device-bound session
   * whose login ceremony is at most `enrollLoginMaxAgeMs` (+ `graceMs` to finish a started
   * enrollment) old, so a stale or copied session cannot enroll a factor of its own.
   */
  async requireForAdd(caller: MfaCaller, graceMs = 0): Promise<void> {
    const until = await this.proofUntil(caller.userId, caller.session)
    if (until === null) throw missingMfa()
    if (until !== 0) return
    const { device_jkt, authenticated_at, created_at } = caller.session
    const age = this.deps.now() - Number(authenticated_at ?? created_at)
    if (!device_jkt || age > this.deps.enrollLoginMaxAgeMs + graceMs) throw new ApiError('reauthentication_required', MFA_LOGIN_AGAIN)
  }

  /** The contacts to tell about an enrollment, read before it. */
  contactsBefore(caller: MfaCaller): Promise<Contact[]> {
    return this.deps.notices.contacts(caller.userId)
  }

  /** Announces an enrollment (`what`: 'an authenticator app') to the contacts read before it. */
  announceEnrolled(caller: MfaCaller, before: Contact[], what: string): Promise<void> {
    return this.deps.notices.announce(caller.appId, before, { kind: 'mfa_enrolled', what })
  }

  /** One guess of this session's device (mfa-budget.ts), given back when the code was right. */
  private async guess<T>(caller: MfaCaller, check: () => Promise<T | false>): Promise<T> {
    const device = caller.session.device_jkt ?? `session:${caller.session.id}`
    const giveBack = await this.budget.spend(caller.appId, caller.userId, device)
    const result = await check()
    if (result === false) throw new ApiError('invalid_mfa_code', INVALID_MFA_CODE)
    await giveBack()
    return result
  }

  /** The session passed a verification: the MFA proof. */
  private async proven(caller: MfaCaller): Promise<{ mfa_verified_until: number; user: WireUser }> {
    const t = this.deps.now()
    await setSessionMfa(this.deps.db, caller.session.id, t)
    return { mfa_verified_until: t + MFA_PROOF_TTL_MS, user: (await loadWireUser(this.deps.db, caller.userId))! }
  }

  // ---- TOTP ----

  private totp(secret: string): TOTP {
    return new TOTP({ issuer: 'Gatehouse', algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) })
  }

  /** The time step a code belongs to (±1 step of now), or null. */
  private totpStep(secret: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null
    const timestamp = this.deps.now()
    const delta = this.totp(secret).validate({ token: code, timestamp, window: 1 })
    return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD) + delta
  }

  /** A new pending TOTP key: `secret` (base32) and `auth_url` (otpauth://, for the QR code). */
  async initTotp(caller: MfaCaller, app: App, label: string): Promise<{ secret: string; auth_url: string }> {
    offered(app, 'totp')
    await this.requireForAdd(caller)
    const existing = await findMfaFactor(this.deps.db, caller.userId, 'totp')
    if (existing && Number(existing.active) === 1) throw new ApiError('invalid_data', 'An authenticator app is already enrolled')
    const secret = new Secret({ size: 20 }).base32
    await putMfaFactor(this.deps.db, {
      user_id: caller.userId,
      type: 'totp',
      app_id: caller.appId,
      secret: this.deps.box.seal(secret, totpContext(caller.appId, caller.userId)),
      active: 0,
      last_step: null,
      created_at: this.deps.now(),
    })
    const totp = this.totp(secret)
    totp.issuer = app.config.name || 'Gatehouse'
    totp.label = label
    return { secret, auth_url: totp.toString() }
  }

  private async checkTotp(caller: MfaCaller, code: string, activate: boolean): Promise<boolean> {
    const factor = await findMfaFactor(this.deps.db, caller.userId, 'totp')
    if (!factor || Number(factor.active) !== (activate ? 0 : 1)) return false
    const step = this.totpStep(this.deps.box.open(factor.secret, totpContext(caller.appId, caller.userId)), code)
    if (step === null) return false
    // Turning the factor active writes its webhook event in the same transaction.
    const used = activate
      ? await this.deps.db.transaction().execute(async (trx) => {
          const ok = await useTotpStep(trx, caller.userId, step, true)
          if (ok) await recordUserEvent(trx, caller.appId, 'mfa.enabled', caller.userId, { method: 'totp' })
          return ok
        })
      : await useTotpStep(this.deps.db, caller.userId, step, false)
    if (used) return true
    // A right code of a step already used: a second try with the same code cannot pass until the
    // app shows the next one, so say that (it still counts as a failed guess: replays are refused).
    throw new ApiError('invalid_mfa_code', TOTP_CODE_REUSED_MESSAGE, { reason: TOTP_CODE_REUSED_REASON })
  }

  async enrollTotp(caller: MfaCaller, code: string): Promise<WireUser> {
    await this.requireForAdd(caller, MFA_ENROLL_COMPLETION_MS)
    const before = await this.contactsBefore(caller)
    await this.guess(caller, async () => (await this.checkTotp(caller, code, true)) || false)
    await this.audit(caller, 'mfa.enroll', 'totp')
    await this.announceEnrolled(caller, before, 'an authenticator app')
    return (await loadWireUser(this.deps.db, caller.userId))!
  }

  async verifyTotp(caller: MfaCaller, code: string) {
    await this.guess(caller, async () => (await this.checkTotp(caller, code, false)) || false)
    return this.proven(caller)
  }

  // ---- SMS ----

  /** Sends a code: `verify` to the enrolled number, `enroll` to a new one (after a verification when methods exist). */
  async initSms(caller: MfaCaller, app: App, action: 'verify' | 'enroll', rawPhone: string | undefined, ip: string): Promise<void> {
    const { db, codes } = this.deps
    let phone: string
    let to: CodeRecipient
    if (action === 'enroll') {
      offered(app, 'sms')
      await this.requireForAdd(caller)
      await this.requirePhone(caller)
      if (!rawPhone) throw new ApiError('invalid_data', 'A phone number is required')
      phone = normalizePhone(rawPhone, this.deps.smsAllowedCountries)
      to = { kind: 'mfa-sms-enroll', userId: caller.userId, phone }
    } else {
      const factor = await findMfaFactor(db, caller.userId, 'sms')
      if (!factor || Number(factor.active) !== 1) throw new ApiError('invalid_data', 'SMS verification is not enrolled')
      phone = factor.secret
      to = { kind: 'mfa-sms', userId: caller.userId }
    }
    const code = await codes.issue(caller.appId, to, ip)
    await this.deps.sms.send({ to: phone, code, channel: 'sms', body: `${code} is your verification code for ${app.name}.` })
  }

  private checkSmsCode(caller: MfaCaller, to: CodeRecipient, code: string): Promise<boolean> {
    return this.deps.codes.check(caller.appId, to, code)
  }

  /** SMS enrollment is for users with a phone on the account (the chooser shows SMS 'Disabled' otherwise). */
  private async requirePhone(caller: MfaCaller): Promise<void> {
    const accounts = await listLinkedAccounts(this.deps.db, caller.userId)
    if (!accounts.some((a) => a.type === 'phone')) throw new ApiError('invalid_data', SMS_MFA_NEEDS_PHONE)
  }

  async enrollSms(caller: MfaCaller, rawPhone: string, code: string): Promise<WireUser> {
    await this.requireForAdd(caller, MFA_ENROLL_COMPLETION_MS)
    await this.requirePhone(caller)
    const phone = normalizePhone(rawPhone, this.deps.smsAllowedCountries)
    const before = await this.contactsBefore(caller)
    await this.guess(caller, async () => (await this.checkSmsCode(caller, { kind: 'mfa-sms-enroll', userId: caller.userId, phone }, code)) || false)
    await this.deps.db.transaction().execute(async (trx) => {
      await putMfaFactor(trx, {
        user_id: caller.userId,
        type: 'sms',
        app_id: caller.appId,
        secret: phone,
        active: 1,
        last_step: null,
        created_at: this.deps.now(),
      })
      await recordUserEvent(trx, caller.appId, 'mfa.enabled', caller.userId, { method: 'sms' })
    })
    await this.audit(caller, 'mfa.enroll', 'sms')
    await this.announceEnrolled(caller, before, `SMS codes to the number ending in ${phone.slice(-4)}`)
    return (await loadWireUser(this.deps.db, caller.userId))!
  }

  async verifySms(caller: MfaCaller, code: string) {
    await this.guess(caller, async () => (await this.checkSmsCode(caller, { kind: 'mfa-sms', userId: caller.userId }, code)) || false)
    return this.proven(caller)
  }

  // ---- passkeys (the ceremony itself: mfa-passkeys.ts) ----

  /** A passkey assertion the caller already verified counts as a verification. */
  async verifiedPasskey(caller: MfaCaller, check: () => Promise<boolean>) {
    await this.guess(caller, async () => (await check()) || false)
    return this.proven(caller)
  }

  /** A security event for the owner's audit log (services/audit.ts): a factor enrolled or removed. */
  audit(caller: MfaCaller, action: 'mfa.enroll' | 'mfa.remove', method: string): Promise<string> {
    const entry = { appId: caller.appId, actor: { type: 'user' as const, id: caller.userId }, action, userId: caller.userId, details: { method } }
    return recordAudit(this.deps.db, entry, this.deps.now())
  }

  async unenroll(caller: MfaCaller, type: MfaFactorType): Promise<WireUser> {
    await this.changeAllowed(caller)
    await this.deps.db.transaction().execute(async (trx) => {
      const had = await findMfaFactor(trx, caller.userId, type)
      await deleteMfaFactor(trx, caller.userId, type)
      if (had && Number(had.active) === 1) await recordUserEvent(trx, caller.appId, 'mfa.disabled', caller.userId, { method: type })
    })
    await this.audit(caller, 'mfa.remove', type)
    return (await loadWireUser(this.deps.db, caller.userId))!
  }
}

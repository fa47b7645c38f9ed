/**
 * Passkey login, sign-up, link and unlink with @simplewebauthn/server. A passkey is a
 * linked account of type `passkey` whose address is the credential id (base64url) and whose
 * details carry the spec's Passkey account fields plus what verification needs (public key,
 * signature counter, transports, user handle).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { randomBytes } from 'node:crypto'
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@gatehouse/contract'
import type { ServerConfig } from '../config.js'
import { findLinkedAccount, listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db, PasskeyChallengesTable } from '../db/schema.js'
import { ApiError } from '../errors.js'
import type { AccountService, AuthMode, ProvenAccount } from './accounts.js'
import { isMethodEnabled, type App } from './app-config.js'
import type { AuthResponse } from './sessions.js'
import type { CaptchaService } from './captcha.js'
import type { Throttle } from './throttle.js'
import type { WireUser } from './users.js'
import { authenticatorName } from './passkey-names.js'
import { signedChallenge, verifyPasskeyAssertion } from './passkey-assertion.js'

export const PASSKEY_TYPE = 'passkey'
/** How long the browser prompt may stay open (ms); the challenge lives a little longer. */
export const PASSKEY_TIMEOUT_MS = 60_000
const CHALLENGE_TTL_MS = 5 * 60_000
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/

export type PasskeyPurpose = PasskeyChallengesTable['purpose']

export interface PasskeyDeps {
  db: Db
  accounts: AccountService
  throttle: Throttle
  captcha: CaptchaService
  config: ServerConfig
  now: () => number
}

const invalid = (why: string) => new ApiError('invalid_credentials', `Passkey verification failed: ${why}`)

/** camelCase keys → snake_case, recursively (the spec's wire names: rp_id, allow_credentials, …). */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeKeys(v)]))
}

/** 'Chrome', 'Firefox', 'Safari', 'Edge' and the OS from a User-Agent: display only ('Chrome on macOS'). */
export function describeAgent(ua: string | undefined): { browser: string | null; os: string | null } {
  const s = ua ?? ''
  const browser = /Edg\//.test(s)
    ? 'Edge'
    : /Firefox\//.test(s)
      ? 'Firefox'
      : /(Chrome|Chromium|HeadlessChrome)\//.test(s)
        ? 'Chrome'
        : /Safari\//.test(s)
          ? 'Safari'
          : null
  const os = /Android/.test(s)
    ? 'Android'
    : /iPhone|iPad/.test(s)
      ? 'iOS'
      : /Mac OS X/.test(s)
        ? 'macOS'
        : /Windows/.test(s)
          ? 'Windows'
          : /Linux/.test(s)
            ? 'Linux'
            : null
  return { browser, os }
}

export class PasskeyService {
  constructor(private readonly deps: PasskeyDeps) {}

  /** The page origin is the WebAuthn origin; it must be one the app allows (any localhost in development). */
  checkOrigin(app: App, origin: string | undefined): string {
    if (origin && ((this.deps.config.dev && LOCAL_ORIGIN.test(origin)) || app.settings.allowedOrigins.includes(origin))) return origin
    throw new ApiError('forbidden_origin', 'Passkeys need a request from an allowed origin.')
  }

  /**
   * The origins a ceremony may have run on: the app's configured ones (and in development the local
   * origin its challenge was issued to), never what a request header says at verification.
   */
  private expectedOrigins(app: App, issuedOrigin: string): string[] {
    const configured = app.settings.allowedOrigins
    return this.deps.config.dev && LOCAL_ORIGIN.test(issuedOrigin) ? [...configured, issuedOrigin] : configured
  }

  private async issue(app: App, purpose: PasskeyPurpose, origin: string, challenge: string, userId: string | null, webauthnUserId: string | null) {
    const t = this.deps.now()
    await this.deps.db
      .insertInto('passkey_challenges')
      .values({
        challenge,
        app_id: app.id,
        purpose,
        origin,
        user_id: userId,
        webauthn_user_id: webauthnUserId,
        created_at: t,
        expires_at: t + CHALLENGE_TTL_MS,
      })
      .execute()
  }

  /** Deletes and returns the challenge in one statement: single use even under concurrent calls. */
  private async take(app: App, challenge: string, purpose: PasskeyPurpose, userId: string | null): Promise<PasskeyChallengesTable> {
    const row = await this.deps.db
      .deleteFrom('passkey_challenges')
      .where('challenge', '=', challenge)
      .where('app_id', '=', app.id)
      .returningAll()
      .executeTakeFirst()
    if (!row || row.purpose !== purpose || row.expires_at <= this.deps.now() || (row.user_id ?? null) !== userId) throw invalid('unknown or expired challenge')
    return row
  }

  async deleteExpired(t: number): Promise<void> {
    await this.deps.db.deleteFrom('passkey_challenges').where('expires_at', '<', t).execute()
  }

  /**
   * Creation options for a new passkey: sign-up (`userId` null; captcha-checked like every
   * unauthenticated init) or link to the signed-in user (who must be allowed to link).
   */
  async registrationOptions(app: App, originHeader: string | undefined, ip: string, userId: string | null, captchaToken?: string | null) {
    if (userId) await this.deps.accounts.linkingUser(userId)
    else await this.deps.captcha.check(app, captchaToken, ip)
    const origin = this.checkOrigin(app, originHeader)
    await this.deps.throttle.ipHit('passkey-init', ip, this.deps.throttle.limits.ipInit)
    if (!userId) this.checkSignupAllowed(app)
    const existing = userId ? (await listLinkedAccounts(this.deps.db, userId)).filter((a) => a.type === PASSKEY_TYPE) : []
    if (existing.length >= 5) throw new ApiError('cannot_link_more_of_type', 'Cannot link more passkeys to account.')
    const webauthnUserId = isoBase64URL.fromBuffer(randomBytes(32))
    const options = await generateRegistrationOptions({
      rpName: app.config.name || 'Gatehouse',
      rpID: new URL(origin).hostname,
      userName: userId ?? `passkey-${webauthnUserId.slice(0, 8)}`,
      userDisplayName: app.config.name || 'Passkey',
      userID: isoBase64URL.toBuffer(webauthnUserId),
      timeout: PASSKEY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((a) => ({ id: a.address })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      extensions: { credProps: true },
    })
    await this.issue(app, userId ? 'link' : 'register', origin, options.challenge, userId, webauthnUserId)
    return snakeKeys(options) as PasskeyCreationOptions
  }

  /** Passkey login is the app's switch (`loginMethods.passkey`); checked before a challenge is issued or spent. */
  private checkLoginAllowed(app: App) {
    if (!isMethodEnabled(app.config, 'passkey')) throw new ApiError('disallowed_login_method', 'Login with passkey not allowed')
  }

  /**
   * Sign-up needs passkey login and its own switch, and sign-up itself on: refused before the
   * browser creates a credential no account would hold.
   */
  private checkSignupAllowed(app: App) {
    this.checkLoginAllowed(app)
    if (!app.config.passkeysForSignupEnabled) throw new ApiError('disallowed_login_method', 'Sign-up with a passkey is not enabled for this app.')
    if (app.config.disableSignup) throw new ApiError('user_does_not_exist', 'User does not exist')
  }

  /** Verifies a new credential against its challenge → the proven passkey account. */
  private async verifyRegistration(
    app: App,
    response: RegistrationResponseJSON,
    purpose: PasskeyPurpose,
    userId: string | null,
    userAgent?: string,
  ): Promise<ProvenAccount> {
    const challenge = clientChallenge(response)
    const row = await this.take(app, challenge, purpose, userId)
    let verification
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: row.challenge,
        expectedOrigin: this.expectedOrigins(app, row.origin),
        expectedRPID: new URL(row.origin).hostname,
        requireUserVerification: false,
      })
    } catch (error) {
      throw invalid(error instanceof Error ? error.message : 'bad response')
    }
    if (!verification.verified) throw invalid('not verified')
    const { credential } = verification.registrationInfo
    const agent = describeAgent(userAgent)
    return {
      type: PASSKEY_TYPE,
      address: credential.id,
      displayName: 'passkey',
      details: {
        credential_id: credential.id,
        authenticator_name: authenticatorName(verification.registrationInfo.aaguid),
        created_with_browser: agent.browser,
        created_with_os: agent.os,
        created_with_device: null,
        enrolled_in_mfa: false,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: response.response.transports ?? credential.transports ?? [],
        user_handle: row.webauthn_user_id,
        aaguid: verification.registrationInfo.aaguid,
      },
    }
  }

  async register(app: App, response: RegistrationResponseJSON, mode: AuthMode | undefined, userAgent?: string): Promise<AuthResponse> {
    this.checkSignupAllowed(app)
    const proven = await this.verifyRegistration(app, response, 'register', null, userAgent)
    return this.deps.accounts.loginOrSignUp(app, proven, { mode })
  }

  async link(app: App, userId: string, response: RegistrationResponseJSON, userAgent?: string): Promise<WireUser> {
    const proven = await this.verifyRegistration(app, response, 'link', userId, userAgent)
    const existing = (await listLinkedAccounts(this.deps.db, userId)).filter((a) => a.type === PASSKEY_TYPE)
    if (existing.length >= 5) throw new ApiError('cannot_link_more_of_type', 'Cannot link more passkeys to account.')
    return this.deps.accounts.link(app, userId, proven)
  }

  /** Request options for a discoverable-credential login (any passkey of this app on the device). */
  async authenticationOptions(app: App, originHeader: string | undefined, ip: string, captchaToken?: string | null) {
    this.checkLoginAllowed(app)
    await this.deps.captcha.check(app, captchaToken, ip)
    const origin = this.checkOrigin(app, originHeader)
    await this.deps.throttle.ipHit('passkey-init', ip, this.deps.throttle.limits.ipInit)
    const options = await generateAuthenticationOptions({
      rpID: new URL(origin).hostname,
      timeout: PASSKEY_TIMEOUT_MS,
      userVerification: 'preferred',
      allowCredentials: [],
    })
    await this.issue(app, 'authenticate', origin, options.challenge, null, null)
    return snakeKeys(options) as PasskeyRequestOptions
  }

  async authenticate(app: App, challenge: string, response: AuthenticationResponseJSON, mode: AuthMode | undefined, ip: string): Promise<AuthResponse> {
    this.checkLoginAllowed(app)
    await this.deps.throttle.loginAttempt(ip)
    if (clientChallenge(response) !== challenge) throw invalid('challenge mismatch')
    const row = await this.take(app, challenge, 'authenticate', null)
    const account = await findLinkedAccount(this.deps.db, app.id, PASSKEY_TYPE, response.id)
    if (!account) throw invalid('unknown passkey')
    let verified: boolean
    try {
      verified = await verifyPasskeyAssertion(this.deps.db, account, { ...row, origins: this.expectedOrigins(app, row.origin) }, response)
    } catch (error) {
      throw invalid(error instanceof Error ? error.message : 'bad response')
    }
    if (!verified) throw invalid('not verified')
    return this.deps.accounts.loginOrSignUp(app, { type: PASSKEY_TYPE, address: account.address }, { mode })
  }
}

/** The challenge the browser signed over (the row is looked up by it). */
function clientChallenge(response: { response: { clientDataJSON: string } }): string {
  const challenge = signedChallenge(response)
  if (challenge === null) throw invalid('malformed clientDataJSON')
  return challenge
}

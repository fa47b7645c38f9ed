/**
 * Passkeys as a second factor: the user's passkeys (linked accounts) carry `enrolled_in_mfa`.
 * Verification is a WebAuthn assertion by one of the enrolled passkeys, its challenge issued to the
 * host page (the WebAuthn origin) and spent by the wallet frame's verify call.
 */
import type { PasskeyRequestOptions } from '@gatehouse/contract'
import { generateAuthenticationOptions, type AuthenticationResponseJSON } from '@simplewebauthn/server'
import { listLinkedAccounts, setLinkedAccountDetails } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable } from '../db/schema.js'
import { ApiError } from '../errors.js'
import type { AccountService } from './accounts.js'
import type { App } from './app-config.js'
import { offered, type MfaCaller, type MfaService } from './mfa.js'
import { signedChallenge, verifyPasskeyAssertion } from './passkey-assertion.js'
import { PASSKEY_TIMEOUT_MS, PASSKEY_TYPE, snakeKeys, type PasskeyService } from './passkeys.js'
import { loadWireUser, type WireUser } from './users.js'
import { recordUserEvent } from './webhook-events.js'

const CHALLENGE_TTL_MS = 5 * 60_000
type Details = Record<string, unknown> & { enrolled_in_mfa?: boolean; public_key?: string; counter?: number; transports?: string[] }
const detailsOf = (a: LinkedAccountsTable) => JSON.parse(a.details ?? '{}') as Details

export class MfaPasskeys {
  constructor(private readonly deps: { db: Db; mfa: MfaService; passkeys: PasskeyService; accounts: AccountService; now: () => number }) {}

  private async passkeysOf(userId: string): Promise<LinkedAccountsTable[]> {
    return (await listLinkedAccounts(this.deps.db, userId)).filter((a) => a.type === PASSKEY_TYPE)
  }

  /** Request options naming the user's MFA passkeys, for the host page's origin. */
  async init(app: App, userId: string, originHeader: string | undefined) {
    const origin = this.deps.passkeys.checkOrigin(app, originHeader)
    const enrolled = (await this.passkeysOf(userId)).filter((a) => detailsOf(a).enrolled_in_mfa)
    if (!enrolled.length) throw new ApiError('invalid_data', 'No passkey is enrolled in MFA')
    const options = await generateAuthenticationOptions({
      rpID: new URL(origin).hostname,
      timeout: PASSKEY_TIMEOUT_MS,
      userVerification: 'preferred',
      allowCredentials: enrolled.map((a) => ({ id: a.address, transports: detailsOf(a).transports as never })),
    })
    const t = this.deps.now()
    await this.deps.db
      .insertInto('passkey_challenges')
      .values({
        challenge: options.challenge,
        app_id: app.id,
        purpose: 'mfa',
        origin,
        user_id: userId,
        webauthn_user_id: null,
        created_at: t,
        expires_at: t + CHALLENGE_TTL_MS,
      })
      .execute()
    return snakeKeys(options) as PasskeyRequestOptions
  }

  /** Whether `response` is a valid assertion of an enrolled passkey of the caller over a live challenge (spent). */
  private async check(caller: MfaCaller, response: AuthenticationResponseJSON): Promise<boolean> {
    const challenge = signedChallenge(response)
    if (!challenge) return false
    const row = await this.deps.db
      .deleteFrom('passkey_challenges')
      .where('challenge', '=', challenge)
      .where('app_id', '=', caller.appId)
      .returningAll()
      .executeTakeFirst()
    if (!row || row.purpose !== 'mfa' || row.user_id !== caller.userId || row.expires_at <= this.deps.now()) return false
    const account = (await this.passkeysOf(caller.userId)).find((a) => a.address === response.id)
    if (!account || !detailsOf(account).enrolled_in_mfa) return false
    try {
      return await verifyPasskeyAssertion(this.deps.db, account, row, response, { latest_verified_at: this.deps.now() })
    } catch {
      return false
    }
  }

  verify(caller: MfaCaller, response: AuthenticationResponseJSON) {
    return this.deps.mfa.verifiedPasskey(caller, () => this.check(caller, response))
  }

  /**
   * Sets which of the user's passkeys are enrolled in MFA (`credentialIds`: exactly those). Removed
   * ones are also unlinked as login methods when `removeForLogin`.
   */
  async enrollment(caller: MfaCaller, app: App, credentialIds: string[], removeForLogin: boolean): Promise<WireUser> {
    const { mfa } = this.deps
    const passkeys = await this.passkeysOf(caller.userId)
    const adding = credentialIds.some((id) => !passkeys.some((a) => a.address === id && detailsOf(a).enrolled_in_mfa))
    // Adding is enrolling (the first factor needs a fresh login on this device); only removing needs a proof alone.
    if (adding) await mfa.requireForAdd(caller)
    else await mfa.changeAllowed(caller)
    if (credentialIds.length) offered(app, 'passkey')
    for (const id of credentialIds) {
      if (!passkeys.some((a) => a.address === id)) throw new ApiError('invalid_data', 'Unknown passkey')
    }
    const before = adding ? await mfa.contactsBefore(caller) : []
    const removed: string[] = []
    // Each passkey enrolled or removed and its webhook event, together.
    await this.deps.db.transaction().execute(async (trx) => {
      for (const account of passkeys) {
        const details = detailsOf(account)
        const enrolled = credentialIds.includes(account.address)
        if (Boolean(details.enrolled_in_mfa) === enrolled) continue
        if (!enrolled) removed.push(account.address)
        await setLinkedAccountDetails(trx, account.id, JSON.stringify({ ...details, enrolled_in_mfa: enrolled }))
        await recordUserEvent(trx, caller.appId, enrolled ? 'mfa.enabled' : 'mfa.disabled', caller.userId, {
          method: 'passkey',
          credential_id: account.address,
        })
      }
    })
    if (removeForLogin) for (const address of removed) await this.deps.accounts.unlink(app, caller.userId, PASSKEY_TYPE, address)
    if (adding) await mfa.audit(caller, 'mfa.enroll', 'passkey')
    if (removed.length) await mfa.audit(caller, 'mfa.remove', 'passkey')
    if (adding) await mfa.announceEnrolled(caller, before, 'a passkey')
    return (await loadWireUser(this.deps.db, caller.userId))!
  }
}

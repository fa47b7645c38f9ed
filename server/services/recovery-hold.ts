/**
 * The recovery hold: a login method linked to an account (or an address changed) less than
 * `holdMs` ago (24 h by default, GATEHOUSE_NEW_METHOD_HOLD_MS) cannot be the ceremony that recovers
 * its wallet onto a new device. Whoever briefly held the owner's session (a script on the host
 * page, a token copied while it lived) could link their own e-mail or wallet; the hold leaves the
 * owner a day, with the notice sent to their old contacts (account-notices.ts), to undo it.
 *
 * Only methods bound after the wallet's secret was created are held: the method a user signed up
 * with recovers on their second device at once. A second factor unlocks the hold when the session
 * verified MFA and every factor the user has is older than the held method and not new itself (the
 * session's MFA proof does not say which factor was used, so one fresh factor spoils them all).
 */
import type { Db, SessionsTable, WalletSecretsTable } from '../db/schema.js'
import { ApiError } from '../errors.js'

export interface RecoveryHoldDeps {
  db: Db
  now: () => number
  holdMs: number
}

export class RecoveryHold {
  constructor(private readonly deps: RecoveryHoldDeps) {}

  /** Refuses (`recovery_on_hold`, with `opens_at`) a recovery of `secret` by a session that logged in with a method too new. */
  async check(session: SessionsTable, secret: Pick<WalletSecretsTable, 'created_at'>): Promise<void> {
    // Sessions started before the hold existed name no method; they are at most a refresh lifetime old.
    if (!session.login_account_id) return
    const t = this.deps.now()
    const boundAt = await this.boundAt(session)
    if (this.settled(boundAt, secret, t)) return
    if (session.mfa_verified_at != null && (await this.factorsPredate(session.user_id, boundAt, secret, t))) return
    const opensAt = boundAt + this.deps.holdMs
    // No "verify with your second factor" here: a user with MFA is asked for it before key material
    // (EmbeddedWalletService.keyMaterial), so a refusal reaching this text is one MFA did not open.
    throw new ApiError(
      'recovery_on_hold',
      `You logged in with a method added to this account recently. For your security, recovering the wallet with it opens on ${new Date(opensAt).toUTCString()}.`,
      { opens_at: opensAt },
    )
  }

  /** When the session's login method became a way into the user; now when it is gone or moved. */
  private async boundAt(session: SessionsTable): Promise<number> {
    const account = await this.deps.db
      .selectFrom('linked_accounts')
      .select(['user_id', 'bound_at', 'first_verified_at'])
      .where('id', '=', session.login_account_id!)
      .executeTakeFirst()
    if (!account || account.user_id !== session.user_id) return this.deps.now()
    return Number(account.bound_at ?? account.first_verified_at)
  }

  /** Bound before the secret existed, or long enough ago. */
  private settled(boundAt: number, secret: Pick<WalletSecretsTable, 'created_at'>, t: number): boolean {
    return boundAt <= Number(secret.created_at) || t - boundAt >= this.deps.holdMs
  }

  /** The user has a second factor, and each one existed before `boundAt` and is not held itself. */
  private async factorsPredate(userId: string, boundAt: number, secret: Pick<WalletSecretsTable, 'created_at'>, t: number): Promise<boolean> {
    const { db } = this.deps
    const factors = await db.selectFrom('mfa_factors').select('created_at').where('user_id', '=', userId).where('active', '=', 1).execute()
    const passkeys = await db
      .selectFrom('linked_accounts')
      .select(['bound_at', 'details'])
      .where('user_id', '=', userId)
      .where('type', '=', 'passkey')
      .execute()
    const since = [
      ...factors.map((f) => Number(f.created_at)),
      ...passkeys.filter((p) => (JSON.parse(p.details ?? '{}') as { enrolled_in_mfa?: boolean }).enrolled_in_mfa).map((p) => Number(p.bound_at)),
    ]
    return since.length > 0 && since.every((at) => at < boundAt && this.settled(at, secret, t))
  }
}

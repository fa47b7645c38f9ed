/**
 * What a login method hands the account service once it has proven an account: below accounts.ts and
 * the modules it uses (login-gate.ts, account-transfer-nonce.ts), so those need not import it back.
 */
import type { Identifier } from './app-config.js'

export type AuthMode = 'login-or-sign-up' | 'no-signup'

/** An account a login method has just proven. */
export interface ProvenAccount {
  type: string
  /** Normalised lookup key, unique per app and type (e-mail, E.164 phone, `provider:subject`, credential id…). */
  address: string
  /** Type-specific wire fields (snake_case), spread into the wire account. */
  details?: Record<string, unknown> | null
  /** What the transfer screen calls it ('X is associated with another account'); defaults to the address. */
  displayName?: string
  /**
   * For accounts that are not themselves an e-mail, phone or wallet: one the method vouches for
   * (a provider-verified e-mail, a Farcaster custody address), which the allowlist may match.
   */
  identifier?: Identifier | null
}

/** The code check shared by e-mail and SMS login: one guess spent, single use, an address-wide guess budget. */
import { codeMatches } from '../crypto/codes.js'
import { claimCodeAttempt, consumeLoginCode } from '../db/codes.js'
import type { Db } from '../db/schema.js'
import type { Throttle } from './throttle.js'

export interface CodeCheckDeps {
  db: Db
  throttle: Throttle
  secret: string
  now: () => number
}

/**
 * Whether `code` is the live code of `key` (the login_codes address: an e-mail, or `phone:<E.164>`);
 * a right code is consumed. Throws too_many_requests when the address's guess budget is spent,
 * whatever the code: past the budget even the right code is refused, or the budget would bound nothing.
 */
export async function checkLoginCode(deps: CodeCheckDeps, appId: string, key: string, code: string): Promise<boolean> {
  const { db, throttle, now, secret } = deps
  const giveBack = await throttle.codeGuess(appId, key)
  const storedHash = await claimCodeAttempt(db, appId, key, now(), throttle.limits.codeMaxAttempts)
  // Always run the HMAC so a missing code costs the same as a wrong one.
  const matches = codeMatches(secret, appId, key, code, storedHash ?? '')
  if (!storedHash || !matches || !(await consumeLoginCode(db, appId, key, storedHash))) return false
  await giveBack()
  return true
}

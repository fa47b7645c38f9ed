/**
 * The WebAuthn assertion check shared by passkey login (passkeys.ts) and passkey MFA
 * (mfa-passkeys.ts): the challenge a response signed over, and the signature check against the
 * stored credential, which then records the new signature counter.
 */
import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { setLinkedAccountDetails } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable } from '../db/schema.js'

/** The challenge the browser signed over, from clientDataJSON; null when it is malformed. */
export function signedChallenge(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(response.response.clientDataJSON)) as { challenge?: unknown }
    return typeof data.challenge === 'string' ? data.challenge : null
  } catch {
    return null
  }
}

/**
 * Verifies `response` as an assertion by the passkey `account` holds, over the issued challenge on
 * its origin (the RP id is the origin's host). When verified, the account's details get the new
 * signature counter (it only moves forward; simplewebauthn refuses a lower one: a cloned key) and
 * `update`'s fields. Answers whether it verified; throws simplewebauthn's error for a malformed one.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  account: LinkedAccountsTable,
  /** `origins`: the origins the configuration allows now (passkeys.ts); the issued one otherwise. */
  issued: { challenge: string; origin: string; origins?: string[] },
  response: AuthenticationResponseJSON,
  update: Record<string, unknown> = {},
): Promise<boolean> {
  const details = JSON.parse(account.details ?? '{}') as Record<string, unknown>
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: issued.challenge,
    expectedOrigin: issued.origins ?? issued.origin,
    expectedRPID: new URL(issued.origin).hostname,
    credential: {
      id: account.address,
      publicKey: isoBase64URL.toBuffer(String(details.public_key)),
      counter: Number(details.counter ?? 0),
      transports: details.transports as never,
    },
    requireUserVerification: false,
  })
  if (!verification.verified) return false
  await setLinkedAccountDetails(db, account.id, JSON.stringify({ ...details, ...update, counter: verification.authenticationInfo.newCounter }))
  return true
}

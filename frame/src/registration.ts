/**
 * Proofs of possession, signed with wallet keys the frame holds and verified by the server against
 * the same contract text. At registration the new wallet's key names the app, the user and the
 * address, so a script that holds an access token cannot register an address it cannot sign for.
 * When the recovery data changes, the key of the secret's entropy id signs the new shares, so a
 * device that cannot rebuild the secret cannot overwrite the server's shares of it.
 */
import { base64, base64urlnopad } from '@scure/base'
import { registrationMessage, shareSetMessage, type RegistrationClaim, type ShareSetClaim } from '@gatehouse/contract'
import { ethereumAccount, signSolana, type DerivedKey } from './custody.ts'

/** The user id (`sub`) of an access token. Read only to name it in the proof; the server checks it. */
export function tokenSubject(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? ''
  const claims = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(payload))) as { sub?: unknown }
  if (typeof claims.sub !== 'string') throw new Error('The access token names no user')
  return claims.sub
}

/** EIP-191 signature (0x-hex) for Ethereum, ed25519 (base64) for Solana. */
async function sign(key: DerivedKey, message: string): Promise<string> {
  if (key.chainType === 'solana') return base64.encode(signSolana(key, new TextEncoder().encode(message)))
  return ethereumAccount(key).signMessage({ message })
}

export function signRegistration(key: DerivedKey, claim: Omit<RegistrationClaim, 'address'>): Promise<string> {
  return sign(key, registrationMessage({ ...claim, address: key.address }))
}

/** `key` is the entropy id's own key (the secret's first wallet, or the imported key). */
export async function signShareSet(key: DerivedKey, claim: Omit<ShareSetClaim, 'entropyId'>): Promise<string> {
  return sign(key, await shareSetMessage({ ...claim, entropyId: key.address }))
}

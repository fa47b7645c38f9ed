/**
 * Proof of possession at wallet registration: the frame signs a statement naming the app, the
 * user and the address with the new wallet's own key, and the server verifies it before it stores
 * the wallet. So a script that holds an access token cannot register an address it cannot sign
 * for. The statement's text is the contract's `registrationMessage`, which the server verifies.
 */
import { base64, base64urlnopad } from '@scure/base'
import { registrationMessage, type RegistrationClaim } from '@gatehouse/contract'
import { ethereumAccount, signSolana, type DerivedKey } from './custody.ts'

/** The user id (`sub`) of an access token. Read only to name it in the proof; the server checks it. */
export function tokenSubject(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? ''
  const claims = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(payload))) as { sub?: unknown }
  if (typeof claims.sub !== 'string') throw new Error('The access token names no user')
  return claims.sub
}

/** EIP-191 signature (0x-hex) for Ethereum, ed25519 (base64) for Solana. */
export async function signRegistration(key: DerivedKey, claim: Omit<RegistrationClaim, 'address'>): Promise<string> {
  const message = registrationMessage({ ...claim, address: key.address })
  if (key.chainType === 'solana') return base64.encode(signSolana(key, new TextEncoder().encode(message)))
  return ethereumAccount(key).signMessage({ message })
}

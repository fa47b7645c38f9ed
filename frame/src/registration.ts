/**
 * Proof of possession at wallet registration: the frame signs a statement naming the app, the
 * user and the address with the new wallet's own key, and the server verifies it before it stores
 * the wallet. So a script that holds an access token cannot register an address it cannot sign
 * for. Shared by the frame (signing) and the server (the same message text when verifying).
 */
import { base64, base64urlnopad } from '@scure/base'
import { ethereumAccount, signSolana, type DerivedKey } from './custody.ts'

export interface RegistrationClaim {
  appId: string
  userId: string
  address: string
}

/** The exact text signed: readable, and bound to app, user and address (no replay to another user). */
export function registrationMessage({ appId, userId, address }: RegistrationClaim): string {
  return `Gatehouse embedded wallet registration\nApp: ${appId}\nUser: ${userId}\nAddress: ${address}`
}

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

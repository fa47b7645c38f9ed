/**
 * Proof of possession at wallet registration: the wallet frame signs this statement with the new
 * wallet's own key (frame/src/registration.ts) and the server verifies it against the same text
 * before it stores the wallet (server/services/wallet-proof.ts).
 */
export interface RegistrationClaim {
  appId: string
  userId: string
  address: string
}

/** The exact text signed: readable, and bound to app, user and address (no replay to another user). */
export function registrationMessage({ appId, userId, address }: RegistrationClaim): string {
  return `Gatehouse embedded wallet registration\nApp: ${appId}\nUser: ${userId}\nAddress: ${address}`
}

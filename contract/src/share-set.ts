/**
 * Proof of possession when the server's shares of a secret are replaced (a change of recovery
 * method): the wallet frame signs this statement with the key whose address is the secret's entropy
 * id (frame/src/registration.ts), and the server verifies it against the same text before it
 * overwrites anything (server/services/wallet-proof.ts). A device that does not hold the secret
 * cannot sign it, so it cannot replace the shares with garbage and lose the user's wallet.
 */
import { hex } from '@scure/base'

export interface ShareSetClaim {
  appId: string
  userId: string
  entropyId: string
  /** The split being replaced: an old signed statement cannot be replayed over a newer split. */
  previousShareSet: string
  shareSet: string
  recoveryMethod: string
  /** The shares exactly as sent in the request body (base64, or the password envelope's JSON). */
  authShare: string
  recoveryShare: string
}

async function sha256Hex(text: string): Promise<string> {
  return hex.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))
}

/**
 * The exact text signed. The shares appear as SHA-256 digests: the statement stays short and
 * readable, and a signature covers these shares and no others.
 */
export async function shareSetMessage(claim: ShareSetClaim): Promise<string> {
  return [
    'Gatehouse embedded wallet recovery change',
    `App: ${claim.appId}`,
    `User: ${claim.userId}`,
    `Entropy id: ${claim.entropyId}`,
    `Replaces share set: ${claim.previousShareSet}`,
    `Share set: ${claim.shareSet}`,
    `Recovery method: ${claim.recoveryMethod}`,
    `Auth share SHA-256: ${await sha256Hex(claim.authShare)}`,
    `Recovery share SHA-256: ${await sha256Hex(claim.recoveryShare)}`,
  ].join('\n')
}

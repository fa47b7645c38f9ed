import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { requireFarcasterSignerUser } from '../farcaster/requirements.ts'

export type GetFarcasterSignerPublicKeyReturnType = Uint8Array
/** EmbeddedWalletError: not signed in, no embedded wallet or Farcaster account, or no signer key on this device. */
export type GetFarcasterSignerPublicKeyErrorType = EmbeddedWalletError

/**
 * The ed25519 public key (32 bytes) of the user's Farcaster signer on this device, the key
 * `requestFarcasterSignerFromWarpcast` added. With `signFarcasterMessage` it makes a Farcaster
 * `Signer` (e.g. for @farcaster/core's `makeCastAdd`).
 *
 * @example
 * const signer = { scheme: 1, getSignerKey: async () => ok(await getFarcasterSignerPublicKey()), signMessageHash: async (h) => ok(await signFarcasterMessage(h)) }
 */
export async function getFarcasterSignerPublicKey(): Promise<GetFarcasterSignerPublicKeyReturnType> {
  requireFarcasterSignerUser()
  const { signerPublicKey } = await import('../farcaster/signerKey.ts')
  const publicKey = await signerPublicKey()
  if (!publicKey) throw new EmbeddedWalletError(WALLET_MESSAGES.farcasterSignerMissing, { code: 'FARCASTER_SIGNER_NOT_FOUND' })
  return publicKey
}

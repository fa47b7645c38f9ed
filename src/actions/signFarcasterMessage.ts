import type { EmbeddedWalletError } from '../errors/wallet.ts'
import { requireFarcasterSignerUser } from '../farcaster/requirements.ts'

/** A Farcaster message hash: BLAKE3 of the message data, 20 bytes (or its 0x-hex). */
export type SignFarcasterMessageParameters = Uint8Array | string
export type SignFarcasterMessageReturnType = Uint8Array
/** EmbeddedWalletError: not signed in, no embedded wallet or Farcaster account, no approved signer on this device, or a hash that is not 20 bytes. */
export type SignFarcasterMessageErrorType = EmbeddedWalletError

/**
 * Signs a Farcaster message hash with the user's approved Farcaster signer (ed25519, 64 bytes).
 * The key stays in the wallet frame; no screen is shown.
 *
 * @example
 * const cast = await makeCastAdd({ text: 'gm', embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [] }, { fid, network }, signer)
 */
export async function signFarcasterMessage(messageHash: SignFarcasterMessageParameters): Promise<SignFarcasterMessageReturnType> {
  requireFarcasterSignerUser()
  const { signWithSigner } = await import('../farcaster/signerKey.ts')
  return signWithSigner(messageHash)
}

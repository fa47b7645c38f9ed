import type { EmbeddedWalletError } from '../errors/wallet.ts'
import { requireFarcasterSignerUser } from '../farcaster/requirements.ts'

export type RequestFarcasterSignerFromWarpcastReturnType = void
/**
 * EmbeddedWalletError: MUST_BE_AUTHENTICATED, EMBEDDED_WALLET_NOT_FOUND ('Farcaster signers need an
 * embedded wallet.'), FARCASTER_ACCOUNT_NOT_FOUND ('Farcaster signers need a Farcaster account.'),
 * USER_EXITED; or the FarcasterSignerError the screen showed ('Connect failed', 'Request rejected', the time-out).
 */
export type RequestFarcasterSignerFromWarpcastErrorType = EmbeddedWalletError

/**
 * 'Add a signer to Farcaster' (spec part 3): the wallet frame makes an ed25519 signer key for the
 * user (it never leaves the frame), your app's Farcaster account signs the request, and the user
 * approves it in the Farcaster app: a QR code on desktop, an open-app button on mobile. Resolves
 * after 'Success!' (the modal closes 1.4 s later); then `signFarcasterMessage` signs with the key.
 *
 * @example
 * await requestFarcasterSignerFromWarpcast()
 * const publicKey = await getFarcasterSignerPublicKey()
 */
export async function requestFarcasterSignerFromWarpcast(): Promise<RequestFarcasterSignerFromWarpcastReturnType> {
  requireFarcasterSignerUser()
  const { runFarcasterSignerScreen } = await import('../farcaster/signerFlow.ts')
  await runFarcasterSignerScreen()
}

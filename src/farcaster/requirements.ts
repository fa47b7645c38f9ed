/**
 * Spec part 3 §5: 'Farcaster signers need an embedded wallet, a Farcaster account and on-device
 * execution' (the key lives in this device's wallet frame). Checked before the screen opens and
 * before the frame signs; the server checks the same.
 */
import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { $session } from '../stores/session.ts'
import { $wallets } from '../stores/wallets.ts'

export function requireFarcasterSignerUser(): void {
  const { status, user } = $session.get()
  if (status !== 'authenticated' || !user) throw new EmbeddedWalletError(WALLET_MESSAGES.mustBeAuthenticatedToSign, { code: 'MUST_BE_AUTHENTICATED' })
  if ($wallets.get().length === 0) throw new EmbeddedWalletError(WALLET_MESSAGES.farcasterSignerNeedsWallet, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  if (!user.farcaster) throw new EmbeddedWalletError(WALLET_MESSAGES.farcasterSignerNeedsAccount, { code: 'FARCASTER_ACCOUNT_NOT_FOUND' })
}

/**
 * Opens 'Add a signer to Farcaster' and settles the host's promise: after the success screen's
 * 1.4 s (the screen resolves it), or when the modal closes first (with the error shown, else the
 * user's exit).
 */
import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { $farcasterSigner } from '../stores/farcasterSigner.ts'
import { awaitPending } from '../stores/pending.ts'
import { modalClosed, openWalletScreen } from '../wallets/embedded/modal.ts'

const exited = () => new EmbeddedWalletError(WALLET_MESSAGES.farcasterSignerExited, { code: 'USER_EXITED' })

export function runFarcasterSignerScreen(): Promise<void> {
  const answer = awaitPending($farcasterSigner, {}, exited)
  openWalletScreen({ name: 'farcaster-signer' })
  void modalClosed().then(() => {
    const pending = $farcasterSigner.get()
    pending?.reject(pending.failure ?? exited())
  })
  return answer
}

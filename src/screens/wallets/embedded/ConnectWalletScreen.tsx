import { useEffect, useRef, useState } from 'react'
import { closeModal } from '../../../actions/closeModal.ts'
import { connectEmbeddedWallet } from '../../../actions/connectEmbeddedWallet.ts'
import { toBaseError } from '../../../errors/toBaseError.ts'
import { enrolledMethods, requestVerification } from '../../../mfa/gate.ts'
import { currentScreen, pushScreen, replaceScreen } from '../../../stores/modal.ts'
import { ErrorView } from '../../../ui/ErrorView.tsx'
import { Spinner } from '../../../ui/Spinner.tsx'
import { WALLET_TIMING } from './timing.ts'
import { findWallet } from '../../../stores/wallets.ts'
import { $recoveryOAuth } from '../../../stores/recoveryOAuth.ts'

/**
 * Connect-wallet interstitial before a sensitive action (export): connects the wallet, recovering
 * it when needed (pinless for automatic recovery, 'Enter your password' otherwise), then moves on.
 */
export default function ConnectWalletScreen({ address, next }: { address: string; next: 'export' }) {
  const [failed, setFailed] = useState<false | string>(false)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const shown = Date.now()
    // Spec part 3 §6: exporting forces MFA verification (the server also wants a fresh one and spends it).
    const verified = enrolledMethods().length ? requestVerification('auth', () => pushScreen({ name: 'mfa-verify', flow: 'auth' })) : Promise.resolve()
    verified
      .then(() => connectEmbeddedWallet({ address, promptPassword: false }))
      .then(
        () => {
          const wait = Math.max(0, WALLET_TIMING.exportInterstitialMinMs - (Date.now() - shown))
          setTimeout(() => replaceScreen({ name: 'embedded-wallet-export', address }), wait)
        },
        (error) => {
          // A canceled or failed verification ends here: its screen already said why.
          if (toBaseError(error).name === 'MfaError') return
          // A login method added recently: the server's text says when recovery with it opens.
          if (toBaseError(error).code === 'RECOVERY_ON_HOLD') return setFailed(toBaseError(error).shortMessage)
          // A cloud-backed wallet: recover it first ('Confirm it's really you'), then export again.
          if (toBaseError(error).code === 'CLOUD_RECOVERY_REQUIRED') {
            const method = findWallet(address)?.recoveryMethod
            if (method === 'google-drive' || method === 'icloud') {
              $recoveryOAuth.set({ provider: method, action: 'recover', state: 'confirm', address, next })
              return replaceScreen({ name: 'embedded-wallet-recovery-oauth', provider: method, action: 'recover' })
            }
          }
          if (toBaseError(error).code !== 'PASSWORD_REQUIRED') return setFailed("We're on it. Please try again later.")
          // 'Enter your password', then the export.
          replaceScreen({ name: 'embedded-wallet-recover-password', address, next })
        },
      )
  }, [address, next])

  if (failed) return <ErrorView title="Something went wrong" detail={failed} cta="Close" onCta={() => closeModal()} />
  return (
    <div className="body" part="body" data-screen="embedded-wallet-connect">
      <h2 id="gh-screen-title" className="visually-hidden">
        Connecting your wallet
      </h2>
      <Spinner />
    </div>
  )
}

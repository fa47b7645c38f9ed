import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { closeModal } from '../../../actions/closeModal.ts'
import { $config } from '../../../stores/config.ts'
import { preloadScreen, replaceScreen } from '../../../stores/modal.ts'
import { ErrorView } from '../../../ui/ErrorView.tsx'
import { ProgressView } from '../../../ui/ProgressView.tsx'
import { embeddedWalletsConfig } from '../../../wallets/embedded/config.ts'
import { createWalletsOnLogin } from '../../../wallets/embedded/createOnLogin.ts'

/** Embedded wallet creation after login: automatic recovery, or first the user-owned recovery setup. */
export default function CreateWalletScreen({ isNewUser }: { isNewUser: boolean }) {
  const { app } = useStore($config)
  const [failed, setFailed] = useState(false)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const config = embeddedWalletsConfig(app)
    // The screen that follows is fetched while the wallet is created, and shown only once its code
    // is in: no 'Loading' flash between (on a busy machine the wallet can be quicker than the chunk).
    if (config.requireUserOwnedRecoveryOnCreate) {
      const options = config.userOwnedRecoveryOptions
      const entry =
        options.length === 1 && options[0] === 'user-passcode'
          ? ({ name: 'embedded-wallet-secure', isNewUser } as const)
          : ({ name: 'embedded-wallet-recovery-select', purpose: 'create', isNewUser } as const)
      void preloadScreen(entry.name).then(() => replaceScreen(entry))
      return
    }
    const next = preloadScreen('embedded-wallet-created')
    createWalletsOnLogin({ recoveryMethod: 'privy' })
      .then(() => next)
      .then(
        () => replaceScreen({ name: 'embedded-wallet-created', isNewUser }),
        () => setFailed(true),
      )
  }, [app, isNewUser])

  if (failed)
    return <ErrorView title="Failed to create wallet" detail="Something went wrong. Please log in and try again." cta="Close" onCta={() => closeModal()} />
  return <ProgressView screen="embedded-wallet-create" title="Creating your wallet" detail="This only takes a moment." />
}

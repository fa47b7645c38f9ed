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
    // The screen that follows is fetched while the wallet is created: no 'Loading' flash between.
    preloadScreen(config.requireUserOwnedRecoveryOnCreate ? 'embedded-wallet-recovery-select' : 'embedded-wallet-created')
    if (config.requireUserOwnedRecoveryOnCreate) {
      const options = config.userOwnedRecoveryOptions
      replaceScreen(
        options.length === 1 && options[0] === 'user-passcode'
          ? { name: 'embedded-wallet-secure', isNewUser }
          : { name: 'embedded-wallet-recovery-select', purpose: 'create', isNewUser },
      )
      return
    }
    createWalletsOnLogin({ recoveryMethod: 'privy' }).then(
      () => replaceScreen({ name: 'embedded-wallet-created', isNewUser }),
      () => setFailed(true),
    )
  }, [app, isNewUser])

  if (failed)
    return <ErrorView title="Failed to create wallet" detail="Something went wrong. Please log in and try again." cta="Close" onCta={() => closeModal()} />
  return <ProgressView screen="embedded-wallet-create" title="Creating your wallet" detail="This only takes a moment." />
}

import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { closeModal } from '../../../actions/closeModal.ts'
import { $config } from '../../../stores/config.ts'
import { ProgressView } from '../../../ui/ProgressView.tsx'
import { WALLET_TIMING } from './timing.ts'

/** 'Welcome' (plus app name) for a new user, else 'All set!'; closes by itself after 2.5 s. */
export default function WalletCreatedScreen({ isNewUser }: { isNewUser: boolean }) {
  const { app } = useStore($config)
  useEffect(() => {
    const id = setTimeout(() => closeModal(), WALLET_TIMING.createdCloseMs)
    return () => clearTimeout(id)
  }, [])
  // The same layout as 'Creating your wallet', finished: one progress state from the code to here.
  return (
    <ProgressView
      screen="embedded-wallet-created"
      done
      title={isNewUser ? `Welcome${app?.name ? ` to ${app.name}` : ''}` : 'All set!'}
      detail={isNewUser ? 'Your wallet is ready.' : 'Your account is secured.'}
    />
  )
}

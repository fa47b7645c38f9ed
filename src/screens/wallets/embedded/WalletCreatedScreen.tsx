import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { closeModal } from '../../../actions/closeModal.ts'
import { $config } from '../../../stores/config.ts'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'
import { WALLET_TIMING } from './timing.ts'

/** 'Welcome' (plus app name) for a new user, else 'All set!'; closes by itself after 2.5 s. */
export default function WalletCreatedScreen({ isNewUser }: { isNewUser: boolean }) {
  const { app } = useStore($config)
  useEffect(() => {
    const id = setTimeout(() => closeModal(), WALLET_TIMING.createdCloseMs)
    return () => clearTimeout(id)
  }, [])
  return (
    <div className="body" part="body" data-screen="embedded-wallet-created">
      <ScreenTitle>{isNewUser ? `Welcome${app?.name ? ` to ${app.name}` : ''}` : 'All set!'}</ScreenTitle>
      {isNewUser ? null : <p className="detail">Your account is secured.</p>}
    </div>
  )
}

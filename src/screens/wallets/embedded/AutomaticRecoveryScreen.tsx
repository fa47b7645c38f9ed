import { useEffect, useRef, useState } from 'react'
import { closeModal } from '../../../actions/closeModal.ts'
import { setWalletRecovery } from '../../../actions/setWalletRecovery.ts'
import { PrimaryButton } from '../../../ui/Button.tsx'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'
import { WALLET_TIMING } from './timing.ts'

/** 'Automatically secure your account': switches the wallet to automatic recovery. */
export default function AutomaticRecoveryScreen() {
  const [status, setStatus] = useState<'idle' | 'working' | 'success' | 'error'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  async function confirm() {
    setStatus('working')
    try {
      await setWalletRecovery({ recoveryMethod: 'privy' })
      setStatus('success')
      timer.current = setTimeout(() => closeModal(), WALLET_TIMING.successCloseMs)
    } catch {
      setStatus('error')
    }
  }

  if (status === 'error') {
    return (
      <div className="body" part="body" data-screen="embedded-wallet-automatic-recovery">
        <ScreenTitle>Something went wrong</ScreenTitle>
        <p className="detail" role="alert">
          Unable to set recovery on wallet
        </p>
        <PrimaryButton onClick={confirm}>Try again</PrimaryButton>
      </div>
    )
  }
  return (
    <div className="body" part="body" data-screen="embedded-wallet-automatic-recovery">
      <ScreenTitle>{status === 'success' ? 'Success' : 'Automatically secure your account'}</ScreenTitle>
      {status === 'success' ? null : (
        <>
          <p className="detail">Your wallet will be recoverable on any device you log in on.</p>
          <PrimaryButton onClick={confirm} disabled={status === 'working'} aria-busy={status === 'working' || undefined}>
            Confirm
          </PrimaryButton>
        </>
      )}
    </div>
  )
}

import { useEffect, useRef, useState, type FormEvent } from 'react'
import { closeModal } from '../../../actions/closeModal.ts'
import { replaceScreen } from '../../../stores/modal.ts'
import { recoverWallet } from '../../../actions/recoverWallet.ts'
import { toBaseError } from '../../../errors/toBaseError.ts'
import { WALLET_MESSAGES } from '../../../errors/wallet.ts'
import { PrimaryButton } from '../../../ui/Button.tsx'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'
import { PasswordInput } from './PasswordParts.tsx'
import { WALLET_TIMING } from './timing.ts'

/** 'Enter your password': recovers a password-protected wallet on this device. */
export default function RecoverPasswordScreen({ address, next }: { address: string; next?: 'export' }) {
  const [password, setPassword] = useState('')
  const [status, setStatus] = useState<'idle' | 'submitting' | 'success'>('idle')
  const [error, setError] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    if (!password || status !== 'idle') return
    setStatus('submitting')
    setError(null)
    try {
      await recoverWallet({ address, recoveryPassword: password })
      setStatus('success')
      if (next === 'export') replaceScreen({ name: 'embedded-wallet-export', address })
      else timer.current = setTimeout(() => closeModal(), WALLET_TIMING.successCloseMs)
    } catch (failure) {
      // The typed password stays so the user can correct it.
      const base = toBaseError(failure)
      setError(base.code === 'invalid_recovery_pin' ? WALLET_MESSAGES.invalidRecoveryPassword : WALLET_MESSAGES.genericRetry)
      setStatus('idle')
    }
  }

  return (
    <form className="body" part="body" data-screen="embedded-wallet-recover-password" onSubmit={submit}>
      <ScreenTitle>Enter your password</ScreenTitle>
      <p className="detail">Your wallet is protected by a password. Enter it to use your wallet on this device.</p>
      <PasswordInput label="Recovery password" value={password} onChange={(value) => (setPassword(value), setError(null))} />
      {error ? (
        <p className="error-message" part="error-message" role="alert">
          {error}
        </p>
      ) : null}
      {status === 'success' ? (
        <p className="success-message" part="success-message" role="status">
          Success
        </p>
      ) : null}
      <PrimaryButton type="submit" disabled={!password || status !== 'idle'} aria-busy={status === 'submitting' || undefined}>
        {status === 'submitting' ? 'Recovering...' : 'Continue'}
      </PrimaryButton>
    </form>
  )
}

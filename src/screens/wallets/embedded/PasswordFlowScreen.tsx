import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { closeModal } from '../../../actions/closeModal.ts'
import { setWalletRecovery } from '../../../actions/setWalletRecovery.ts'
import { $config } from '../../../stores/config.ts'
import { $modal, backScreen, replaceScreen } from '../../../stores/modal.ts'
import { PrimaryButton, SecondaryButton } from '../../../ui/Button.tsx'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'
import { createWalletsOnLogin } from '../../../wallets/embedded/createOnLogin.ts'
import { passwordError, passwordStrength } from '../../../wallets/embedded/password.ts'
import { passwordSet } from '../../../wallets/embedded/passwordOutcome.ts'
import { PasswordInput, SavePassword } from './PasswordParts.tsx'
import { WALLET_TIMING } from './timing.ts'

/** Spec part 2 §4: creating → saving → confirming → finalizing → done. */
export type PasswordStep = 'creating' | 'saving' | 'confirming' | 'finalizing' | 'done'

interface Props {
  purpose: 'create' | 'update'
  isNewUser?: boolean
  /** The user opened the flow (Cancel offered); otherwise it started automatically (closes after success). */
  startedByUser: boolean
}

/** The four-step password flow plus its result. */
export default function PasswordFlowScreen({ purpose, isNewUser = false, startedByUser }: Props) {
  const { app } = useStore($config)
  const modal = useStore($modal)
  const [step, setStep] = useState<PasswordStep>('creating')
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const [confirm, setConfirm] = useState('')
  const [confirmTouched, setConfirmTouched] = useState(false)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<'success' | 'error' | null>(null)
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), [])

  const error = passwordError(password)
  const previous = modal.stack[modal.stack.length - 2]
  const mismatch = confirmTouched && confirm !== password ? 'Passwords do not match' : null

  async function submit() {
    setBusy(true)
    try {
      if (purpose === 'create') await createWalletsOnLogin({ recoveryMethod: 'user-passcode', recoveryPassword: password })
      else await setWalletRecovery({ recoveryMethod: 'user-passcode', recoveryPassword: password })
      setResult('success')
      setStep('done')
      passwordSet()
      if (purpose === 'create')
        closeTimer.current = setTimeout(() => replaceScreen({ name: 'embedded-wallet-created', isNewUser }), WALLET_TIMING.successCloseMs)
      else if (!startedByUser) closeTimer.current = setTimeout(() => closeModal(), WALLET_TIMING.successCloseMs)
    } catch {
      setResult('error')
      setStep('done')
    } finally {
      setBusy(false)
    }
  }

  const body = (title: string, children: React.ReactNode) => (
    <div className="body" part="body" data-screen="embedded-wallet-password" data-step={step}>
      <ScreenTitle>{title}</ScreenTitle>
      {children}
    </div>
  )

  if (step === 'creating') {
    const strength = passwordStrength(password)
    return body(
      'Set your password',
      <>
        <p className="detail">Your password protects your wallet and lets you recover it on a new device.</p>
        <PasswordInput
          label="Password"
          value={password}
          onChange={(value) => setPassword(value)}
          onBlur={() => setTouched(true)}
          withGenerate
          onGenerate={(phrase) => {
            setPassword(phrase)
            setTouched(true)
          }}
        />
        <div className="strength" part="strength-meter" data-strength={strength} role="status" aria-label={`Password strength: ${strength}`}>
          <span className="strength-bar" />
          <span>{strength}</span>
        </div>
        {touched && error ? (
          <p className="error-message" part="error-message" role="alert">
            {error}
          </p>
        ) : null}
        <PrimaryButton disabled={!password || Boolean(error)} onClick={() => setStep('saving')}>
          Continue
        </PrimaryButton>
        {previous?.name === 'embedded-wallet-recovery-select' ? <SecondaryButton onClick={() => backScreen()}>Back</SecondaryButton> : null}
      </>,
    )
  }
  if (step === 'saving') {
    return body(
      'Save your password',
      <>
        <p className="detail">Keep a copy somewhere safe. If you lose it, you cannot recover your wallet on a new device.</p>
        <SavePassword password={password} appName={app?.name ?? ''} />
        <PrimaryButton onClick={() => setStep('confirming')}>Continue</PrimaryButton>
        <SecondaryButton onClick={() => setStep('creating')}>Back</SecondaryButton>
      </>,
    )
  }
  if (step === 'confirming') {
    return body(
      'Confirm your password',
      <>
        <PasswordInput label="Confirm password" value={confirm} onChange={setConfirm} onBlur={() => setConfirmTouched(true)} />
        {mismatch ? (
          <p className="error-message" part="error-message" role="alert">
            {mismatch}
          </p>
        ) : null}
        <PrimaryButton
          disabled={!confirm}
          onClick={() => {
            setConfirmTouched(true)
            if (confirm === password) setStep('finalizing')
          }}
        >
          Continue
        </PrimaryButton>
        <SecondaryButton onClick={() => setStep('saving')}>Back</SecondaryButton>
      </>,
    )
  }
  if (step === 'finalizing') {
    return body(
      'Confirm you have saved',
      <>
        <label className="checkbox">
          <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} required />I have saved my password somewhere safe
        </label>
        <PrimaryButton disabled={!saved || busy} aria-busy={busy || undefined} onClick={submit}>
          Set Password
        </PrimaryButton>
        {startedByUser ? (
          <SecondaryButton disabled={busy} onClick={() => closeModal()}>
            Cancel
          </SecondaryButton>
        ) : null}
      </>,
    )
  }
  return body(
    result === 'success' ? 'Success' : 'Something went wrong',
    <>
      {result === 'error' ? <p className="detail">An error has occurred, please try again.</p> : null}
      <PrimaryButton
        onClick={() => (result === 'success' && purpose === 'create' ? replaceScreen({ name: 'embedded-wallet-created', isNewUser }) : closeModal())}
      >
        Close
      </PrimaryButton>
    </>,
  )
}

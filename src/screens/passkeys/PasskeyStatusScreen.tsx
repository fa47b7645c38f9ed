/**
 * Spec §2/§4 'Passkey status': loading → success or error, Retry re-runs the attempt; `data-phase`
 * shows the internal states (generating-challenge → awaiting-passkey → done | error). On success
 * a login follows the terms → wallet → close order (900 / 1400 ms); a link closes after 1400 ms.
 */
import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { linkWithPasskey } from '../../actions/linkWithPasskey.ts'
import { loginWithPasskey } from '../../actions/loginWithPasskey.ts'
import { signupWithPasskey } from '../../actions/signupWithPasskey.ts'
import { completeFlow } from '../../flows/completion.ts'
import { replaceScreen } from '../../stores/modal.ts'
import { $passkeyFlow } from '../../stores/passkeyFlow.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { useLater } from '../../ui/useLater.ts'
import { mapPasskeyError } from './passkeyErrors.ts'

export type PasskeyIntent = 'login' | 'signup' | 'link'

type Status = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string; retry: boolean }

const TITLES: Record<PasskeyIntent, string> = {
  login: 'Log in with a passkey',
  signup: 'Create a passkey',
  link: 'Link a passkey',
}

export default function PasskeyStatusScreen({ intent }: { intent: PasskeyIntent }) {
  // A new screen starts from idle, not from where the last attempt (or a headless call) ended.
  useState(() => $passkeyFlow.set('idle'))
  const phase = useStore($passkeyFlow)
  const [status, setStatus] = useState<Status>({ kind: 'loading' })
  const running = useRef(false)
  const later = useLater()

  async function attempt() {
    if (running.current) return
    running.current = true
    setStatus({ kind: 'loading' })
    try {
      if (intent === 'link') {
        await linkWithPasskey()
        setStatus({ kind: 'success' })
        completeFlow(null, later)
        return
      }
      const { user, isNewUser } = intent === 'signup' ? await signupWithPasskey() : await loginWithPasskey()
      setStatus({ kind: 'success' })
      completeFlow({ user, isNewUser, loginMethod: 'passkey' }, later)
    } catch (error) {
      const outcome = mapPasskeyError(error)
      if (outcome.kind === 'screen') replaceScreen(outcome.screen)
      else setStatus({ kind: 'error', message: outcome.message, retry: outcome.retry })
    } finally {
      running.current = false
    }
  }

  useEffect(() => {
    void attempt()
    // One attempt per screen; Retry starts the next.
  }, [])

  return (
    <div className="body" part="body" data-screen="passkey-status" data-status={status.kind} data-phase={phase}>
      <ScreenTitle>{TITLES[intent]}</ScreenTitle>
      {status.kind === 'loading' && (
        <>
          <Spinner label="Waiting for passkey" />
          <p className="detail">Follow the prompts from your browser or device.</p>
        </>
      )}
      {status.kind === 'success' && (
        <p className="detail" role="status">
          Success!
        </p>
      )}
      {status.kind === 'error' && (
        <>
          <p className="error" role="alert" part="error">
            {status.message}
          </p>
          {status.retry && <PrimaryButton onClick={() => void attempt()}>Retry</PrimaryButton>}
        </>
      )}
    </div>
  )
}

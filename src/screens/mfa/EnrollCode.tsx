import { useState } from 'react'
import { MfaError } from '../../errors/mfa.ts'
import { MFA_TEXT } from '../../mfa/texts.ts'
import { CodeInput } from '../../ui/CodeInput.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { TIMING } from '../login/timing.ts'

const empty = () => Array<string>(6).fill('')

/** 'Enter enrollment code': six boxes, submitted when complete; failures show and the boxes reset after 1400 ms. */
export function EnrollCode({ detail, onCode }: { detail: string; onCode: (code: string) => Promise<void> }) {
  const [digits, setDigits] = useState(empty)
  const [status, setStatus] = useState<'idle' | 'submitting' | 'success' | 'error'>('idle')
  const [message, setMessage] = useState<string | null>(null)
  const [resets, setResets] = useState(0)
  const submit = (code: string) => {
    setStatus('submitting')
    setMessage(null)
    onCode(code).then(
      () => setStatus('success'),
      (error) => {
        setStatus('error')
        setMessage(
          error instanceof MfaError && error.code === 'invalid_mfa_code'
            ? error.shortMessage
            : error instanceof MfaError
              ? error.shortMessage
              : MFA_TEXT.enrollmentUnknown,
        )
        setTimeout(() => {
          setDigits(empty())
          setResets((n) => n + 1)
          setStatus('idle')
        }, TIMING.errorResetMs)
      },
    )
  }
  return (
    <div className="body" part="body" data-screen="mfa-enroll-code">
      <ScreenTitle>Enter enrollment code</ScreenTitle>
      <p className="detail">{detail}</p>
      <CodeInput
        digits={digits}
        status={status}
        resetKey={resets}
        disabled={status === 'submitting' || status === 'success'}
        onChange={(next) => {
          setDigits(next)
          if (status === 'error') setStatus('idle')
          if (next.every((d) => /^\d$/.test(d))) submit(next.join(''))
        }}
        onInvalid={(text) => {
          setStatus('error')
          setMessage(text)
        }}
      />
      {message ? (
        <p className="error-message" part="error-message" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}

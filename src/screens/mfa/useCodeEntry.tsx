import { useState } from 'react'
import { CodeInput } from '../../ui/CodeInput.tsx'
import { TIMING } from '../../flows/timing.ts'

const empty = () => Array<string>(6).fill('')

/**
 * The six code boxes of 'Enter enrollment code' and 'Enter verification code' (spec part 2 §5):
 * `onComplete` gets the code once all six hold a digit; the screen reports `submitting()`,
 * `succeeded()` or `failed(text)`: the text shows (role alert) and the boxes empty after 1400 ms.
 */
export function useCodeEntry(onComplete: (code: string) => void) {
  const [digits, setDigits] = useState(empty)
  const [status, setStatus] = useState<'idle' | 'submitting' | 'success' | 'error'>('idle')
  const [message, setMessage] = useState<string | null>(null)
  const [resets, setResets] = useState(0)
  const submitting = () => {
    setStatus('submitting')
    setMessage(null)
  }
  const succeeded = () => setStatus('success')
  const failed = (text: string) => {
    setStatus('error')
    setMessage(text)
    setTimeout(() => {
      setDigits(empty())
      setResets((n) => n + 1)
      setStatus('idle')
    }, TIMING.errorResetMs)
  }
  const input = (
    <CodeInput
      mode="pin"
      digits={digits}
      status={status}
      resetKey={resets}
      disabled={status === 'submitting' || status === 'success'}
      onChange={(next) => {
        setDigits(next)
        if (status === 'error') setStatus('idle')
        if (next.every((d) => /^\d$/.test(d))) onComplete(next.join(''))
      }}
      onInvalid={(text) => {
        setStatus('error')
        setMessage(text)
      }}
    />
  )
  const error = message ? (
    <p className="error-message" part="error-message" role="alert">
      {message}
    </p>
  ) : null
  return { status, submitting, succeeded, failed, input, error }
}

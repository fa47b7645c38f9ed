import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { $config } from '../../stores/config.ts'
import { $emailFlow, setEmailInput } from '../../stores/emailFlow.ts'
import { Icon } from '../../ui/Icon.tsx'
import { emailFormView, INVALID_EMAIL_HINT, submitEmailLogin } from './emailForm.ts'
import { prefetchCodeScreen } from './prefetchCodeScreen.ts'

export { INVALID_EMAIL_HINT }

/**
 * The e-mail input and Submit of the 'email-login' step (the landing's own is lit-html,
 * src/screens/shell/landingView.ts; both follow ./emailForm.ts). Typed text lives in $emailFlow.
 */
export function EmailLoginForm() {
  const { app } = useStore($config)
  const flow = useStore($emailFlow)
  const [submitting, setSubmitting] = useState(false)
  const { problem, busy, inlineError, hint, describedBy } = emailFormView(flow, app, submitting)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || problem) return
    setSubmitting(true)
    try {
      await submitEmailLogin(flow.email)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <form className="email" part="email-form" onSubmit={submit} noValidate>
        <Icon name="email" />
        <label className="visually-hidden" htmlFor="gh-email">
          Email address
        </label>
        <input
          id="gh-email"
          className="email-input"
          part="input email-input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="your@email.com"
          autoFocus
          value={flow.email}
          aria-invalid={inlineError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setEmailInput(event.target.value)
            // Fetch the code screen while the user types, not before the landing screen paints.
            prefetchCodeScreen()
          }}
        />
        <button
          type="submit"
          className="primary-button"
          part="primary-button"
          disabled={busy || problem !== null}
          aria-busy={busy || undefined}
          aria-describedby={describedBy}
        >
          Submit
        </button>
      </form>
      {inlineError ? (
        <p id="gh-email-error" className="error-message" part="error-message" role="alert">
          {inlineError}
        </p>
      ) : hint ? (
        <p id="gh-email-hint" className="note">
          {hint}
        </p>
      ) : null}
    </>
  )
}

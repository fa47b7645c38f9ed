import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { sendEmailCode } from '../../actions/sendEmailCode.ts'
import { $config } from '../../stores/config.ts'
import { $emailFlow, setEmailInput, setInlineError } from '../../stores/emailFlow.ts'
import { pushScreen } from '../../stores/modal.ts'
import { emailProblem, PLUS_EMAIL_MESSAGE } from '@gatehouse/contract'
import { prefetchCodeScreen } from './prefetchCodeScreen.ts'
import { showCodeRequestError } from './errorMapping.ts'
import { Icon } from '../../ui/Icon.tsx'

export const INVALID_EMAIL_HINT = 'Enter a full email address, like name@example.com, to continue.'

/** The e-mail input and Submit: sends the code and moves to the code screen. Typed text lives in $emailFlow. */
export function EmailLoginForm() {
  const { app } = useStore($config)
  const flow = useStore($emailFlow)
  const [submitting, setSubmitting] = useState(false)
  const problem = emailProblem(flow.email, { disablePlusEmails: app?.disablePlusEmails })
  const busy = submitting || flow.state === 'sending-code'
  const inlineError = flow.inlineError ?? (problem === 'plus' ? PLUS_EMAIL_MESSAGE : null)
  // Why Submit is disabled, once there is something to judge (not a spec text: §5 is silent).
  const hint = !inlineError && problem === 'invalid' && flow.email.trim() !== '' ? INVALID_EMAIL_HINT : null
  const describedBy = inlineError ? 'gh-email-error' : hint ? 'gh-email-hint' : undefined

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || problem) return
    setSubmitting(true)
    try {
      await sendEmailCode({ email: flow.email })
      pushScreen({ name: 'code' })
    } catch (error) {
      showCodeRequestError(error, setInlineError)
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

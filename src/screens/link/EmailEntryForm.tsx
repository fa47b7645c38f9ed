import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { sendEmailCode } from '../../actions/sendEmailCode.ts'
import { $config } from '../../stores/config.ts'
import { pushScreen } from '../../stores/modal.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { emailProblem, PLUS_EMAIL_MESSAGE } from '@gatehouse/contract'
import { INVALID_EMAIL_HINT } from '../login/EmailLoginForm.tsx'
import { showCodeRequestError } from '../login/errorMapping.ts'
import { prefetchCodeScreen } from '../login/prefetchCodeScreen.ts'

/**
 * An e-mail input that sends a code and moves on to the code screen; the code screen then links
 * or updates according to the running flow (src/flows/uiFlow.ts).
 */
export function EmailEntryForm({ title, screen }: { title: string; screen: string }) {
  const { app } = useStore($config)
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const problem = emailProblem(email, { disablePlusEmails: app?.disablePlusEmails })
  const inline = error ?? (problem === 'plus' ? PLUS_EMAIL_MESSAGE : null)
  // Why Submit is disabled, as on the login form.
  const hint = !inline && problem === 'invalid' && email.trim() !== '' ? INVALID_EMAIL_HINT : null
  const describedBy = inline ? 'gh-link-email-error' : hint ? 'gh-link-email-hint' : undefined
  prefetchCodeScreen()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || problem) return
    setBusy(true)
    try {
      await sendEmailCode({ email })
      pushScreen({ name: 'code' })
    } catch (caught) {
      showCodeRequestError(caught, setError)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="body" part="body" data-screen={screen}>
      <ScreenTitle>{title}</ScreenTitle>
      <form className="email" part="email-form" onSubmit={submit} noValidate>
        <label className="visually-hidden" htmlFor="gh-link-email">
          Email address
        </label>
        <input
          id="gh-link-email"
          className="email-input"
          part="input email-input"
          type="email"
          autoComplete="email"
          placeholder="your@email.com"
          autoFocus
          value={email}
          aria-invalid={inline ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setEmail(event.target.value)
            setError(null)
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
      {inline ? (
        <p id="gh-link-email-error" className="error-message" part="error-message" role="alert">
          {inline}
        </p>
      ) : hint ? (
        <p id="gh-link-email-hint" className="note">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

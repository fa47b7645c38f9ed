import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { sendEmailCode } from '../../actions/sendEmailCode.ts'
import { BaseError } from '../../errors/base.ts'
import { ApiError } from '../../errors/api.ts'
import { $config, DEFAULT_LANDING_HEADER, loginMessageOf } from '../../stores/config.ts'
import { $emailFlow, setEmailInput, setInlineError } from '../../stores/emailFlow.ts'
import { pushScreen } from '../../stores/modal.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { emailProblem, PLUS_EMAIL_MESSAGE } from '../../validation/email.ts'
import { mapInitError } from './errorMapping.ts'

/** Spec §2 consent line; each word links only when the app configured that URL. */
function ConsentLine({ terms, privacy }: { terms?: string | null; privacy?: string | null }) {
  const link = (href: string | null | undefined, text: string) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer" part="link">
        {text}
      </a>
    ) : (
      text
    )
  return (
    <p className="consent" part="consent">
      By logging in I agree to the {link(terms, 'Terms')} & {link(privacy, 'Privacy Policy')}
    </p>
  )
}

/** Landing: app branding, header, login message and the inline e-mail input. */
export default function LandingScreen() {
  const { app } = useStore($config)
  const flow = useStore($emailFlow)
  const [submitting, setSubmitting] = useState(false)
  const problem = emailProblem(flow.email, { disablePlusEmails: app?.disablePlusEmails })
  const busy = submitting || flow.state === 'sending-code'
  const inlineError = flow.inlineError ?? (problem === 'plus' ? PLUS_EMAIL_MESSAGE : null)
  const message = loginMessageOf(app)
  const emailEnabled = app?.loginMethods?.email !== false

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || problem) return
    setSubmitting(true)
    try {
      await sendEmailCode({ email: flow.email })
      pushScreen({ name: 'code' })
    } catch (error) {
      if (error instanceof BaseError && !(error instanceof ApiError) && error.code === 'invalid_data') {
        setInlineError(error.shortMessage)
      } else {
        const outcome = mapInitError(error)
        if (outcome.kind === 'landing') setInlineError(outcome.message)
        else pushScreen(outcome.screen)
      }
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="body" part="body" data-screen="landing">
      {app?.logo ? <img className="logo" part="logo" src={app.logo} alt={app.name} /> : null}
      {!app?.logo && app?.name ? <div className="app-name" part="app-name">{app.name}</div> : null}
      <ScreenTitle>{app?.landingHeader || DEFAULT_LANDING_HEADER}</ScreenTitle>
      {message ? <p className="detail" part="login-message">{message}</p> : null}
      {emailEnabled ? (
        <form className="email" part="email-form" onSubmit={submit} noValidate>
          <label className="visually-hidden" htmlFor="gh-email">
            Email address
          </label>
          <input
            id="gh-email"
            className="email-input"
            part="email-input"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="your@email.com"
            autoFocus
            value={flow.email}
            aria-invalid={inlineError ? true : undefined}
            aria-describedby={inlineError ? 'gh-email-error' : undefined}
            onChange={(event) => setEmailInput(event.target.value)}
          />
          <button type="submit" className="primary-button" part="primary-button" disabled={busy || problem !== null} aria-busy={busy || undefined}>
            Submit
          </button>
        </form>
      ) : (
        <p className="detail">No login method is enabled for this app.</p>
      )}
      {inlineError ? (
        <p id="gh-email-error" className="error-message" part="error-message" role="alert">
          {inlineError}
        </p>
      ) : null}
      {app?.legal?.requireUsersAcceptTerms ? null : (
        <ConsentLine terms={app?.legal?.termsAndConditionsUrl} privacy={app?.legal?.privacyPolicyUrl} />
      )}
    </div>
  )
}

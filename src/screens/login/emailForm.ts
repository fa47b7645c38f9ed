/**
 * The e-mail form's rules, shared by its two renderers: the lit-html landing
 * (src/screens/shell/landingView.ts) and the React form of the 'email-login' step (EmailLoginForm.tsx).
 */
import { emailProblem, PLUS_EMAIL_MESSAGE } from '@gatehouse/contract'
import { sendEmailCode } from '../../actions/sendEmailCode.ts'
import type { AppConfig } from '../../api/types.ts'
import { setInlineError, type EmailFlow } from '../../stores/emailFlow.ts'
import { pushScreen } from '../../stores/modal.ts'
import { showCodeRequestError } from './errorMapping.ts'

export const INVALID_EMAIL_HINT = 'Enter a full email address, like name@example.com, to continue.'

export interface EmailFormView {
  problem: ReturnType<typeof emailProblem>
  busy: boolean
  inlineError: string | null
  hint: string | null
  describedBy: string | undefined
}

/** What the form shows for the typed address: Submit's state, the inline error or the hint. */
export function emailFormView(flow: EmailFlow, app: AppConfig | null, submitting: boolean): EmailFormView {
  const problem = emailProblem(flow.email, { disablePlusEmails: app?.disablePlusEmails })
  const busy = submitting || flow.state === 'sending-code'
  const inlineError = flow.inlineError ?? (problem === 'plus' ? PLUS_EMAIL_MESSAGE : null)
  // Why Submit is disabled, once there is something to judge (not a spec text: §5 is silent).
  const hint = !inlineError && problem === 'invalid' && flow.email.trim() !== '' ? INVALID_EMAIL_HINT : null
  const describedBy = inlineError ? 'gh-email-error' : hint ? 'gh-email-hint' : undefined
  return { problem, busy, inlineError, hint, describedBy }
}

/** Sends the code and moves to the code screen; a refusal shows inline or as its screen. */
export async function submitEmailLogin(email: string): Promise<void> {
  try {
    await sendEmailCode({ email })
    pushScreen({ name: 'code' })
  } catch (error) {
    showCodeRequestError(error, setInlineError)
  }
}

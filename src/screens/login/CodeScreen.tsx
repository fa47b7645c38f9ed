import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { linkWithEmailCode } from '../../actions/linkWithEmailCode.ts'
import { loginWithEmailCode } from '../../actions/loginWithEmailCode.ts'
import { resendSmsCode } from '../../actions/resendSmsCode.ts'
import { linkWithSmsCode, loginWithSmsCode, updatePhoneWithCode } from '../../actions/smsCode.ts'
import { updateEmailWithCode } from '../../actions/updateEmailWithCode.ts'
import { $smsFlow } from '../../stores/smsFlow.ts'
import { flowKind } from '../../flows/uiFlow.ts'
import { resendEmailCode } from '../../actions/resendEmailCode.ts'
import { completeFlow } from '../../flows/completion.ts'
import { $config } from '../../stores/config.ts'
import { $emailFlow, setInlineError } from '../../stores/emailFlow.ts'
import { pushScreen, replaceScreen, resetScreens } from '../../stores/modal.ts'
import { CodeInput } from '../../ui/CodeInput.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { useLater } from '../../ui/useLater.ts'
import { CODE_LENGTH } from '@gatehouse/contract'
import { mapCodeError, mapInitError } from './errorMapping.ts'
import { TIMING } from '../../flows/timing.ts'

type Status = 'idle' | 'submitting' | 'success' | 'error'
const empty = () => Array.from({ length: CODE_LENGTH }, () => '')

/** The calls of each code method: log in, link, update, resend. */
const CALLS = {
  email: {
    login: loginWithEmailCode,
    link: linkWithEmailCode,
    update: updateEmailWithCode,
    resend: () => resendEmailCode(),
  },
  sms: {
    login: loginWithSmsCode,
    link: linkWithSmsCode,
    update: updatePhoneWithCode,
    resend: () => resendSmsCode(),
  },
} as const

/** Enter confirmation code: six digits, automatic submit, 'Resend code' with a 30 s cooldown. */
export default function CodeScreen({ method = 'email' }: { method?: 'email' | 'sms' }) {
  const { app } = useStore($config)
  const emailFlow = useStore($emailFlow)
  const smsFlow = useStore($smsFlow)
  const sentTo = method === 'sms' ? smsFlow.sentTo : emailFlow.sentTo
  const calls = CALLS[method]
  const [digits, setDigits] = useState(empty)
  const [status, setStatus] = useState<Status>('idle')
  const [message, setMessage] = useState<string | null>(null)
  const [resendUntil, setResendUntil] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [resets, setResets] = useState(0)
  // The code's wrong guesses are spent: its message stays until 'Resend code' brings a new one.
  const [usedUp, setUsedUp] = useState(false)
  const resendButton = useRef<HTMLButtonElement>(null)
  const later = useLater()

  // The countdown ticks only while the badge shows.
  useEffect(() => {
    if (resendUntil === null) return
    const id = setInterval(() => {
      const current = Date.now()
      setNow(current)
      if (current >= resendUntil) setResendUntil(null)
    }, 250)
    return () => clearInterval(id)
  }, [resendUntil])

  async function submit(code: string) {
    setStatus('submitting')
    setMessage(null)
    try {
      const kind = flowKind()
      if (kind !== 'login') {
        // Link and update end here: no terms or wallet steps, the user is already in.
        await (kind === 'link' ? calls.link({ code }) : calls.update({ code }))
        setStatus('success')
        completeFlow(null, later)
        return
      }
      const { user, isNewUser } = await calls.login({ code })
      setStatus('success')
      completeFlow({ user, isNewUser, loginMethod: method }, later)
    } catch (error) {
      const outcome = mapCodeError(error, method)
      if (outcome.kind === 'landing') {
        setInlineError(outcome.message)
        resetScreens()
      } else if (outcome.kind === 'screen') {
        replaceScreen(outcome.screen)
      } else if (outcome.kind === 'used-up') {
        // Retyping cannot help: the way on is 'Resend code', so focus goes there.
        setUsedUp(true)
        setStatus('error')
        setMessage(outcome.message)
        resendButton.current?.focus()
        later(TIMING.errorResetMs, () => {
          setDigits(empty())
          setStatus('idle')
        })
      } else {
        setStatus('error')
        setMessage(outcome.message)
        later(TIMING.errorResetMs, () => {
          setDigits(empty())
          setStatus('idle')
          setResets((count) => count + 1)
        })
      }
    }
  }

  function change(next: string[]) {
    if (status === 'submitting' || status === 'success') return
    setDigits(next)
    if (status === 'error') setStatus('idle')
    if (!usedUp) setMessage(null)
    const code = next.join('')
    if (code.length === CODE_LENGTH && /^\d+$/.test(code)) void submit(code)
  }

  async function resend() {
    try {
      await calls.resend()
      const current = Date.now()
      setNow(current)
      setResendUntil(current + TIMING.resendCooldownMs)
      // A new code: the old code's error goes, the boxes empty and the first one takes focus.
      setUsedUp(false)
      setMessage(null)
      setStatus('idle')
      setDigits(empty())
      setResets((count) => count + 1)
    } catch (error) {
      const outcome = mapInitError(error)
      if (outcome.kind === 'landing') {
        setInlineError(outcome.message)
        resetScreens()
      } else pushScreen(outcome.screen)
    }
  }

  const secondsLeft = resendUntil === null ? 0 : Math.max(0, Math.ceil((resendUntil - now) / 1000))

  return (
    <div className="body" part="body" data-screen="code">
      <ScreenTitle>Enter confirmation code</ScreenTitle>
      <p className="detail">
        {method === 'sms'
          ? `Please check ${sentTo ?? 'your phone'} for a ${smsFlow.channel === 'whatsapp' ? 'WhatsApp ' : ''}message from ${app?.name || 'us'} and enter your code below.`
          : `Please check ${sentTo ?? 'your email'} for an email from ${app?.name || 'us'} and enter your code below.`}
      </p>
      <CodeInput
        digits={digits}
        status={status}
        resetKey={resets}
        disabled={status === 'submitting' || status === 'success'}
        onChange={change}
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
      {status === 'success' ? (
        <p className="success-message" part="success-message" role="status">
          Success!
        </p>
      ) : null}
      {resendUntil !== null ? (
        <span className="badge" part="badge" role="status">
          <span>Code sent</span>
          <span aria-label={`${secondsLeft} seconds until you can resend`}>{secondsLeft}s</span>
        </span>
      ) : (
        <p className="note">
          {method === 'sms' ? "Didn't get a message?" : "Didn't get an email?"}{' '}
          <button ref={resendButton} type="button" className="link-button" part="resend-button" onClick={resend}>
            Resend code
          </button>
        </p>
      )}
    </div>
  )
}

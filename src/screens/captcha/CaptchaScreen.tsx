/**
 * Spec part 1 §2 'Captcha screen' and §4 'Captcha status': 'Checking that you are a human...'
 * while the invisible widget runs, then 'CAPTCHA passed successfully.' (shown 1 s, the minimum
 * display, before the guarded call goes on) or 'You did not pass CAPTCHA. Please try again.',
 * after which the screen continues with another attempt by itself 2 s later, 3 times; then
 * 'Try again' starts over. A wait without answer (20 s) shows 'Captcha failed'. Leaving the
 * screen (back, close) cancels the call that asked for the token.
 */
import { useEffect, useRef, useState } from 'react'
import { attemptCaptcha, failureError, settleCaptcha } from '../../captcha/obtain.ts'
import { CAPTCHA_TIMING } from '../../captcha/timing.ts'
import { CaptchaError } from '../../errors/captcha.ts'
import { takeCaptchaToken } from '../../stores/captcha.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { useLater } from '../../ui/useLater.ts'

export const CAPTCHA_TEXT = {
  checking: 'Checking that you are a human...',
  passed: 'CAPTCHA passed successfully.',
  failed: 'You did not pass CAPTCHA. Please try again.',
  timeoutTitle: 'Captcha failed',
  timeoutDetail: 'Something went wrong! Please try again later.',
  tryAgain: 'Try again',
} as const

type View = { kind: 'checking' } | { kind: 'passed' } | { kind: 'failed'; timeout: boolean; retrying: boolean }

export default function CaptchaScreen() {
  const [view, setView] = useState<View>({ kind: 'checking' })
  const alive = useRef(true)
  const retriesLeft = useRef(CAPTCHA_TIMING.retries)
  const later = useLater()

  async function run() {
    setView({ kind: 'checking' })
    try {
      await attemptCaptcha()
      if (!alive.current) return
      setView({ kind: 'passed' })
      // The result stays readable for the minimum display, so the screen never flashes either.
      later(CAPTCHA_TIMING.minDisplayMs, () => {
        const token = takeCaptchaToken()
        settleCaptcha(token ? { token } : { error: failureError('timeout') })
      })
    } catch (caught) {
      if (!alive.current) return
      const error = caught instanceof CaptchaError ? caught : failureError('timeout')
      if (error.code === 'unsupported_captcha_site_key') return settleCaptcha({ error })
      const retrying = retriesLeft.current > 0
      setView({ kind: 'failed', timeout: error.code === 'captcha_timeout', retrying })
      if (retrying) {
        retriesLeft.current -= 1
        later(CAPTCHA_TIMING.autoContinueMs, () => void run())
      }
    }
  }

  useEffect(() => {
    void run()
    return () => {
      alive.current = false
      // Still waiting means the user left (back or close): the guarded call ends here.
      settleCaptcha({ error: new CaptchaError('captcha_cancelled', 'Please try again.') })
    }
  }, [])

  return (
    <div className="body" part="body" data-screen="captcha" data-status={view.kind}>
      {view.kind === 'checking' && (
        <>
          <ScreenTitle>{CAPTCHA_TEXT.checking}</ScreenTitle>
          <Spinner label={CAPTCHA_TEXT.checking} />
        </>
      )}
      {view.kind === 'passed' && (
        <>
          <ScreenTitle>{CAPTCHA_TEXT.passed}</ScreenTitle>
        </>
      )}
      {view.kind === 'failed' && (
        <>
          <ScreenTitle>{view.timeout ? CAPTCHA_TEXT.timeoutTitle : CAPTCHA_TEXT.failed}</ScreenTitle>
          {view.timeout && (
            <p className="error" role="alert" part="error">
              {CAPTCHA_TEXT.timeoutDetail}
            </p>
          )}
          {view.retrying ? (
            <Spinner label={CAPTCHA_TEXT.checking} />
          ) : (
            <PrimaryButton
              onClick={() => {
                retriesLeft.current = CAPTCHA_TIMING.retries
                void run()
              }}
            >
              {CAPTCHA_TEXT.tryAgain}
            </PrimaryButton>
          )}
        </>
      )}
    </div>
  )
}

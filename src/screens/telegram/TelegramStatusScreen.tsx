/**
 * Spec §2/§4 'Telegram authentication status': verifying, then success or failure (Retry only
 * when retryable); success follows terms → wallet → close after 1400 ms. Without a result yet it
 * injects Telegram's login widget script with the app's bot username (redirect mode back to this
 * page, whose query parameters the next load reads and removes).
 */
import { useEffect, useRef, useState } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { loginWithTelegram } from '../../actions/loginWithTelegram.ts'
import { nextPostLoginScreen } from '../../flows/postLogin.ts'
import { $config } from '../../stores/config.ts'
import { replaceScreen } from '../../stores/modal.ts'
import type { TelegramAuthResult } from '../../telegram/redirectResult.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { TIMING } from '../login/timing.ts'
import { mapTelegramError } from './telegramErrors.ts'

export const TELEGRAM_WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22'

type Status = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; title: string; detail: string; retry: boolean }

function TelegramWidget() {
  const host = useRef<HTMLDivElement>(null)
  const botUsername = ($config.get().app as { telegramAuth?: { botUsername: string | null } } | null)?.telegramAuth?.botUsername ?? null
  useEffect(() => {
    if (!host.current || !botUsername) return
    const script = document.createElement('script')
    script.async = true
    script.src = TELEGRAM_WIDGET_SRC
    script.dataset.telegramLogin = botUsername
    script.dataset.size = 'large'
    script.dataset.authUrl = location.href
    script.dataset.requestAccess = 'write'
    host.current.appendChild(script)
    return () => script.remove()
  }, [botUsername])
  if (!botUsername) return <p className="error" role="alert">Login with Telegram not allowed.</p>
  return <div ref={host} className="telegram-widget" data-telegram-bot={botUsername} />
}

export default function TelegramStatusScreen({ result, intent = 'login' }: { result?: TelegramAuthResult; intent?: 'login' | 'link' }) {
  const [status, setStatus] = useState<Status>({ kind: 'verifying' })
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  const later = (ms: number, fn: () => void) => timers.current.push(setTimeout(fn, ms))

  async function verify() {
    if (!result) return
    setStatus({ kind: 'verifying' })
    try {
      const outcome = await loginWithTelegram({ telegramAuthResult: result, link: intent === 'link' })
      setStatus({ kind: 'success' })
      const next = 'isNewUser' in outcome ? nextPostLoginScreen({ user: outcome.user, isNewUser: outcome.isNewUser, loginMethod: 'telegram' }) : null
      if (next) later(TIMING.closeDelayMs, () => replaceScreen(next))
      else later(TIMING.closeDelayMs, () => closeModal())
    } catch (error) {
      const mapped = mapTelegramError(error)
      if (mapped.kind === 'screen') replaceScreen(mapped.screen)
      else setStatus({ kind: 'error', title: mapped.title, detail: mapped.detail, retry: mapped.retry })
    }
  }

  useEffect(() => {
    void verify()
    return () => timers.current.forEach(clearTimeout)
  }, [])

  if (!result) {
    return (
      <div className="body" part="body" data-screen="telegram-status" data-status="widget">
        <ScreenTitle>Log in with Telegram</ScreenTitle>
        <TelegramWidget />
      </div>
    )
  }
  return (
    <div className="body" part="body" data-screen="telegram-status" data-status={status.kind}>
      {status.kind === 'verifying' && (
        <>
          <ScreenTitle>Verifying connection to Telegram</ScreenTitle>
          <Spinner label="Verifying" />
        </>
      )}
      {status.kind === 'success' && (
        <>
          <ScreenTitle>Successfully connected with Telegram</ScreenTitle>
          <p className="detail" role="status">You're good to go!</p>
        </>
      )}
      {status.kind === 'error' && (
        <>
          <ScreenTitle>{status.title}</ScreenTitle>
          <p className="error" role="alert" part="error">
            {status.detail}
          </p>
          {status.retry && <PrimaryButton onClick={() => void verify()}>Retry</PrimaryButton>}
        </>
      )}
    </div>
  )
}

/**
 * Spec §2/§4 'Telegram authentication status': verifying, then success or failure (Retry only
 * when retryable); success follows terms → wallet → close after 1400 ms. Without a result yet it
 * injects Telegram's login widget script with the app's bot username (redirect mode back to this
 * page, whose query parameters the next load reads and removes).
 */
import { useEffect, useRef, useState } from 'react'
import { loginWithTelegram } from '../../actions/loginWithTelegram.ts'
import { completeFlow } from '../../flows/completion.ts'
import { $config } from '../../stores/config.ts'
import { replaceScreen } from '../../stores/modal.ts'
import type { TelegramAuthResult } from '../../telegram/redirectResult.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { useLater } from '../../ui/useLater.ts'
import { ProviderStatusView } from '../common/ProviderStatusView.tsx'
import { $activeFlow } from '../../flows/uiFlow.ts'
import { mapTelegramError, TELEGRAM_TEXT } from './telegramErrors.ts'

export const TELEGRAM_WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22'

type Status = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; title: string; detail: string; retry: boolean }

/**
 * The global the widget's callback mode calls (`data-onauth`): Telegram's widget evaluates that
 * attribute with the signed result as `user` (or `false` when the user gave up).
 */
export const TELEGRAM_CALLBACK = '__gatehouseTelegramAuth'

/**
 * Redirect mode (the page reloads with the result) for a plain login; callback mode when a host
 * method waits on a promise (`linkTelegram()`, `login({ method: 'telegram' })`), which a reload
 * would lose.
 */
function TelegramWidget({ onAuth }: { onAuth: ((user: TelegramAuthResult | false) => void) | null }) {
  const host = useRef<HTMLDivElement>(null)
  const botUsername = ($config.get().app as { telegramAuth?: { botUsername: string | null } } | null)?.telegramAuth?.botUsername ?? null
  useEffect(() => {
    if (!host.current || !botUsername) return
    const script = document.createElement('script')
    script.async = true
    script.src = TELEGRAM_WIDGET_SRC
    script.dataset.telegramLogin = botUsername
    script.dataset.size = 'large'
    if (onAuth) {
      ;(window as unknown as Record<string, unknown>)[TELEGRAM_CALLBACK] = onAuth
      script.dataset.onauth = `${TELEGRAM_CALLBACK}(user)`
    } else script.dataset.authUrl = location.href
    script.dataset.requestAccess = 'write'
    host.current.appendChild(script)
    return () => {
      script.remove()
      if (onAuth) delete (window as unknown as Record<string, unknown>)[TELEGRAM_CALLBACK]
    }
  }, [botUsername])
  if (!botUsername)
    return (
      <p className="error" role="alert">
        Login with Telegram not allowed.
      </p>
    )
  return <div ref={host} className="telegram-widget" data-telegram-bot={botUsername} />
}

export default function TelegramStatusScreen({ result: given, intent = 'login' }: { result?: TelegramAuthResult; intent?: 'login' | 'link' }) {
  const [result, setResult] = useState(given)
  const [status, setStatus] = useState<Status>({ kind: 'verifying' })
  const later = useLater()

  async function verify() {
    if (!result) return
    setStatus({ kind: 'verifying' })
    try {
      const outcome = await loginWithTelegram({ telegramAuthResult: result, link: intent === 'link' })
      setStatus({ kind: 'success' })
      completeFlow('isNewUser' in outcome ? { user: outcome.user, isNewUser: outcome.isNewUser, loginMethod: 'telegram' } : null, later, 'provider')
    } catch (error) {
      const mapped = mapTelegramError(error)
      if (mapped.kind === 'screen') replaceScreen(mapped.screen)
      else setStatus({ kind: 'error', title: mapped.title, detail: mapped.detail, retry: mapped.retry })
    }
  }

  useEffect(() => {
    void verify()
  }, [result])

  if (!result) {
    const onAuth = $activeFlow.get()
      ? (user: TelegramAuthResult | false) =>
          user ? setResult(user) : setStatus({ kind: 'error', title: TELEGRAM_TEXT.authFailed, detail: TELEGRAM_TEXT.tryAgain, retry: false })
      : null
    return (
      <div className="body" part="body" data-screen="telegram-status" data-status="widget">
        <ScreenTitle>{intent === 'link' ? 'Connect your Telegram' : 'Log in with Telegram'}</ScreenTitle>
        <TelegramWidget onAuth={onAuth} />
        {status.kind === 'error' && (
          <p className="error" role="alert" part="error">
            {status.detail}
          </p>
        )}
      </div>
    )
  }
  return (
    <div className="body" part="body" data-screen="telegram-status" data-status={status.kind}>
      <ProviderStatusView provider="Telegram" status={status} onRetry={() => void verify()} />
    </div>
  )
}

/**
 * Getting a captcha token for an init call (lazy chunk; the entry only holds `require.ts`).
 * With the modal open the captcha screen runs the attempts (spec §2 'Captcha screen': retries,
 * auto-continue, minimum display) and settles the pending call; without it (headless host calls)
 * the attempts run without a screen. Every token is taken out of the store when handed over:
 * tokens are single use at the provider.
 */
import type { AppConfig } from '../api/types.ts'
import { CaptchaError, UNSUPPORTED_SITE_KEY_MESSAGE } from '../errors/captcha.ts'
import { $captcha, takeCaptchaToken, type CaptchaFailure } from '../stores/captcha.ts'
import { $config } from '../stores/config.ts'
import { $modal, backScreen, currentScreen, pushScreen } from '../stores/modal.ts'
import { CAPTCHA_TIMING } from './timing.ts'
import { ensureWidget, executeWidget } from './widget.ts'

export type CaptchaTiming = typeof CAPTCHA_TIMING

/** Spec §5: the site key must carry the 't:' prefix; the provider gets the key without it. */
export function providerSiteKey(siteKey: string | null | undefined): string {
  if (!siteKey || !siteKey.startsWith('t:') || siteKey.length <= 2) {
    throw new CaptchaError('unsupported_captcha_site_key', UNSUPPORTED_SITE_KEY_MESSAGE, `site key: ${siteKey ?? '(none)'}`)
  }
  return siteKey.slice(2)
}

function captchaSettings(app: AppConfig | null = $config.get().app) {
  const captcha = app?.captcha as { siteKey?: string | null; scriptUrl?: string; action?: string | null } | undefined
  return { siteKey: providerSiteKey(captcha?.siteKey), scriptUrl: captcha?.scriptUrl, action: captcha?.action ?? undefined }
}

export function failureError(failure: CaptchaFailure | null): CaptchaError {
  if (failure === 'unsupported-site-key') return new CaptchaError('unsupported_captcha_site_key', UNSUPPORTED_SITE_KEY_MESSAGE)
  if (failure === 'failure') return new CaptchaError('captcha_failure', 'You did not pass CAPTCHA. Please try again.')
  // Spec §8: 'Captcha failed' (timeout).
  return new CaptchaError('captcha_timeout', 'Captcha failed')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One attempt: loads and renders the widget if needed, executes it and waits for the token,
 * looking at the store every `pollMs` for at most `resultWaitMs` overall. The token stays in the
 * store (the caller takes it); a failure throws a CaptchaError.
 */
export async function attemptCaptcha(timing: CaptchaTiming = CAPTCHA_TIMING): Promise<string> {
  const deadline = Date.now() + timing.resultWaitMs
  const { siteKey, scriptUrl, action } = captchaSettings()
  const loaded = await Promise.race([
    ensureWidget(siteKey, scriptUrl, action).then(
      () => true,
      () => false,
    ),
    sleep(timing.resultWaitMs).then(() => false),
  ])
  if (!loaded) throw failureError('timeout')
  executeWidget()
  while (Date.now() < deadline) {
    const state = $captcha.get()
    if (state.widget === 'token-set' && state.token) return state.token
    if (state.status === 'error') throw failureError(state.error)
    await sleep(timing.pollMs)
  }
  throw failureError('timeout')
}

let pending: { resolve(token: string): void; reject(error: unknown): void } | null = null

/** Whether a call is waiting for the captcha screen. */
export function captchaPending(): boolean {
  return pending !== null
}

/**
 * Ends the wait of the call that opened the captcha screen: with a token (taken from the store)
 * or an error. Leaves the captcha screen first, so the caller continues from the screen it
 * started on (the e-mail form pushes the code screen as usual).
 */
export function settleCaptcha(outcome: { token: string } | { error: unknown }): void {
  const waiting = pending
  pending = null
  if (!waiting) return
  if (currentScreen().name === 'captcha') backScreen()
  if ('token' in outcome) waiting.resolve(outcome.token)
  else waiting.reject(outcome.error)
}

/**
 * A token for one init call. Throws a CaptchaError: 'Unsupported captcha site key', a failure
 * after the retries, or `captcha_cancelled` when the user leaves the captcha screen.
 *
 * @example
 * const token = await obtainCaptchaToken()
 * await api.post('/passwordless/init', { email, token })
 */
export async function obtainCaptchaToken(timing: CaptchaTiming = CAPTCHA_TIMING): Promise<string> {
  captchaSettings()
  // A token the widget produced earlier and nobody used yet.
  const ready = takeCaptchaToken()
  if (ready) return ready
  if ($modal.get().open) {
    // A second guarded call while one waits replaces it (double submit): the first is cancelled.
    settleCaptcha({ error: new CaptchaError('captcha_cancelled', 'Please try again.') })
    return new Promise<string>((resolve, reject) => {
      pending = { resolve, reject }
      pushScreen({ name: 'captcha' })
    })
  }
  let last: unknown
  for (let attempt = 0; attempt <= timing.retries; attempt++) {
    try {
      await attemptCaptcha(timing)
      return takeCaptchaToken() as string
    } catch (error) {
      last = error
      if (error instanceof CaptchaError && error.code === 'unsupported_captcha_site_key') break
    }
  }
  throw last
}

import { $config } from '../stores/config.ts'

/**
 * The captcha token an init call sends (`token` / `captcha_token`), or undefined when the app has
 * no captcha. Everything else (the provider script, the widget, the captcha screen) is a lazy
 * chunk loaded here, on the first guarded call: the landing screen carries none of it.
 *
 * @example
 * const token = captchaToken ?? (await captchaTokenForInit())
 */
export async function captchaTokenForInit(): Promise<string | undefined> {
  if (!$config.get().app?.captcha?.enabled) return undefined
  return (await import('./obtain.ts')).obtainCaptchaToken()
}

import { getAuthApiClient } from '../api/instance.ts'
import { captchaTokenForInit } from '../captcha/require.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { $config } from '../stores/config.ts'
import type { TelegramAuthResult } from '../telegram/redirectResult.ts'
import { accountCall, applyUser, requireLinkableUser } from './internal/accountChange.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export interface LoginWithTelegramParameters {
  /** The login widget's result (callback or redirect query parameters)… */
  telegramAuthResult?: TelegramAuthResult
  /** …or a Mini App's `Telegram.WebApp.initData`. */
  telegramWebAppData?: string
  captchaToken?: string
  /** Link to the signed-in user instead of logging in. */
  link?: boolean
}
export type LoginWithTelegramReturnType = CompletedLogin | { user: User }
export type LoginWithTelegramErrorType = AlreadyLoggedInError | ApiError | TimeoutError | NetworkError

/**
 * Sends a Telegram proof to `POST /telegram/authenticate` (or `/telegram/link`), where the
 * server checks Telegram's HMAC with the bot token. Publishes `auth-success` / `link-success`.
 * A login is refused while a non-guest user is logged in (spec §5).
 *
 * @example
 * await loginWithTelegram({ telegramWebAppData: window.Telegram.WebApp.initData })
 */
export async function loginWithTelegram({
  telegramAuthResult,
  telegramWebAppData,
  captchaToken,
  link,
}: LoginWithTelegramParameters): Promise<LoginWithTelegramReturnType> {
  const proof = { captcha_token: captchaToken ?? null, telegram_auth_result: telegramAuthResult ?? null, telegram_web_app_data: telegramWebAppData ?? null }
  const api = getAuthApiClient()
  if (link) {
    requireLinkableUser()
    const user = applyUser(await accountCall(() => api.post('/telegram/link', proof)))
    publish('link-success', { user, linkMethod: 'telegram', linkedAccount: user.linkedAccounts.find((a) => a.type === 'telegram') ?? null })
    return { user }
  }
  assertCanLogIn()
  try {
    const mode = $config.get().app?.disableSignup ? 'no-signup' : 'login-or-sign-up'
    const token = captchaToken ?? (await captchaTokenForInit()) ?? null
    return completeLogin(await api.post('/telegram/authenticate', { ...proof, captcha_token: token, mode }), 'telegram')
  } catch (error) {
    publish('auth-error', errorDetail(error))
    throw error
  }
}

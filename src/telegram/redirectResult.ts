/**
 * Spec §2: the login flow reads and then removes the Telegram sign-in result from the page's
 * query string (the login widget's redirect mode appends id, hash, auth_date, names, username
 * and photo_url to the auth URL).
 */
import { TELEGRAM_RESULT_PARAMS, type TelegramAuthResult } from '../api/types.ts'

export { TELEGRAM_RESULT_PARAMS, type TelegramAuthResult }

/** The result in `url`, or null when there is none (id, hash and auth_date are all required). */
export function readTelegramResult(url: URL): TelegramAuthResult | null {
  const p = url.searchParams
  if (!p.get('id') || !p.get('hash') || !p.get('auth_date')) return null
  const result: Record<string, string> = {}
  for (const key of TELEGRAM_RESULT_PARAMS) {
    const value = p.get(key)
    if (value !== null) result[key] = value
  }
  return result as TelegramAuthResult
}

/** Reads the result from the current page and removes its parameters from the address bar. */
export function takeTelegramResult(): TelegramAuthResult | null {
  if (typeof location === 'undefined') return null
  const url = new URL(location.href)
  const result = readTelegramResult(url)
  if (!result) return null
  for (const key of TELEGRAM_RESULT_PARAMS) url.searchParams.delete(key)
  history.replaceState(history.state, '', url.toString())
  return result
}

/**
 * Telegram's side of a login for tests: results signed the way Telegram signs them, since
 * telegram.org cannot be reached here.
 */
import { createHash, createHmac } from 'node:crypto'

const checkString = (fields: Record<string, string | number>) =>
  Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n')

/** Signs like Telegram's login widget: hex HMAC-SHA-256 of the data-check-string, keyed by SHA-256(bot token). */
export function widgetResult(user: Record<string, string | number>, authDate: number, token: string) {
  const fields: Record<string, string | number> = { ...user, auth_date: authDate }
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(checkString(fields)).digest('hex')
  return { ...fields, hash }
}

/** Signs like a Mini App's initData: key = HMAC-SHA-256('WebAppData', bot token). */
export function webAppData(user: Record<string, unknown>, authDate: number, token: string) {
  const fields: Record<string, string> = { auth_date: String(authDate), query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', user: JSON.stringify(user) }
  const secret = createHmac('sha256', 'WebAppData').update(token).digest()
  return new URLSearchParams({ ...fields, hash: createHmac('sha256', secret).update(checkString(fields)).digest('hex') }).toString()
}

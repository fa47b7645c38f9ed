/**
 * Spec part 1 §9: token cookies are SameSite Strict, Secure except on Safari with a localhost
 * origin. Chromium and Firefox keep a Secure cookie over http://localhost (a secure context);
 * Safari drops it, which would lose the session. Shared by the server's refresh cookie and the
 * widget's refresh marker so both follow one rule.
 */

export const LOCALHOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]']

/**
 * Whether a User-Agent is Safari's engine with Safari's cookie rules: WebKit without a Chromium
 * token (desktop Chrome, Edge and Opera carry 'Chrome/'; Android browsers 'Chrome/' or 'Android').
 * iOS browsers (CriOS, FxiOS) are WebKit underneath and keep Safari's rules, so they count.
 */
export function isSafariUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false
  return /AppleWebKit\//.test(userAgent) && /Safari\//.test(userAgent) && !/(Chrome|Chromium|HeadlessChrome)\/|Android/.test(userAgent)
}

/** Whether a token cookie for a page on `hostname` carries Secure. */
export function tokenCookieSecure(hostname: string, userAgent: string | null | undefined): boolean {
  return !(LOCALHOST_NAMES.includes(hostname) && isSafariUserAgent(userAgent))
}

/**
 * Spec §2 'In-app browser failure': social apps (Instagram, Facebook, TikTok, LINE…) open links
 * in their own embedded browser, and some providers refuse to log in there (Google answers
 * `disallowed_useragent`). Rather than sending the user into a provider error page, the widget
 * says so before the popup opens.
 */
import type { ScreenEntry } from '../stores/modal.ts'

/** Providers known to refuse OAuth in embedded browsers (web views). */
export const PROVIDERS_REFUSING_IN_APP_BROWSERS: readonly string[] = ['google']

// App markers in the user agent of the common in-app browsers, and Android's web-view marker ('; wv)').
const IN_APP_MARKERS =
  /\b(FBAN|FBAV|FB_IAB|Instagram|Line\/|BytedanceWebview|musical_ly|TikTok|Snapchat|Pinterest|LinkedInApp|MicroMessenger|Twitter)\b|; wv\)/i

export function isInAppBrowser(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return IN_APP_MARKERS.test(userAgent)
}

/** True when `provider`'s login cannot complete in this browser. */
export function oauthBlockedInThisBrowser(provider: string, userAgent?: string): boolean {
  return PROVIDERS_REFUSING_IN_APP_BROWSERS.includes(provider) && isInAppBrowser(userAgent)
}

export const IN_APP_BROWSER_TEXT = {
  title: 'Could not log in with provider',
  detail: "This provider doesn't allow logging in from an in-app browser. Open this page in your browser and try again.",
  cta: 'Go back',
} as const

export const inAppBrowserScreen = (): ScreenEntry => ({ name: 'error', ...IN_APP_BROWSER_TEXT })

/**
 * One landing entry per login method: its label and what a click starts. Methods register their
 * start function when their feature lands; a method without one says so instead of doing nothing.
 */
import { useEffect, useState } from 'react'
import { inAppBrowserScreen, oauthBlockedInThisBrowser } from '../../oauth/inAppBrowser.ts'
import { openOAuthPopup } from '../../oauth/popup.ts'
import type { ScreenEntry } from '../../stores/modal.ts'
import { pushScreen } from '../../stores/modal.ts'
import { $config } from '../../stores/config.ts'
import { startWalletFlow } from '../../stores/walletFlow.ts'

export const METHOD_LABELS: Record<string, string> = {
  email: 'Continue with Email',
  sms: 'Continue with SMS',
  google: 'Google',
  apple: 'Apple',
  twitter: 'Twitter',
  discord: 'Discord',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  line: 'LINE',
  telegram: 'Telegram',
  farcaster: 'Farcaster',
  passkey: 'I have a passkey',
  wallet: 'Continue with a wallet',
}

/** An app whose phone codes go out only by WhatsApp: its phone entry and screen say WhatsApp, not SMS. */
export function whatsappOnly(app: { smsChannels?: readonly string[] } | null | undefined): boolean {
  return app?.smsChannels?.length === 1 && app.smsChannels[0] === 'whatsapp'
}

/** The landing entry's text for `method`: the app's own provider label first. */
export function methodLabel(method: string): string {
  const app = $config.get().app
  if (method === 'sms' && whatsappOnly(app)) return 'Continue with WhatsApp'
  return app?.oauthProviderLabels?.[method] ?? METHOD_LABELS[method] ?? method
}

/** What clicking a method's entry does; features add theirs with `registerMethodStart`. */
const starters: Record<string, () => void> = {
  email: () => pushScreen({ name: 'email-login' }),
  sms: () => pushScreen({ name: 'sms-login' }),
  // Pushed rather than reset, so Back returns to the landing screen.
  wallet: () => {
    startWalletFlow('login')
    pushScreen({ name: 'wallet-list', intent: 'login' })
  },
}

/** The OAuth providers. The popup opens in the click; the flow's code loads after. */
export const OAUTH_METHODS = ['google', 'apple', 'twitter', 'discord', 'github', 'linkedin', 'spotify', 'instagram', 'tiktok', 'line']
for (const provider of OAUTH_METHODS) {
  starters[provider] = () => {
    if (oauthBlockedInThisBrowser(provider)) return pushScreen(inAppBrowserScreen())
    const popup = openOAuthPopup()
    void import('../../oauth/flow.ts').then(
      (m) => m.startOAuth(provider, 'login', popup),
      () => {
        popup?.close()
        pushScreen({ name: 'error', title: 'Something went wrong', detail: 'Try again later', cta: 'Go back' })
      },
    )
  }
}

/** Spec §9: OAuth and Telegram buttons are disabled for 2 s after a click. */
export const DISABLE_AFTER_CLICK_MS = 2000
const disabledAfterClick = new Set([...OAUTH_METHODS, 'telegram'])

export function registerMethodStart(method: string, start: () => void): void {
  starters[method] = start
}

export const notAvailableScreen = (method: string): ScreenEntry => ({
  name: 'error',
  title: 'Not available',
  detail: `Login with ${METHOD_LABELS[method] ?? method} is not available on this server yet.`,
  cta: 'Try another method',
})

export function startMethod(method: string): void {
  const start = starters[method]
  if (start) start()
  else pushScreen(notAvailableScreen(method))
}

/**
 * When each method's 2 s cool-down ends. Module-level rather than component state, so a user who
 * clicks and comes straight Back (the entry re-mounts) still finds it disabled.
 */
const coolingUntil = new Map<string, number>()

/** A landing button for `method`. */
export function MethodEntry({ method }: { method: string; overflow?: boolean }) {
  const [, rerender] = useState(0)
  const remaining = (coolingUntil.get(method) ?? 0) - Date.now()
  const cooling = remaining > 0
  useEffect(() => {
    if (!cooling) return
    const timer = setTimeout(() => rerender((n) => n + 1), remaining)
    return () => clearTimeout(timer)
  }, [cooling])
  const onClick = () => {
    if (disabledAfterClick.has(method)) {
      coolingUntil.set(method, Date.now() + DISABLE_AFTER_CLICK_MS)
      rerender((n) => n + 1)
    }
    startMethod(method)
  }
  return (
    <button
      type="button"
      className="secondary-button method-button"
      part="secondary-button method-button"
      data-method={method}
      disabled={cooling}
      onClick={onClick}
    >
      {methodLabel(method)}
    </button>
  )
}

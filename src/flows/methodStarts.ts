/**
 * What choosing a login method starts. Methods register their start function when their feature
 * lands (the entry registers passkey, Telegram and Farcaster); a method without one says so
 * instead of doing nothing. The landing entries and `login({ loginMethods })` both start methods here.
 */
import { inAppBrowserScreen, oauthBlockedInThisBrowser } from '../oauth/inAppBrowser.ts'
import { openOAuthPopup } from '../oauth/popup.ts'
import { pushScreen, type ScreenEntry } from '../stores/modal.ts'
import { startWalletFlow } from '../stores/walletFlow.ts'
import { METHOD_LABELS } from './methodLabels.ts'

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
    void import('../oauth/flow.ts').then(
      (m) => m.startOAuth(provider, 'login', popup),
      () => {
        popup?.close()
        pushScreen({ name: 'error', title: 'Something went wrong', detail: 'Try again later', cta: 'Go back' })
      },
    )
  }
}

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

/**
 * Each login method's landing text (spec part 1 §2). Below the screens: the landing entries, the
 * OAuth status screen's provider name and `login()`'s method check all read it.
 */
import { $config } from '../stores/config.ts'

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

/** The OAuth popup (spec §2: 440×680), opened in the click's own task so browsers allow it. */
import { $config } from '../stores/config.ts'
import { POPUP_NAME } from './pending.ts'

export const POPUP_SIZE = { width: 440, height: 680 }

/** The popup, or null when the app redirects instead or the browser blocked it. */
export function openOAuthPopup(): Window | null {
  if ($config.get().oauthMode === 'redirect') return null
  const { width, height } = POPUP_SIZE
  const left = Math.max(0, (window.screenX ?? 0) + (window.outerWidth - width) / 2)
  const top = Math.max(0, (window.screenY ?? 0) + (window.outerHeight - height) / 2)
  return window.open('about:blank', POPUP_NAME, `width=${width},height=${height},left=${left},top=${top},popup=yes`)
}

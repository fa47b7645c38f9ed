/**
 * The provider's popup (spec part 1 §2: 440×680), opened in the caller's own task so browsers allow
 * it, then pointed at the provider's page once the request is known. The answer comes back by
 * postMessage from the provider's origin only; a closed popup is noticed within 300 ms and a request
 * gives up after 120 s (spec part 3 §9).
 */
import { CrossAppError } from '../errors/crossApp.ts'
import { POPUP_SIZE } from '../oauth/popup.ts'
import { CROSS_APP_POPUP_CHECK_MS, CROSS_APP_REQUEST_TIMEOUT_MS, CROSS_APP_TEXT } from './texts.ts'

export const CROSS_APP_POPUP_NAME = 'gatehouse-cross-app'

export function openCrossAppPopup(): Window | null {
  const { width, height } = POPUP_SIZE
  const left = Math.max(0, (window.screenX ?? 0) + (window.outerWidth - width) / 2)
  const top = Math.max(0, (window.screenY ?? 0) + (window.outerHeight - height) / 2)
  return window.open('about:blank', CROSS_APP_POPUP_NAME, `width=${width},height=${height},left=${left},top=${top},popup=yes`)
}

export interface PopupAnswer {
  type: string
  state?: string
  code?: string
  result?: unknown
  error?: string
}

/**
 * Waits for the provider page's answer of `type`. Rejects with 'User rejected request' (or
 * `closedText`) when the user closes the popup, 'Request timeout' after 120 s.
 */
export function awaitPopupAnswer(popup: Window, providerOrigin: string, type: string, closedText: string = CROSS_APP_TEXT.rejected): Promise<PopupAnswer> {
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage)
      clearInterval(check)
      clearTimeout(timer)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== providerOrigin || event.source !== popup) return
      const data = event.data as PopupAnswer | null
      if (!data || data.type !== type) return
      done()
      resolve(data)
    }
    const check = setInterval(() => {
      if (!popup.closed) return
      done()
      reject(new CrossAppError(closedText, 'CROSS_APP_REJECTED'))
    }, CROSS_APP_POPUP_CHECK_MS)
    const timer = setTimeout(() => {
      done()
      popup.close()
      reject(new CrossAppError(CROSS_APP_TEXT.timeout, 'CROSS_APP_TIMEOUT'))
    }, CROSS_APP_REQUEST_TIMEOUT_MS)
    window.addEventListener('message', onMessage)
  })
}

/**
 * The invisible Turnstile widget, through Cloudflare's documented client API: the script is
 * loaded with `?render=explicit` (only when a guarded call is about to happen), one widget is
 * rendered with `execution: 'execute'` (it runs only when asked) and `appearance: 'interaction-only'`
 * (nothing shows unless the provider needs the visitor), and `execute` / `reset` / `remove` drive it.
 * Callbacks feed `$captcha`; the waiting side polls the store.
 */
import { $captcha, dispatchCaptcha } from '../stores/captcha.ts'
import { TURNSTILE_SCRIPT_URL } from './timing.ts'

/** The documented subset of `window.turnstile` this widget uses. */
export interface TurnstileApi {
  render(container: HTMLElement | string, params: TurnstileRenderParameters): string | undefined
  execute(container: HTMLElement | string, params?: Partial<TurnstileRenderParameters>): void
  reset(widgetId?: string): void
  remove(widgetId?: string): void
  getResponse(widgetId?: string): string | undefined
}

export interface TurnstileRenderParameters {
  sitekey: string
  /** Reported back by siteverify; the server accepts only the app's configured action. */
  action?: string
  execution?: 'render' | 'execute'
  appearance?: 'always' | 'execute' | 'interaction-only'
  callback?: (token: string) => void
  'error-callback'?: (code?: string) => boolean | void
  'expired-callback'?: () => void
  'timeout-callback'?: () => void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let scriptPromise: Promise<TurnstileApi> | null = null
let widget: { id: string; container: HTMLElement; siteKey: string; action: string | undefined; api: TurnstileApi } | null = null

/** Loads the provider script once per page; a failed load may be tried again. */
export function loadTurnstile(scriptUrl: string = TURNSTILE_SCRIPT_URL): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  scriptPromise ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script')
    const url = new URL(scriptUrl, document.baseURI)
    url.searchParams.set('render', 'explicit')
    script.src = url.href
    script.dataset.gatehouseCaptcha = ''
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('the captcha script defined no turnstile')))
    script.onerror = () => {
      script.remove()
      reject(new Error(`the captcha script did not load: ${url.href}`))
    }
    document.head.append(script)
  }).catch((error) => {
    scriptPromise = null
    throw error
  })
  return scriptPromise
}

/**
 * Renders the widget for `siteKey` (the provider's own key, without the 't:' prefix) unless it
 * already is. The container lives in the page's light DOM: the provider's frame does not expect
 * a shadow root, and an interactive challenge, if ever needed, must be clickable.
 */
export async function ensureWidget(siteKey: string, scriptUrl?: string, action?: string): Promise<void> {
  if (widget?.siteKey === siteKey && widget.action === action && widget.container.isConnected) return
  removeWidget()
  if ($captcha.get().status === 'disabled') dispatchCaptcha({ type: 'CONFIGURE', enabled: true })
  dispatchCaptcha({ type: 'LOAD' })
  const api = await loadTurnstile(scriptUrl)
  const container = document.createElement('div')
  container.dataset.gatehouseCaptcha = ''
  container.style.cssText = 'position:fixed;left:50%;bottom:16px;transform:translateX(-50%);z-index:2147483647'
  document.body.append(container)
  const id = api.render(container, {
    sitekey: siteKey,
    ...(action ? { action } : {}),
    execution: 'execute',
    appearance: 'interaction-only',
    callback: (token) => dispatchCaptcha({ type: 'TOKEN', token }),
    'error-callback': () => {
      dispatchCaptcha({ type: 'FAIL', error: 'failure' })
      // Handled here: tells Turnstile not to throw the error to the page.
      return true
    },
    'expired-callback': () => dispatchCaptcha({ type: 'EXPIRE' }),
    'timeout-callback': () => dispatchCaptcha({ type: 'FAIL', error: 'timeout' }),
  })
  if (!id) {
    container.remove()
    throw new Error('the captcha widget did not render')
  }
  widget = { id, container, siteKey, action, api }
  dispatchCaptcha({ type: 'RENDERED' })
}

/** Starts one challenge; the token (or failure) arrives through the callbacks. */
export function executeWidget(): void {
  if (!widget) throw new Error('the captcha widget is not rendered')
  // A finished widget must be reset before it can run again.
  widget.api.reset(widget.id)
  dispatchCaptcha({ type: 'EXECUTE' })
  widget.api.execute(widget.container)
}

/** Forgets the current token at the provider too, so the next call runs a fresh challenge. */
export function resetWidget(): void {
  if (widget) widget.api.reset(widget.id)
  dispatchCaptcha({ type: 'RESET' })
}

export function removeWidget(): void {
  if (!widget) return
  widget.api.remove(widget.id)
  widget.container.remove()
  widget = null
}

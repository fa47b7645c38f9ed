import { atom } from 'nanostores'

/**
 * Spec part 1 §4 'Captcha status': disabled, ready, loading, success or error; the widget is
 * ready, executing, token set, expired or reset. Loaded with the captcha chunk only.
 */
export type CaptchaStatus = 'disabled' | 'ready' | 'loading' | 'success' | 'error'
export type CaptchaWidgetState = 'ready' | 'executing' | 'token-set' | 'expired' | 'reset'
/** Why the last attempt failed: the widget said no, or no answer came in time. */
export type CaptchaFailure = 'failure' | 'timeout' | 'unsupported-site-key'

export interface CaptchaState {
  status: CaptchaStatus
  /** null until the widget is rendered. */
  widget: CaptchaWidgetState | null
  /** The single-use token, while unused. */
  token: string | null
  error: CaptchaFailure | null
}

export type CaptchaEvent =
  | { type: 'CONFIGURE'; enabled: boolean }
  | { type: 'LOAD' }
  | { type: 'RENDERED' }
  | { type: 'EXECUTE' }
  | { type: 'TOKEN'; token: string }
  | { type: 'FAIL'; error: CaptchaFailure }
  | { type: 'EXPIRE' }
  | { type: 'RESET' }

export const initialCaptchaState: CaptchaState = { status: 'disabled', widget: null, token: null, error: null }

/** Pure transitions; events that make no sense in the current state leave it unchanged. */
export function captchaReducer(state: CaptchaState, event: CaptchaEvent): CaptchaState {
  if (event.type === 'CONFIGURE') return event.enabled ? { ...initialCaptchaState, status: 'ready' } : initialCaptchaState
  if (state.status === 'disabled') return state
  switch (event.type) {
    case 'LOAD':
      return { ...state, status: 'loading', error: null }
    case 'RENDERED':
      return { ...state, widget: 'ready', status: state.status === 'loading' ? 'loading' : 'ready' }
    case 'EXECUTE':
      return { ...state, status: 'loading', widget: 'executing', token: null, error: null }
    case 'TOKEN':
      // A token only counts while an execution is running (a stale callback after reset does not).
      if (state.widget !== 'executing') return state
      return { ...state, status: 'success', widget: 'token-set', token: event.token, error: null }
    case 'FAIL':
      return { ...state, status: 'error', token: null, error: event.error }
    case 'EXPIRE':
      return { ...state, status: 'ready', widget: 'expired', token: null }
    case 'RESET':
      return { ...state, status: state.status === 'error' ? 'error' : 'ready', widget: state.widget === null ? null : 'reset', token: null }
  }
}

export const $captcha = atom<CaptchaState>(initialCaptchaState)

export function dispatchCaptcha(event: CaptchaEvent): CaptchaState {
  const next = captchaReducer($captcha.get(), event)
  $captcha.set(next)
  return next
}

/** Takes the token out of the store: a token is single use, so it is never handed out twice. */
export function takeCaptchaToken(): string | null {
  const { token } = $captcha.get()
  if (token) dispatchCaptcha({ type: 'RESET' })
  return token
}

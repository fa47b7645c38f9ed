import { atom } from 'nanostores'
import type { AppConfig } from '../api/types.ts'
import type { BaseError } from '../errors/base.ts'

export type ConfigStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface ConfigState {
  appId: string | null
  /** Base URL of the API origin; '' means the page's own origin. */
  apiUrl: string
  /** The loaded app configuration (`GET /apps/:app_id`). */
  app: AppConfig | null
  status: ConfigStatus
  error: BaseError | null
  /** OAuth opens a popup (default) or redirects the whole page. */
  oauthMode?: 'popup' | 'redirect'
  /**
   * The host's passkey unlinking behaviour (spec part 1 §1, part 2 §2): removing a passkey from MFA
   * also unlinks it as a login method. Unset means on.
   */
  passkeyUnlinkOnUnenroll?: boolean
}

export const initialConfigState: ConfigState = { appId: null, apiUrl: '', app: null, status: 'idle', error: null }

/** App id, API URL and the loaded app configuration, shared by every element on the page. */
export const $config = atom<ConfigState>(initialConfigState)

export function patchConfig(patch: Partial<ConfigState>): void {
  $config.set({ ...$config.get(), ...patch })
}

/** Whether removing a passkey from MFA also removes it as a login method (the host's setting; default on). */
export const passkeyUnlinkOnUnenroll = (state: ConfigState = $config.get()): boolean => state.passkeyUnlinkOnUnenroll !== false

/** Login message is cut to 100 characters (spec §5). */
export const LOGIN_MESSAGE_MAX = 100
export const DEFAULT_LANDING_HEADER = 'Log in or sign up'
export const DEFAULT_ACCENT_COLOR = '#676FFF'

export function loginMessageOf(app: AppConfig | null): string | null {
  const message = app?.loginMessage?.trim()
  return message ? message.slice(0, LOGIN_MESSAGE_MAX) : null
}

export function termsRequired(app: AppConfig | null): boolean {
  return Boolean(app?.legal?.requireUsersAcceptTerms)
}

/** Spec part 1 §2: the consent line shows when users are not required to accept terms, or when forced. */
export function consentLineShown(app: AppConfig | null): boolean {
  return !termsRequired(app) || Boolean(app?.legal?.alwaysShowConsent)
}

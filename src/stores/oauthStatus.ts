import { atom } from 'nanostores'

/** The OAuth status screen's state (spec part 1 §2): verifying, connected, or failed. */
export interface OAuthStatus {
  provider: string
  state: 'verifying' | 'success' | 'error'
  detail?: string
  retryable?: boolean
  kind: 'login' | 'link'
}
export const $oauthStatus = atom<OAuthStatus | null>(null)

/**
 * `mfa-required`: a wallet call needs an MFA verification and the host disabled the prompt
 * (`setMfaPrompt(false)`, spec `onMfaRequired`). Answer with `initMfa(method)` (sms sends the code)
 * and `submitMfa({ method, code })`; the call retries after a success (4 tries in all).
 */
export interface MfaRequiredEventDetail {
  /** The user's enrolled methods. */
  mfaMethods: ('sms' | 'totp' | 'passkey')[]
}
export type MfaRequiredEvent = CustomEvent<MfaRequiredEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'mfa-required': MfaRequiredEvent
  }
}

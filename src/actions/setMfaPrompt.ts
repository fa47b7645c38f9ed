import { $mfaPrompt } from '../stores/mfa.ts'

export type SetMfaPromptReturnType = void

/**
 * Whether a wallet call needing MFA opens the verification screen (default true). With false the
 * host gets `mfa-required` and answers with `initMfa` / `submitMfa` (spec: `onMfaRequired`).
 *
 * @example
 * setMfaPrompt(false)
 */
export function setMfaPrompt(enabled: boolean): SetMfaPromptReturnType {
  $mfaPrompt.set(enabled)
}

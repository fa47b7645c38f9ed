/**
 * MFA state shared by the screens, the host API and the wallet calls: the one pending
 * verification (what the 'Enter verification code' screen or the host's `submitMfa` answers) and
 * whether the modal prompts at all (`setMfaPrompt(false)`: the host handles `mfa-required` itself).
 */
import { atom } from 'nanostores'
import type { MfaMethod } from '../mfa/texts.ts'
import { pendingStore, type Pending } from './pending.ts'

export interface MfaSubmission {
  method: MfaMethod
  /** 6 digits for sms and totp; none for passkey (the ceremony runs on submit). */
  code?: string
}

/** What a pending verification shows and offers; its `id`, `resolve`, `reject` come from src/stores/pending.ts. */
export interface MfaRequest {
  /** 'auth': asked for by a modal request (verifyMfa, enrollment changes); 'txn': a wallet call needs it. */
  flow: 'auth' | 'txn'
  methods: MfaMethod[]
  /** Failed submissions so far (spec: 4 at most). */
  failures: number
  /** Verifies; rejects with an MfaError ('The code you entered is not valid' lets the user try again). */
  submit(submission: MfaSubmission): Promise<void>
  cancel(): void
}

export type PendingMfa = MfaRequest & Pending<void>

export const $mfaRequest = pendingStore<MfaRequest, void>()

/** false: wallet calls needing MFA do not open the modal; the host gets `mfa-required` and calls `submitMfa`. */
export const $mfaPrompt = atom<boolean>(true)

/**
 * Where MFA enrollment stands (spec part 2 §4: intro, chooser, method flow, removal). Kept in a
 * store, not in the screen, because a verification screen goes on top of it and back.
 */
export type MfaEnrollStep =
  | { step: 'intro' }
  /** `notice`: the confirmation of a method just added ('Authenticator app added'). */
  | { step: 'chooser'; error?: string; notice?: string }
  | { step: 'totp-scan'; secret?: string; authUrl?: string; error?: string }
  | { step: 'totp-code'; secret: string }
  | { step: 'sms-phone'; error?: string }
  | { step: 'sms-code'; phoneNumber: string }
  | { step: 'sms-done' }
  | { step: 'remove'; method: 'sms' | 'totp' }
  | { step: 'passkeys'; all?: boolean; error?: string }
  | { step: 'remove-passkey'; credentialId: string }
  /** The first factor needs a recent login on this device: 'Log in again', as export asks. */
  | { step: 'login-again' }

export const $mfaEnroll = atom<MfaEnrollStep | null>(null)

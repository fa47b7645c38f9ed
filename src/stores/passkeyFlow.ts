import { atom } from 'nanostores'

/**
 * Spec part 1 §4: passkey authentication's internal states. `generating-challenge` while the
 * server's init call makes the challenge, `awaiting-passkey` while the browser waits for the
 * authenticator, then `done` or `error`; `idle` before an attempt. Set by the passkey login,
 * sign-up and link actions; the passkey status screen shows it as `data-phase`.
 */
export type PasskeyFlowPhase = 'idle' | 'generating-challenge' | 'awaiting-passkey' | 'done' | 'error'

export const $passkeyFlow = atom<PasskeyFlowPhase>('idle')

/** Spec §8 "Passkey": what the passkey status screen shows for a failed attempt (pure, unit-tested). */
import { PasskeyRejectedError, PASSKEY_TEXT, WebAuthnNotSupportedError } from '../../errors/passkey.ts'
import { mapOutcome, notAllowedScreen, TEXT, type OutcomeTable } from '../../flows/outcome.ts'
import type { ScreenEntry } from '../../stores/modal.ts'

export type PasskeyErrorOutcome =
  /** Stay on the status screen with this text; `retry` says whether Retry can help. */
  { kind: 'message'; message: string; retry: boolean } | { kind: 'screen'; screen: ScreenEntry }

const say = (message: string, retry: boolean): PasskeyErrorOutcome => ({ kind: 'message', message, retry })

const passkeyTable: OutcomeTable<PasskeyErrorOutcome> = {
  transfer: 'passkey',
  local: (error) =>
    error instanceof WebAuthnNotSupportedError
      ? say(PASSKEY_TEXT.notSupported, false)
      : error instanceof PasskeyRejectedError
        ? say(PASSKEY_TEXT.rejected, true)
        : null,
  codes: {
    cannot_link_more_of_type: () => say(PASSKEY_TEXT.cannotLinkMore, false),
    disallowed_login_method: notAllowedScreen,
    linked_to_another_user: () => say(TEXT.linkedToAnotherUser, false),
    too_many_requests: () => say(TEXT.tooManyAttempts, true),
  },
  otherwise: () => say(PASSKEY_TEXT.unknown, true),
}

export function mapPasskeyError(error: unknown): PasskeyErrorOutcome {
  return mapOutcome(error, passkeyTable)
}

/** Spec §8 "Passkey": what the passkey status screen shows for a failed attempt (pure, unit-tested). */
import { ApiError } from '../../errors/api.ts'
import { PasskeyRejectedError, PASSKEY_TEXT, WebAuthnNotSupportedError } from '../../errors/passkey.ts'
import type { ScreenEntry } from '../../stores/modal.ts'
import { TEXT, transferScreen } from '../login/errorMapping.ts'

export type PasskeyErrorOutcome =
  /** Stay on the status screen with this text; `retry` says whether Retry can help. */
  | { kind: 'message'; message: string; retry: boolean }
  | { kind: 'screen'; screen: ScreenEntry }

export function mapPasskeyError(error: unknown): PasskeyErrorOutcome {
  if (error instanceof WebAuthnNotSupportedError) return { kind: 'message', message: PASSKEY_TEXT.notSupported, retry: false }
  if (error instanceof PasskeyRejectedError) return { kind: 'message', message: PASSKEY_TEXT.rejected, retry: true }
  const transfer = transferScreen(error, 'passkey')
  if (transfer) return { kind: 'screen', screen: transfer }
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'cannot_link_more_of_type':
        return { kind: 'message', message: PASSKEY_TEXT.cannotLinkMore, retry: false }
      case 'max_accounts_reached':
        return { kind: 'screen', screen: { name: 'user-limit' } }
      case 'user_does_not_exist':
        return { kind: 'screen', screen: { name: 'account-not-found' } }
      case 'allowlist_rejected':
        return { kind: 'screen', screen: { name: 'allowlist-rejected' } }
      case 'disallowed_login_method':
        return { kind: 'screen', screen: { name: 'error', title: TEXT.notAllowed, detail: error.shortMessage, cta: TEXT.tryAnotherMethod } }
      case 'linked_to_another_user':
        return { kind: 'message', message: TEXT.linkedToAnotherUser, retry: false }
      case 'too_many_requests':
        return { kind: 'message', message: TEXT.tooManyAttempts, retry: true }
    }
  }
  return { kind: 'message', message: PASSKEY_TEXT.unknown, retry: true }
}

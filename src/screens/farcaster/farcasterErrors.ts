/** Spec §8 "Farcaster": what the Farcaster screen shows for a failure (pure). */
import { ApiError, TimeoutError } from '../../errors/api.ts'
import type { ScreenEntry } from '../../stores/modal.ts'
import { TEXT, transferScreen } from '../login/errorMapping.ts'

export const FARCASTER_TEXT = {
  authFailed: 'Authentication failed',
  tryAgain: 'Something went wrong. Try again.',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  timedOut: 'The request timed out. Try again.',
  linkedToAnotherUser: 'This account has already been linked to another user.',
} as const

export type FarcasterErrorOutcome = { kind: 'message'; title: string; detail: string; retry: boolean } | { kind: 'screen'; screen: ScreenEntry }

/** `fid`: the account the failed call was about (the transfer screen sends it as farcaster_id). */
export function mapFarcasterError(error: unknown, fid?: number): FarcasterErrorOutcome {
  const transfer = transferScreen(error, 'farcaster')
  if (transfer?.name === 'account-transfer') {
    return { kind: 'screen', screen: { ...transfer, fields: { farcaster_id: fid ?? null, farcaster_embedded_address: null } } }
  }
  const msg = (detail: string, retry = true): FarcasterErrorOutcome => ({ kind: 'message', title: FARCASTER_TEXT.authFailed, detail, retry })
  if (error instanceof TimeoutError || (error as { code?: string } | null)?.code === 'FARCASTER_TIMEOUT') return msg(FARCASTER_TEXT.timedOut)
  const code = error instanceof ApiError ? error.code : null
  switch (code) {
    case 'allowlist_rejected':
      return { kind: 'screen', screen: { name: 'allowlist-rejected' } }
    case 'max_accounts_reached':
      return { kind: 'screen', screen: { name: 'user-limit' } }
    case 'user_does_not_exist':
      return { kind: 'screen', screen: { name: 'account-not-found' } }
    case 'disallowed_login_method':
      return { kind: 'screen', screen: { name: 'error', title: TEXT.notAllowed, detail: (error as ApiError).shortMessage, cta: TEXT.tryAnotherMethod } }
    case 'too_many_requests':
      return msg(FARCASTER_TEXT.tooManyRequests)
    case 'linked_to_another_user':
      return msg(FARCASTER_TEXT.linkedToAnotherUser, false)
    case 'cannot_link_more_of_type':
      return msg((error as ApiError).shortMessage, false)
  }
  // invalid_credentials (a signature that is not the fid's custody, an expired or used channel) and
  // anything unexpected: the user can only start over.
  return msg(FARCASTER_TEXT.tryAgain)
}

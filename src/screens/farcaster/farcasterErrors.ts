/** Spec §8 "Farcaster": what the Farcaster screen shows for a failure (pure). */
import { TimeoutError } from '../../errors/api.ts'
import { mapOutcome, notAllowedScreen, TEXT, type OutcomeTable } from '../../flows/outcome.ts'
import type { ScreenEntry } from '../../stores/modal.ts'

export const FARCASTER_TEXT = {
  authFailed: TEXT.authFailed,
  tryAgain: 'Something went wrong. Try again.',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  timedOut: 'The request timed out. Try again.',
  linkedToAnotherUser: TEXT.linkedToAnotherUser,
} as const

export type FarcasterErrorOutcome = { kind: 'message'; title: string; detail: string; retry: boolean } | { kind: 'screen'; screen: ScreenEntry }

const say = (detail: string, retry = true): FarcasterErrorOutcome => ({ kind: 'message', title: FARCASTER_TEXT.authFailed, detail, retry })

const farcasterTable: OutcomeTable<FarcasterErrorOutcome> = {
  transfer: 'farcaster',
  local: (error) => (error instanceof TimeoutError || (error as { code?: string } | null)?.code === 'FARCASTER_TIMEOUT' ? say(FARCASTER_TEXT.timedOut) : null),
  codes: {
    disallowed_login_method: notAllowedScreen,
    too_many_requests: () => say(FARCASTER_TEXT.tooManyRequests),
    linked_to_another_user: () => say(FARCASTER_TEXT.linkedToAnotherUser, false),
    cannot_link_more_of_type: (error) => say(error.shortMessage, false),
  },
  // invalid_credentials (a signature that is not the fid's custody, an expired or used channel) and
  // anything unexpected: the user can only start over.
  otherwise: () => say(FARCASTER_TEXT.tryAgain),
}

/** `fid`: the account the failed call was about (the transfer screen sends it as farcaster_id). */
export function mapFarcasterError(error: unknown, fid?: number): FarcasterErrorOutcome {
  const outcome = mapOutcome(error, farcasterTable)
  if (outcome.kind === 'screen' && outcome.screen.name === 'account-transfer') {
    return { kind: 'screen', screen: { ...outcome.screen, fields: { farcaster_id: fid ?? null, farcaster_embedded_address: null } } }
  }
  return outcome
}

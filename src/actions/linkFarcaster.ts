import { openAccountFlow } from './internal/openAccountFlow.ts'
import type { User } from '../api/user.ts'

export type LinkFarcasterReturnType = User

/**
 * Opens the Farcaster screen (QR code on desktop, open-app button on mobile) to link the user's
 * Farcaster account to the signed-in user; resolves with the user after `link-success` (also
 * after an account transfer), rejects with USER_EXITED_LINK_FLOW when the modal closes first.
 *
 * @example
 * const user = await linkFarcaster()
 */
export function linkFarcaster(): Promise<LinkFarcasterReturnType> {
  return openAccountFlow({ kind: 'link', method: 'farcaster' }, { name: 'farcaster-status', intent: 'link' })
}

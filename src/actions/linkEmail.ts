import { openAccountFlow } from './internal/openAccountFlow.ts'
import type { User } from '../api/user.ts'

export type LinkEmailReturnType = User

/**
 * Opens 'Connect your email' for the signed-in user; resolves with the user after `link-success`
 * (including after an account transfer), rejects with USER_EXITED_LINK_FLOW when closed first.
 *
 * @example
 * const user = await linkEmail()
 */
export function linkEmail(): Promise<LinkEmailReturnType> {
  return openAccountFlow({ kind: 'link', method: 'email' }, { name: 'link-email' })
}

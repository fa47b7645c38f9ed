import { openAccountFlow } from './internal/openAccountFlow.ts'
import type { User } from '../api/user.ts'

export type LinkPasskeyReturnType = User

/**
 * Opens the passkey status screen to create a passkey and link it to the signed-in user; resolves
 * with the user after `link-success`, rejects with USER_EXITED_LINK_FLOW when closed first.
 *
 * @example
 * const user = await linkPasskey()
 */
export function linkPasskey(): Promise<LinkPasskeyReturnType> {
  return openAccountFlow({ kind: 'link', method: 'passkey' }, { name: 'passkey-status', intent: 'link' })
}

import type { User } from '../api/user.ts'
import { startFlow } from '../flows/uiFlow.ts'
import { openOAuthPopup } from '../oauth/popup.ts'
import { requireLinkableUser } from './internal/accountChange.ts'
import { showModal } from './openModal.ts'

export type LinkOAuthReturnType = User

/**
 * Links the `provider` account (google, apple, discord, github, linkedin, spotify, instagram,
 * twitter, tiktok, line) to the signed-in user through the provider's popup; resolves with the user
 * after `link-success` (also after an account transfer), rejects with USER_EXITED_LINK_FLOW when
 * the modal is closed first. Call it from a click handler so the popup is allowed.
 *
 * @example
 * button.onclick = () => authModal.linkOAuth('github')
 */
export function linkOAuth(provider: string): Promise<LinkOAuthReturnType> {
  try {
    requireLinkableUser()
  } catch (error) {
    return Promise.reject(error)
  }
  const popup = openOAuthPopup()
  const done = startFlow({ kind: 'link', method: provider })
  showModal({ name: 'oauth-status', provider })
  void import('../oauth/flow.ts').then((m) => m.startOAuth(provider, 'link', popup))
  return done
}

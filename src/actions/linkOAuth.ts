import { openAccountFlow } from './internal/openAccountFlow.ts'
import type { User } from '../api/user.ts'
import { inAppBrowserScreen, oauthBlockedInThisBrowser } from '../oauth/inAppBrowser.ts'
import { openOAuthPopup } from '../oauth/popup.ts'

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
  return openAccountFlow(
    { kind: 'link', method: provider },
    // The flow stays open on the failure screen: closing it rejects with USER_EXITED_LINK_FLOW.
    oauthBlockedInThisBrowser(provider) ? inAppBrowserScreen() : { name: 'oauth-status', provider },
    {
      onOpen: () => {
        if (oauthBlockedInThisBrowser(provider)) return
        const popup = openOAuthPopup()
        void import('../oauth/flow.ts').then((m) => m.startOAuth(provider, 'link', popup))
      },
    },
  )
}

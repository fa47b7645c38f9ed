/**
 * The return of a full-page OAuth redirect (spec §2, §4): the page loads with code, state and
 * provider; they are read and removed from the address, and the flow stored before leaving is
 * finished on the OAuth status screen. A page loaded in our own popup leaves them to its opener.
 */
import { showModal } from '../actions/openModal.ts'
import { startFlow } from '../flows/uiFlow.ts'
import { $config } from '../stores/config.ts'
import { finishOAuth } from './flow.ts'
import { POPUP_NAME, readOAuthReturn, readPendingOAuth, removeOAuthReturnFromPage } from './pending.ts'

/** True when this page is the OAuth popup itself (its opener reads the answer). */
export const isOAuthPopup = () => window.name === POPUP_NAME && Boolean(window.opener)

export async function resumeOAuthRedirect(): Promise<boolean> {
  if (isOAuthPopup()) return false
  const answer = readOAuthReturn(location.href)
  const pending = readPendingOAuth($config.get().appId!)
  // Not ours (no flow was started here): the page's own parameters stay.
  if (!answer || !pending) return false
  removeOAuthReturnFromPage()
  const provider = answer.provider ?? pending.provider
  // The host's link promise did not survive the page load; the flow still reports link-success.
  void startFlow({ kind: pending.kind, method: provider }).catch(() => undefined)
  showModal({ name: 'oauth-status', provider })
  await finishOAuth({ ...answer, provider }, pending.kind)
  return true
}

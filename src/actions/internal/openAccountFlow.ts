import type { User } from '../../api/user.ts'
import { startFlow, type ActiveFlow } from '../../flows/uiFlow.ts'
import type { ScreenEntry } from '../../stores/modal.ts'
import { showModal } from '../openModal.ts'
import { requireLinkableUser } from './accountChange.ts'

export interface OpenAccountFlowOptions {
  /** A further precondition on the signed-in user (e.g. 'update' needs an e-mail to replace); throws to refuse. */
  check?: (user: User) => void
  /** Runs once the modal shows the screen, still inside the host's call (OAuth opens its popup here). */
  onOpen?: () => void
}

/**
 * The one shape of every link and update host method (linkEmail, linkPhone, updateEmail,
 * updatePhone, linkPasskey, linkTelegram, linkFarcaster, linkOAuth): a signed-in, non-guest user
 * (spec §5), then the modal flow, whose promise resolves on `link-success` / `update-success` and
 * rejects with USER_EXITED_LINK_FLOW / USER_EXITED_UPDATE_FLOW when the modal closes first. A
 * refused precondition rejects the promise instead of throwing, as a host expects from an async call.
 */
export function openAccountFlow(flow: ActiveFlow, screen: ScreenEntry, { check, onOpen }: OpenAccountFlowOptions = {}): Promise<User> {
  try {
    const user = requireLinkableUser()
    check?.(user)
  } catch (error) {
    return Promise.reject(error)
  }
  const done = startFlow(flow)
  showModal(screen)
  onOpen?.()
  return done
}

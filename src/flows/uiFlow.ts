/**
 * The one modal flow a host method started (`login()`, `linkEmail()`, `updateEmail()`…) and the
 * promise it handed back. Outcomes arrive on the event bus, so screens never resolve promises
 * themselves: `auth-success` / `link-success` / `update-success` resolve, closing the modal first
 * rejects with USER_EXITED_AUTH_FLOW / USER_EXITED_LINK_FLOW / USER_EXITED_UPDATE_FLOW, or, when a
 * link or update call failed before the user left, with what failed: LINKED_TO_ANOTHER_USER,
 * FAILED_TO_LINK_ACCOUNT or FAILED_TO_UPDATE_ACCOUNT (the failure as `cause`).
 */
import type { User } from '../api/user.ts'
import { UserExitedAuthFlowError } from '../errors/auth.ts'
import type { BaseError } from '../errors/base.ts'
import { ApiError } from '../errors/api.ts'
import {
  FailedToLinkAccountError,
  FailedToUpdateAccountError,
  LinkedToAnotherUserError,
  UserExitedLinkFlowError,
  UserExitedUpdateFlowError,
} from '../errors/link.ts'
import { subscribe } from '../events/bus.ts'
import { $activeFlow, type ActiveFlow, type FlowKind } from '../stores/activeFlow.ts'

export { $activeFlow, type ActiveFlow, type FlowKind }

let pending: { resolve(user: User): void; reject(error: BaseError): void } | null = null

const SUCCESS: Record<FlowKind, string> = { login: 'auth-success', link: 'link-success', update: 'update-success' }
/** The last link or update call of the running flow that failed (null: none, or it was retried successfully). */
let failure: unknown = null

/** A failed link or update call as the client error a host sees: LINKED_TO_ANOTHER_USER for the server's verdict, else FAILED_TO_*. */
export function accountChangeError(kind: 'link' | 'update', error: unknown): BaseError {
  if (error instanceof ApiError && error.code === 'linked_to_another_user') return new LinkedToAnotherUserError({ cause: error })
  return kind === 'link' ? new FailedToLinkAccountError({ cause: error }) : new FailedToUpdateAccountError({ cause: error })
}

const exitError = (kind: FlowKind): BaseError => {
  if (kind !== 'login' && failure !== null) return accountChangeError(kind, failure)
  return kind === 'link' ? new UserExitedLinkFlowError() : kind === 'update' ? new UserExitedUpdateFlowError() : new UserExitedAuthFlowError()
}

/**
 * Remembers a failed link or update call of the running flow, so leaving the flow afterwards
 * reports the failure rather than a plain exit. A transfer offer is not a failure: the user decides.
 */
export function noteFlowFailure(error: unknown): void {
  const flow = $activeFlow.get()
  if (!flow || flow.kind === 'login') return
  if (error instanceof ApiError && error.code === 'account_transfer_required') return
  failure = error
}

let unsubscribe: (() => void) | null = null
function listen() {
  unsubscribe ??= subscribe((name, detail) => {
    const flow = $activeFlow.get()
    if (!flow) return
    if (name === SUCCESS[flow.kind]) finish({ user: (detail as { user: User }).user })
    else if (name === 'modal-close') finish({ error: exitError(flow.kind) })
  })
}

function finish(outcome: { user: User } | { error: BaseError }) {
  const current = pending
  pending = null
  failure = null
  $activeFlow.set(null)
  if (!current) return
  if ('user' in outcome) current.resolve(outcome.user)
  else current.reject(outcome.error)
}

/**
 * Starts a flow; a flow still running is ended as exited first (one modal, one flow).
 *
 * @example
 * const user = await startFlow({ kind: 'link', method: 'email' })
 */
export function startFlow(flow: ActiveFlow): Promise<User> {
  listen()
  if ($activeFlow.get()) finish({ error: exitError($activeFlow.get()!.kind) })
  $activeFlow.set(flow)
  return new Promise<User>((resolve, reject) => {
    pending = { resolve, reject }
  })
}

/** The kind of the running flow ('login' when none was started by a host method). */
export function flowKind(): FlowKind {
  return $activeFlow.get()?.kind ?? 'login'
}

/**
 * The one modal flow a host method started (`login()`, `linkEmail()`, `updateEmail()`…) and the
 * promise it handed back. Outcomes arrive on the event bus, so screens never resolve promises
 * themselves: `auth-success` / `link-success` / `update-success` resolve, closing the modal first
 * rejects with USER_EXITED_AUTH_FLOW / USER_EXITED_LINK_FLOW / USER_EXITED_UPDATE_FLOW.
 */
import { atom } from 'nanostores'
import type { User } from '../api/user.ts'
import { UserExitedAuthFlowError } from '../errors/auth.ts'
import type { BaseError } from '../errors/base.ts'
import { UserExitedLinkFlowError, UserExitedUpdateFlowError } from '../errors/link.ts'
import { subscribe } from '../events/bus.ts'

export type FlowKind = 'login' | 'link' | 'update'

export interface ActiveFlow {
  kind: FlowKind
  /** 'email', 'sms', 'google', … ; screens use it to pick the call (login, link or update). */
  method: string
}

/** What the modal is doing now; null means an ordinary login from `open()`. */
export const $activeFlow = atom<ActiveFlow | null>(null)

let pending: { resolve(user: User): void; reject(error: BaseError): void } | null = null

const SUCCESS: Record<FlowKind, string> = { login: 'auth-success', link: 'link-success', update: 'update-success' }
const exitError = (kind: FlowKind) =>
  kind === 'link' ? new UserExitedLinkFlowError() : kind === 'update' ? new UserExitedUpdateFlowError() : new UserExitedAuthFlowError()

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

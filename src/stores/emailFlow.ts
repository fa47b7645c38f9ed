import { atom } from 'nanostores'
import { BaseError } from '../errors/base.ts'

/** The e-mail code flow states (spec §4). */
export type EmailFlowState = 'idle' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error'

export type EmailFlowEvent = 'SEND' | 'SENT' | 'SUBMIT' | 'SUCCEED' | 'FAIL' | 'RESET'

const TRANSITIONS: Record<EmailFlowState, Partial<Record<EmailFlowEvent, EmailFlowState>>> = {
  // SUBMIT from idle: a module user may enter a code that was sent earlier (another tab).
  idle: { SEND: 'sending-code', SUBMIT: 'submitting-code' },
  'sending-code': { SENT: 'awaiting-code-input', FAIL: 'error' },
  // SEND while awaiting is "Resend code".
  'awaiting-code-input': { SUBMIT: 'submitting-code', SEND: 'sending-code' },
  'submitting-code': { SUCCEED: 'done', FAIL: 'error' },
  // After a failure the user may type a new code or ask for a new one.
  error: { SEND: 'sending-code', SUBMIT: 'submitting-code' },
  done: {},
}

export class InvalidTransitionError extends BaseError {
  override name = 'InvalidTransitionError'
  constructor({ state, event }: { state: EmailFlowState; event: EmailFlowEvent }) {
    super(`Cannot ${event} while the e-mail flow is ${state}.`, { code: 'INVALID_TRANSITION' })
  }
}

/** Pure transition function; RESET is allowed from every state. */
export function transition(state: EmailFlowState, event: EmailFlowEvent): EmailFlowState {
  if (event === 'RESET') return 'idle'
  const next = TRANSITIONS[state][event]
  if (!next) throw new InvalidTransitionError({ state, event })
  return next
}

export function canTransition(state: EmailFlowState, event: EmailFlowEvent): boolean {
  return event === 'RESET' || TRANSITIONS[state][event] !== undefined
}

export interface EmailFlow {
  state: EmailFlowState
  /** What the user typed on the landing screen; kept across screens so nothing typed is lost. */
  email: string
  /** The e-mail the last code was sent to. */
  sentTo: string | null
  error: BaseError | null
  /** Inline error shown under the landing e-mail input. */
  inlineError: string | null
}

export const $emailFlow = atom<EmailFlow>({ state: 'idle', email: '', sentTo: null, error: null, inlineError: null })

/** Moves the store through `transition`, merging extra context. */
export function dispatchEmailFlow(event: EmailFlowEvent, patch: Partial<Omit<EmailFlow, 'state'>> = {}): EmailFlow {
  const current = $emailFlow.get()
  const next = { ...current, ...patch, state: transition(current.state, event) }
  $emailFlow.set(next)
  return next
}

export function setEmailInput(email: string): void {
  $emailFlow.set({ ...$emailFlow.get(), email, inlineError: null })
}

export function setInlineError(inlineError: string | null): void {
  $emailFlow.set({ ...$emailFlow.get(), inlineError })
}

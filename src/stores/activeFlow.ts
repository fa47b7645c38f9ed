import { atom } from 'nanostores'

export type FlowKind = 'login' | 'link' | 'update'

export interface ActiveFlow {
  kind: FlowKind
  /** 'email', 'sms', 'google', … ; screens use it to pick the call (login, link or update). */
  method: string
}

/** What the modal is doing now; null means an ordinary login from `open()`. */
export const $activeFlow = atom<ActiveFlow | null>(null)

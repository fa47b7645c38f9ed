import type { LinkedAccount, User } from '../api/user.ts'

/** `link-success`: an account was linked to the signed-in user (also after an account transfer). */
export interface LinkSuccessEventDetail {
  user: User
  /** The method: 'email', 'sms', 'google', 'passkey', … */
  linkMethod: string
  /** The account concerned, as it is (or was) on the user. */
  linkedAccount: LinkedAccount | null
}
export type LinkSuccessEvent = CustomEvent<LinkSuccessEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'link-success': LinkSuccessEvent
  }
}

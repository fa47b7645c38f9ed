import type { LinkedAccount, User } from '../api/user.ts'

/** `unlink-success`: an account was unlinked from the user. */
export interface UnlinkSuccessEventDetail {
  user: User
  /** The method: 'email', 'sms', 'google', 'passkey', … */
  unlinkMethod: string
  /** The account concerned, as it is (or was) on the user. */
  linkedAccount: LinkedAccount | null
}
export type UnlinkSuccessEvent = CustomEvent<UnlinkSuccessEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'unlink-success': UnlinkSuccessEvent
  }
}

import type { LinkedAccount, User } from '../api/user.ts'

/** `update-success`: the user's e-mail or phone was replaced. */
export interface UpdateSuccessEventDetail {
  user: User
  /** The method: 'email', 'sms', 'google', 'passkey', … */
  updateMethod: string
  /** The account concerned, as it is (or was) on the user. */
  linkedAccount: LinkedAccount | null
}
export type UpdateSuccessEvent = CustomEvent<UpdateSuccessEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'update-success': UpdateSuccessEvent
  }
}

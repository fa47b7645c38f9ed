import { atom } from 'nanostores'

export interface PasskeyManagementState {
  status: 'idle' | 'busy' | 'updated'
  error: string | null
  removing: string | null
}

/** In a store: a verification screen goes on top of the management screen and back (the screen remounts). */
export const $passkeyManagement = atom<PasskeyManagementState>({ status: 'idle', error: null, removing: null })

/** `openPasskeyManagement()` starts from the list, whatever the last visit left. */
export function resetPasskeyManagement(): void {
  $passkeyManagement.set({ status: 'idle', error: null, removing: null })
}

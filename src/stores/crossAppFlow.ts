import { atom } from 'nanostores'

/** The cross-app login screen's state (spec §4): connecting, then success or error. */
export type CrossAppFlow =
  | { status: 'idle' }
  | { status: 'connecting'; providerName: string }
  | { status: 'success'; providerName: string }
  | { status: 'error'; providerName: string; message: string }

export const $crossAppFlow = atom<CrossAppFlow>({ status: 'idle' })

import { atom } from 'nanostores'

/** Custom-token sync's state (spec §4; src/flows/customTokenSync.ts). */
export type CustomTokenSyncState = 'initial' | 'loading' | 'done' | 'error' | 'not-enabled'
export const $customTokenSync = atom<CustomTokenSyncState>('initial')

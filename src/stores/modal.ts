import { atom } from 'nanostores'

/** One step of the modal. The stack keeps previous steps for back navigation (spec §2). */
export type ScreenEntry =
  | { name: 'landing' }
  | { name: 'code' }
  | { name: 'terms' }
  | { name: 'allowlist-rejected' }
  | { name: 'user-limit' }
  | { name: 'account-not-found' }
  | { name: 'error'; title: string; detail: string; cta: string }
  // Embedded wallets (src/screens/wallets/embedded/)
  | { name: 'embedded-wallet-create'; isNewUser: boolean }
  | { name: 'embedded-wallet-created'; isNewUser: boolean }
  | { name: 'embedded-wallet-recovery-select'; purpose: 'create' | 'update'; isNewUser?: boolean }
  | { name: 'embedded-wallet-secure'; isNewUser: boolean }
  | { name: 'embedded-wallet-password'; purpose: 'create' | 'update'; isNewUser?: boolean; startedByUser: boolean }
  | { name: 'embedded-wallet-recover-password'; address: string; next?: 'export' }
  | { name: 'embedded-wallet-automatic-recovery' }
  | { name: 'embedded-wallet-connect'; address: string; next: 'export' }
  | { name: 'embedded-wallet-export'; address: string }

export type ScreenName = ScreenEntry['name']

export interface ModalState {
  open: boolean
  stack: ScreenEntry[]
}

export const $modal = atom<ModalState>({ open: false, stack: [{ name: 'landing' }] })

/** Spec §9: modal state resets 500 ms after closing (after the close animation). */
export const MODAL_RESET_DELAY_MS = 500

export function currentScreen(state: ModalState = $modal.get()): ScreenEntry {
  return state.stack[state.stack.length - 1] ?? { name: 'landing' }
}

export function pushScreen(screen: ScreenEntry): void {
  const state = $modal.get()
  $modal.set({ ...state, stack: [...state.stack, screen] })
}

/** Replaces the current step (used when the previous one must not be reachable by back). */
export function replaceScreen(screen: ScreenEntry): void {
  const state = $modal.get()
  $modal.set({ ...state, stack: [...state.stack.slice(0, -1), screen] })
}

export function backScreen(): void {
  const state = $modal.get()
  if (state.stack.length <= 1) return
  $modal.set({ ...state, stack: state.stack.slice(0, -1) })
}

export function resetScreens(screen: ScreenEntry = { name: 'landing' }): void {
  $modal.set({ ...$modal.get(), stack: [screen] })
}

export function setModalOpen(open: boolean): void {
  $modal.set({ ...$modal.get(), open })
}

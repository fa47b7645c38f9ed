import { atom } from 'nanostores'
import type { WalletChainType, WalletIntent } from './walletFlow.ts'

/** One step of the modal. The stack keeps previous steps for back navigation (spec §2). */
export type ScreenEntry =
  | { name: 'landing' }
  | { name: 'code'; method?: 'email' | 'sms' }
  | { name: 'terms' }
  | { name: 'allowlist-rejected' }
  | { name: 'user-limit' }
  | { name: 'account-not-found' }
  | { name: 'error'; title: string; detail: string; cta: string }
  // `returnTo`: a connect-only list opened from another screen goes back there once connected (funding's wallet transfer).
  | { name: 'wallet-list'; intent: WalletIntent; returnTo?: ScreenEntry['name'] }
  | { name: 'wallet-connect-landing' }
  | { name: 'wallet-connect'; intent: WalletIntent; wallet: SelectedWallet; chainType: WalletChainType; returnTo?: ScreenEntry['name'] }
  // Linking, updating and account transfer.
  | { name: 'link-email' }
  | { name: 'email-login' }
  | { name: 'sms-login' }
  | { name: 'link-phone' }
  | { name: 'update-phone' }
  | { name: 'landing-overflow' }
  | { name: 'update-email' }
  | {
      name: 'account-transfer'
      method: string
      nonce: string
      displayName: string
      step?: 'confirm' | 'assets'
      fields?: Record<string, unknown>
      /** The other account's embedded wallets: the transfer deletes them only after the assets step's confirmation. */
      embeddedWallets?: { address: string; chainType: 'ethereum' | 'solana' }[]
    }
  // OAuth: the status screen ('Verifying connection to {provider}').
  | { name: 'oauth-status'; provider: string }
  | { name: 'cross-app-status' }
  // Passkeys (src/screens/passkeys/) and Telegram.
  | { name: 'passkey-choice' }
  | { name: 'telegram-status'; result?: import('../api/types.ts').TelegramAuthResult; intent?: 'login' | 'link' }
  | { name: 'passkey-status'; intent: 'login' | 'signup' | 'link' }
  // Captcha (src/screens/captcha/), pushed by a guarded init call waiting for a token.
  | { name: 'captcha' }
  // Sign In With Farcaster (src/screens/farcaster/).
  | { name: 'farcaster-status'; intent?: 'login' | 'link' }
  // 'Add a signer to Farcaster' ($farcasterSigner, src/farcaster/signerFlow.ts).
  | { name: 'farcaster-signer' }
  // Embedded wallets (src/screens/wallets/embedded/)
  | { name: 'embedded-wallet-create'; isNewUser: boolean }
  | { name: 'embedded-wallet-created'; isNewUser: boolean }
  | { name: 'embedded-wallet-recovery-select'; purpose: 'create' | 'update'; isNewUser?: boolean }
  | { name: 'embedded-wallet-secure'; isNewUser: boolean }
  | { name: 'embedded-wallet-password'; purpose: 'create' | 'update'; isNewUser?: boolean; startedByUser: boolean }
  | { name: 'embedded-wallet-recover-password'; address: string; next?: 'export' }
  | { name: 'embedded-wallet-automatic-recovery' }
  // Recovery OAuth (cloud backup and recovery): state in $recoveryOAuth (src/wallets/embedded/recoveryOAuth.ts).
  | { name: 'embedded-wallet-recovery-oauth'; provider: 'google-drive' | 'icloud'; action: 'create-wallet' | 'set-recovery' | 'recover' }
  | { name: 'embedded-wallet-connect'; address: string; next: 'export' }
  | { name: 'embedded-wallet-export'; address: string }
  // Delegated actions: 'Enable offline access' / 'Revoke offline access to wallet' ($delegation).
  | { name: 'delegated-actions' }
  // MFA (src/screens/mfa/): verification, enrollment, passkey management.
  | { name: 'mfa-verify'; flow: 'auth' | 'txn' }
  | { name: 'mfa-enroll' }
  | { name: 'passkey-management' }
  // Funding (src/screens/funding/), for the flow in $funding (src/funding/session.ts).
  | { name: 'funding-methods' }
  | { name: 'funding-receive' }
  // `resume`: the stored id of a purchase that outlived a reload or a closed modal (src/funding/purchase.ts).
  | { name: 'funding-card'; resume?: string }
  | { name: 'funding-exchange'; via: 'card' | 'exchange'; resume?: string }
  | { name: 'funding-wallets' }
  | { name: 'funding-bridge'; source: string; amount: string }
  | { name: 'funding-amount'; next: { name: 'funding-card' } | { name: 'funding-exchange'; via: 'card' | 'exchange' } }

export type ScreenName = ScreenEntry['name']

/** The wallet picked on the wallet list (plain data, so the screen stack stays serialisable). */
export interface SelectedWallet {
  /** Normalised name: the row key. */
  key: string
  label: string
  icon: string | null
  /** Connector id (EIP-6963 rdns, 'injected') or Wallet Standard name, per chain it was detected on. */
  detectedIds: Partial<Record<WalletChainType, string>>
  /** Bundled listing id, for the install guide and mobile links. */
  listingId?: string
  /** Connect through this SDK connector instead of a detected wallet (WalletConnect, Coinbase). */
  connector?: 'wallet_connect_v2' | 'coinbase_wallet' | 'base_account'
  /** Mobile deep-link bases for WalletConnect (`<universal>/wc?uri=…`), from the listing. */
  mobile?: { native: string | null; universal: string | null }
  /** The wallet's App Store page ('Go to App Store' after 'Still here?'), bundled or remote listing. */
  appStore?: string
}

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

/** Goes back to the latest step named `name` (dropping the steps above it); nothing when it is not on the stack. */
export function backToScreen(name: ScreenName): void {
  const state = $modal.get()
  const index = state.stack.map((s) => s.name).lastIndexOf(name)
  if (index < 0) return
  $modal.set({ ...state, stack: state.stack.slice(0, index + 1) })
}

export function resetScreens(screen: ScreenEntry = { name: 'landing' }): void {
  $modal.set({ ...$modal.get(), stack: [screen] })
}

export function setModalOpen(open: boolean): void {
  $modal.set({ ...$modal.get(), open })
}

let preloader: ((name: ScreenName) => Promise<void> | void) | null = null

/** The router registers how to fetch a screen's code ahead of showing it (src/screens/ScreenRouter.tsx). */
export function setScreenPreloader(preload: (name: ScreenName) => Promise<void> | void): void {
  preloader = preload
}

/**
 * Fetches a screen's code now, so that showing it later does not flash the 'Loading' fallback
 * while its chunk arrives (a success schedules its next screen 900 ms ahead: time enough).
 */
export function preloadScreen(name: ScreenName): Promise<void> {
  return Promise.resolve(preloader?.(name))
}

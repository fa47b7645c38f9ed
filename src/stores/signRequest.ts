/**
 * The pending embedded-wallet signature that `<sign-prompt>` shows. Kept apart from
 * `src/wallets/embedded/signing.ts` so the prompt element (defined on every page) does not pull
 * the wallet frame proxy into the landing chunk: signing code loads with the first request.
 */
import type { SignSuccessEventDetail } from '../events/sign-success.ts'
import { pendingStore, type Pending } from './pending.ts'

export type SignMethod = SignSuccessEventDetail['method']

/** Texts and options of the prompt (spec part 3: Sign message data). */
export interface SignUiOptions {
  title?: string
  description?: string
  buttonText?: string
  iconUrl?: string
  isCancellable?: boolean
}

export interface SignParameters {
  method: SignMethod
  address: string
  /** personal_sign: text or 0x-hex; eth_signTypedData_v4: the typed data; solana_signMessage: base64 bytes. */
  data: unknown
  uiOptions?: SignUiOptions
  /** false signs without any UI (headless). Default true. */
  showWalletUIs?: boolean
  /**
   * Signs instead of the embedded wallet at `address` (a smart wallet: its owner signs in the frame,
   * the signature is the account's ERC-1271 one). The prompt shows the same message either way.
   */
  signer?: () => Promise<string>
}

/** The request `<sign-prompt>` shows, answered with the signature (src/stores/pending.ts). */
export type PendingSign = SignParameters & Pending<string>

export const $signRequest = pendingStore<SignParameters, string>()

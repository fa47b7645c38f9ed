/**
 * `<sign-prompt>`'s host methods: the contract `SignPromptMethods` (custom-elements-manifest.config.mjs
 * reads it) and its table (../host-method-table.ts, like `<auth-modal>`'s). Each row reads the
 * element's attributes in the call's task (an attribute changed while the action loads applies to
 * the next request), then loads the signing code.
 */
import type { SignUiOptions } from '../../src/stores/signRequest.ts'
import { now, table } from '../host-method-table.ts'
import { callOptions } from './call-options.ts'

export interface SignPromptCallOptions {
  /** Which embedded wallet signs; defaults to the user's first wallet of the method's chain (signMessage: Ethereum, else Solana). */
  address?: string
  uiOptions?: SignUiOptions
}

export interface SignPromptMethods {
  /**
   * Signs a message with one of the user's embedded wallets, the same rule as `<auth-modal>` and the
   * `signMessage` export: the wallet at `address`, else the first Ethereum wallet, else the first
   * Solana one. The wallet's chain decides: Ethereum `personal_sign` resolves `{ signature }` 0x-hex,
   * Solana ed25519 resolves it base64.
   */
  signMessage({ message, address, uiOptions }: SignPromptCallOptions & { message: string | Uint8Array }): Promise<{ signature: string }>
  /** eth_signTypedData_v4 with an embedded Ethereum wallet. Resolves `{ signature }` (0x-hex). */
  signTypedData({ typedData, address, uiOptions }: SignPromptCallOptions & { typedData: object }): Promise<{ signature: string }>
  /** ed25519 signature by an embedded Solana wallet (`address`, else the user's first one). Resolves `{ signature }` (base64). */
  signSolanaMessage({ message, address, uiOptions }: SignPromptCallOptions & { message: string | Uint8Array }): Promise<{ signature: string }>
}

export const signPromptMethods = table<SignPromptMethods>({
  signMessage: now(async function (this: HTMLElement, { message, address, uiOptions }) {
    const options = callOptions(this, uiOptions)
    return (await import('../../src/actions/signMessage.ts')).signMessage({ message, address, ...options })
  }, 'reject'),
  signTypedData: now(async function (this: HTMLElement, { typedData, address, uiOptions }) {
    const options = callOptions(this, uiOptions)
    return (await import('./prompt-signing.ts')).signTypedData(typedData, address, options)
  }, 'reject'),
  signSolanaMessage: now(async function (this: HTMLElement, { message, address, uiOptions }) {
    const options = callOptions(this, uiOptions)
    return (await import('./prompt-signing.ts')).signSolanaMessage(message, address, options)
  }, 'reject'),
})

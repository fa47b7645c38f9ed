import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { $wallets } from '../stores/wallets.ts'
import { requestSignature, type SignUiOptions } from '../wallets/embedded/signing.ts'

export interface SignMessageParameters {
  /** Text (UTF-8) or bytes. */
  message: string | Uint8Array
  /** A Solana embedded wallet; defaults to the user's first one. */
  address?: string
  uiOptions?: SignUiOptions
  /** false signs headless (no prompt). */
  showWalletUIs?: boolean
}
export interface SignMessageReturnType {
  /** ed25519 signature, base64. */
  signature: string
}
export type SignMessageErrorType = EmbeddedWalletError

/**
 * Signs a message with a Solana embedded wallet (ed25519), through `<sign-prompt>` unless headless.
 * Ethereum signing goes through `getEthereumProvider(address)`.
 *
 * @example
 * const { signature } = await signMessage({ message: 'Hello' })
 */
export async function signMessage({ message, address, uiOptions, showWalletUIs }: SignMessageParameters): Promise<SignMessageReturnType> {
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw new EmbeddedWalletError(WALLET_MESSAGES.emptySolanaMessage, { code: 'INVALID_MESSAGE' })
  const wallet = address ? $wallets.get().find((w) => w.address === address && w.chainType === 'solana') : $wallets.get().find((w) => w.chainType === 'solana')
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  const signature = await requestSignature({ method: 'solana_signMessage', address: wallet.address, data: toBase64(bytes), uiOptions, showWalletUIs })
  return { signature }
}

// btoa keeps a base64 library out of the entry chunk.
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

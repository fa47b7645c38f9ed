import { EmbeddedWalletError, WALLET_MESSAGES, type ProviderRpcError } from '../errors/wallet.ts'
import { $wallets, findWallet, type Wallet } from '../stores/wallets.ts'
import { requestSignature, type SignUiOptions } from '../wallets/embedded/signing.ts'
import { getEthereumProvider } from './getEthereumProvider.ts'
import { crossAppAccountOf } from '../crossapp/account.ts'

export interface SignMessageParameters {
  /** Text (UTF-8) or bytes. On an Ethereum wallet a 0x-hex string is signed as those bytes (personal_sign). */
  message: string | Uint8Array
  /** Which embedded wallet signs; defaults to the user's first Ethereum wallet, else the first Solana one. */
  address?: string
  uiOptions?: SignUiOptions
  /** false signs headless (no prompt). */
  showWalletUIs?: boolean
}
export interface SignMessageReturnType {
  /** Ethereum: the 65-byte personal_sign signature, 0x-hex. Solana: the ed25519 signature, base64. */
  signature: string
}
/** EmbeddedWalletError (no such wallet, empty message, Solana signing); ProviderRpcError from the Ethereum provider (4001 when the user declines). */
export type SignMessageErrorType = EmbeddedWalletError | ProviderRpcError

/**
 * Signs a message with one of the user's embedded wallets, through `<sign-prompt>` unless
 * headless. The wallet's chain decides the signature: an Ethereum wallet signs with
 * `personal_sign` (EIP-191, 0x-hex), a Solana wallet with ed25519 (base64). Without `address`
 * the user's first Ethereum wallet signs, or the first Solana one when there is none.
 *
 * @example
 * const { signature } = await signMessage({ message: 'Hello' })
 * const { signature: solana } = await signMessage({ message: 'Hello', address: solanaWallet.address })
 */
export async function signMessage({ message, address, uiOptions, showWalletUIs }: SignMessageParameters): Promise<SignMessageReturnType> {
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw new EmbeddedWalletError(WALLET_MESSAGES.emptySolanaMessage, { code: 'INVALID_MESSAGE' })
  if (crossAppAccountOf(address)) {
    const data = typeof message === 'string' ? message : toHex(bytes)
    const signature = await getEthereumProvider(address!).request({ method: 'personal_sign', params: [data, address] })
    return { signature: signature as string }
  }
  const wallet = signingWallet(address)
  if (wallet.chainType === 'ethereum') {
    const data = typeof message === 'string' ? message : toHex(bytes)
    const signature = await getEthereumProvider(wallet.address, { uiOptions, showWalletUIs }).request({
      method: 'personal_sign',
      params: [data, wallet.address],
    })
    return { signature: signature as string }
  }
  const signature = await requestSignature({ method: 'solana_signMessage', address: wallet.address, data: toBase64(bytes), uiOptions, showWalletUIs })
  return { signature }
}

/** The wallet at `address`, else the first Ethereum one, else the first Solana one. */
function signingWallet(address?: string): Wallet {
  const wallets = $wallets.get()
  const wallet = address ? findWallet(address) : (wallets.find((w) => w.chainType === 'ethereum') ?? wallets.find((w) => w.chainType === 'solana'))
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  return wallet
}

function toHex(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

// btoa keeps a base64 library out of the entry chunk.
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

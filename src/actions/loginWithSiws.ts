import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { BaseError } from '../errors/base.ts'
import type { WalletLoginResult } from '../wallets/external/walletAuth.ts'

export interface LoginWithSiwsParameters {
  /** base58 address (ed25519 public key). */
  address: string
  /** Cluster named in the message; defaults to 'mainnet'. */
  cluster?: string
  /** Signs the message bytes (UTF-8 of the text); answers the base64 signature. */
  signMessage: (message: string) => Promise<string>
  /** Ledger path (message_type 'transaction'): signs a memo transaction carrying the text. */
  signMemoTransaction?: (message: string) => Promise<{ message: string; signature: string }>
  messageType?: 'plain' | 'transaction'
  walletClientType?: string
  connectorType?: string
  disableSignup?: boolean
  /** Captcha token for `siws/init`, when the app requires one (spec part 1 §7); otherwise the widget's captcha runs. */
  captchaToken?: string
}
export type LoginWithSiwsReturnType = WalletLoginResult & { user: User }
export type LoginWithSiwsErrorType = BaseError | ApiError | TimeoutError | NetworkError

/**
 * Sign-In With Solana: `siws/init`, the SIWS message for this page's domain, an ed25519
 * signature (or, for a Ledger, a signed memo transaction), then `siws/authenticate`. Publishes
 * `auth-success` (loginMethod 'siws') or `auth-error`.
 *
 * @example
 * await loginWithSiws({ address, signMessage: async (text) => base64(await wallet.signMessage(text)) })
 */
export async function loginWithSiws(parameters: LoginWithSiwsParameters): Promise<LoginWithSiwsReturnType> {
  const { disableSignup, captchaToken, cluster = 'mainnet', messageType = 'plain', ...signer } = parameters
  const { walletLogin } = await import('../wallets/external/walletAuth.ts')
  return walletLogin(
    { ...signer, chainType: 'solana', chainId: cluster, connectorType: signer.connectorType ?? 'solana_adapter' },
    { disableSignup, captchaToken, useTransaction: messageType === 'transaction' },
  )
}

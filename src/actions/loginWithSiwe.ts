import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { BaseError } from '../errors/base.ts'
import type { WalletLoginResult } from '../wallets/external/walletAuth.ts'

export interface LoginWithSiweParameters {
  address: `0x${string}`
  /** The chain the wallet is on (EIP-155 number). */
  chainId: number
  /** Signs the EIP-4361 message (personal_sign); answers the 0x signature. */
  signMessage: (message: string) => Promise<string>
  walletClientType?: string
  connectorType?: string
  /** Refuse to create a new user (mode 'no-signup'); defaults to the app's disableSignup. */
  disableSignup?: boolean
  /** Captcha token for `siwe/init`, when the app requires one (spec part 1 §7); otherwise the widget's captcha runs. */
  captchaToken?: string
}
export type LoginWithSiweReturnType = WalletLoginResult & { user: User }
export type LoginWithSiweErrorType = BaseError | ApiError | TimeoutError | NetworkError

/**
 * Sign-In With Ethereum with any signer: `siwe/init` (nonce), an EIP-4361 message for this page's
 * domain, the signature, then `siwe/authenticate`. Publishes `auth-success` (loginMethod 'siwe',
 * after terms when required) or `auth-error`. The wallet list uses it for connected wallets.
 *
 * @example
 * const account = privateKeyToAccount(key) // or any EIP-1193 wallet
 * await loginWithSiwe({ address: account.address, chainId: 1, signMessage: (message) => account.signMessage({ message }) })
 */
export async function loginWithSiwe(parameters: LoginWithSiweParameters): Promise<LoginWithSiweReturnType> {
  const { disableSignup, captchaToken, ...signer } = parameters
  // Loaded on use: wallet login code stays out of the landing screen's bundle.
  const { walletLogin } = await import('../wallets/external/walletAuth.ts')
  return walletLogin({ ...signer, chainType: 'ethereum' }, { disableSignup, captchaToken })
}

/**
 * Wallet-signature login and linking, for both chains (spec part 1 §4 "Wallet-signature login":
 * nonce, then authenticate or link). Light: the SIWE message builder (viem) is imported on use.
 */
import { accountCall } from '../../actions/internal/accountChange.ts'
import { trackEvent } from '../../api/analytics.ts'
import { captchaTokenForInit } from '../../captcha/require.ts'
import { getApiClient } from '../../api/instance.ts'
import { toUser, type User } from '../../api/user.ts'
import { MustBeAuthenticatedError } from '../../errors/auth.ts'
import { BaseError } from '../../errors/base.ts'
import { errorDetail } from '../../errors/toBaseError.ts'
import { publish } from '../../events/bus.ts'
import { assertCanLogIn } from '../../flows/loginGuard.ts'
import { $config, termsRequired } from '../../stores/config.ts'
import { $pendingLogin, $session, applyAuthResponse, setSessionUser } from '../../stores/session.ts'
import { createSiwsMessage } from '@gatehouse/contract'
import { setRecentWallet } from './storage.ts'

/** What the server needs to know about the wallet, and how to make it sign. */
export interface WalletSigner {
  chainType: 'ethereum' | 'solana'
  address: string
  /** Ethereum: the wallet's chain id (number). Solana: the cluster ('mainnet'). */
  chainId: number | string
  walletClientType?: string
  connectorType?: string
  /** Signs the message text; answers a 0x-hex (Ethereum) or base64 (Solana) signature. */
  signMessage(message: string): Promise<string>
  /** Solana Ledger path: sign a memo transaction instead (SIWS message_type 'transaction'). */
  signMemoTransaction?(message: string): Promise<{ message: string; signature: string }>
}

export const SIGN_IN_STATEMENT = 'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.'

async function signedMessage(signer: WalletSigner, useTransaction: boolean, captchaToken?: string) {
  const path = signer.chainType === 'ethereum' ? ('siwe' as const) : ('siws' as const)
  const api = getApiClient()
  const token = captchaToken ?? (await captchaTokenForInit())
  const { nonce } = await api.post(`/${path}/init`, { address: signer.address, ...(token ? { token } : {}) })
  const { host: domain, origin: uri } = globalThis.location
  const issuedAt = new Date()
  if (signer.chainType === 'ethereum') {
    const { createSiweMessage } = await import('viem/siwe')
    const message = createSiweMessage({
      domain,
      address: signer.address as `0x${string}`,
      statement: SIGN_IN_STATEMENT,
      uri,
      version: '1',
      chainId: Number(signer.chainId),
      nonce,
      issuedAt,
    })
    return { path, body: { message, signature: await signer.signMessage(message), chainId: `eip155:${signer.chainId}` } }
  }
  const text = createSiwsMessage({
    domain,
    address: signer.address,
    statement: SIGN_IN_STATEMENT,
    uri,
    version: '1',
    chainId: String(signer.chainId),
    nonce,
    issuedAt,
  })
  if (useTransaction && signer.signMemoTransaction) {
    return { path, body: { ...(await signer.signMemoTransaction(text)), message_type: 'transaction' } }
  }
  return { path, body: { message: text, signature: await signer.signMessage(text), message_type: 'plain' } }
}

export interface WalletLoginResult {
  user: User
  isNewUser: boolean
  needsTermsAcceptance: boolean
}

/** Logs in (or signs up) with the wallet's signature; publishes auth-success (after terms) or auth-error. */
export async function walletLogin(
  signer: WalletSigner,
  options: { disableSignup?: boolean; useTransaction?: boolean; captchaToken?: string } = {},
): Promise<WalletLoginResult> {
  const { appId, app } = $config.get()
  assertCanLogIn()
  const loginMethod = signer.chainType === 'ethereum' ? ('siwe' as const) : ('siws' as const)
  try {
    const { path, body } = await signedMessage(signer, Boolean(options.useTransaction), options.captchaToken)
    const response = await getApiClient().post(`/${path}/authenticate`, {
      ...body,
      walletClientType: signer.walletClientType ?? 'unknown',
      connectorType: signer.connectorType ?? 'injected',
      mode: (options.disableSignup ?? app?.disableSignup) ? 'no-signup' : 'login-or-sign-up',
    })
    const session = applyAuthResponse(appId!, response)
    if (session.status !== 'authenticated' || !session.user) throw new BaseError('The server did not start a session.', { code: 'UNKNOWN_AUTH_ERROR' })
    const isNewUser = Boolean(response.is_new_user)
    setRecentWallet(appId!, { walletClientType: signer.walletClientType ?? 'unknown', chainType: signer.chainType })
    trackEvent(loginMethod === 'siwe' ? 'sdk_authenticate_siwe' : 'sdk_authenticate', { method: loginMethod, isNewUser })
    const needsTermsAcceptance = termsRequired(app) && !session.user.hasAcceptedTerms
    const success = { user: session.user, isNewUser, loginMethod }
    if (needsTermsAcceptance) $pendingLogin.set(success)
    else publish('auth-success', success)
    return { user: session.user, isNewUser, needsTermsAcceptance }
  } catch (error) {
    publish('auth-error', errorDetail(error))
    throw error
  }
}

/** Links the wallet to the signed-in user (`siwe/link`, `siws/link`); answers the updated user. */
export async function walletLink(signer: WalletSigner, options: { useTransaction?: boolean } = {}): Promise<User> {
  if ($session.get().status !== 'authenticated') throw new MustBeAuthenticatedError()
  const { path, body } = await signedMessage(signer, Boolean(options.useTransaction))
  const wire = await accountCall(() =>
    getApiClient().post(`/${path}/link`, {
      ...body,
      walletClientType: signer.walletClientType ?? 'unknown',
      connectorType: signer.connectorType ?? 'injected',
    }),
  )
  const user = toUser(wire)
  setSessionUser(user)
  return user
}

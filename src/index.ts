/**
 * Gatehouse module entry (`dist/gatehouse.js`): defines the tags (./elements.ts) and exports the
 * actions, read-only stores, types and errors for module users. A page that only uses the tags
 * loads `dist/elements.js` instead and fetches each action's code when it is first called.
 */
import './elements.ts'
import type { ReadableAtom } from 'nanostores'
import { $config as config$ } from './stores/config.ts'
import { $emailFlow as emailFlow$ } from './stores/emailFlow.ts'
import { $modal as modal$ } from './stores/modal.ts'
import { $session as session$ } from './stores/session.ts'
import { $externalWallets as externalWallets$ } from './stores/externalWallets.ts'
import { $walletFlow as walletFlow$ } from './stores/walletFlow.ts'
import type { ExternalWallet } from './stores/externalWallets.ts'
import type { WalletFlow } from './stores/walletFlow.ts'
import type { ConfigState } from './stores/config.ts'
import type { EmailFlow } from './stores/emailFlow.ts'
import type { ModalState } from './stores/modal.ts'
import type { SessionState } from './stores/session.ts'

export { AuthModalElement } from '../elements/auth-modal/auth-modal.ts'
export { SignPromptElement } from '../elements/sign-prompt/sign-prompt.ts'

// Read-only views: hosts observe state; only actions change it.
export const $config: ReadableAtom<ConfigState> = config$
export const $session: ReadableAtom<SessionState> = session$
export const $modal: ReadableAtom<ModalState> = modal$
export const $emailFlow: ReadableAtom<EmailFlow> = emailFlow$
export const $externalWallets: ReadableAtom<ExternalWallet[]> = externalWallets$
export const $walletFlow: ReadableAtom<WalletFlow> = walletFlow$

export * from './actions/acceptTerms.ts'
export { closeModal } from './actions/closeModal.ts'
export type * from './actions/closeModal.ts'
export * from './actions/getAccessToken.ts'
export * from './actions/initialize.ts'
export { logout } from './actions/logout.ts'
export type * from './actions/logout.ts'
export * from './actions/loginWithEmailCode.ts'
export { openModal } from './actions/openModal.ts'
export type * from './actions/openModal.ts'
export * from './actions/refreshSession.ts'
export * from './actions/resendEmailCode.ts'
export * from './actions/sendEmailCode.ts'
export * from './actions/startWalletLogin.ts'
export * from './actions/connectWallet.ts'
export * from './actions/linkWallet.ts'
export * from './actions/loginWithSiwe.ts'
export * from './actions/loginWithSiws.ts'
export type { ExternalWallet, WalletFlow }
export type { WalletConnectionStatus, WalletIntent } from './stores/walletFlow.ts'

// Login/link/update flows and account transfer.
export * from './actions/login.ts'
export * from './actions/linkEmail.ts'
export * from './actions/linkWithEmailCode.ts'
export * from './actions/updateEmail.ts'
export * from './actions/updateEmailWithCode.ts'
export * from './actions/unlinkEmail.ts'
export * from './actions/transferAccount.ts'
export * from './actions/loginWithCustomToken.ts'
export { loginAsGuest, type LoginAsGuestErrorType, type LoginAsGuestReturnType } from './actions/loginAsGuest.ts'
export * from './actions/linkOAuth.ts'
export * from './actions/unlinkOAuth.ts'
export * from './actions/sendSmsCode.ts'
export * from './actions/resendSmsCode.ts'
export * from './actions/unlinkWallet.ts'
export * from './actions/refreshUser.ts'
export * from './actions/smsCode.ts'
export * from './actions/linkPhone.ts'
// Cross-app accounts: the requester's actions, and the provider's for its popup pages.
export * from './actions/loginWithCrossAppAccount.ts'
export * from './actions/linkCrossAppAccount.ts'
export * from './actions/unlinkCrossAppAccount.ts'
export { approveCrossAppConnection, verifyCrossAppToken } from './crossapp/provider.ts'
export { $crossAppFlow, type CrossAppFlow } from './stores/crossAppFlow.ts'
export { CrossAppError } from './errors/crossApp.ts'
export {
  AccountTransferRequiredError,
  AlreadyLoggedInError,
  FailedToLinkAccountError,
  FailedToUpdateAccountError,
  GuestCannotLinkError,
  LinkedToAnotherUserError,
  UserExitedLinkFlowError,
  UserExitedUpdateFlowError,
} from './errors/link.ts'

// Embedded wallets.
export * from './actions/connectEmbeddedWallet.ts'
export * from './actions/createWallet.ts'
export * from './actions/exportWallet.ts'
export * from './actions/delegateWallet.ts'
export * from './actions/revokeWallets.ts'
export * from './actions/requestFarcasterSignerFromWarpcast.ts'
export * from './actions/getFarcasterSignerPublicKey.ts'
export * from './actions/signFarcasterMessage.ts'
export * from './actions/fundWallet.ts'
export { FundButtonElement } from './fund-button.ts'
export { FundingError, FUNDING_MESSAGES } from './errors/funding.ts'
export * from './actions/getEthereumProvider.ts'
export * from './actions/getSmartWalletClient.ts'
export { SmartWalletError, SMART_WALLET_MESSAGES } from './errors/smartWallet.ts'
export * from './actions/importWallet.ts'
export * from './actions/recoverWallet.ts'
export * from './actions/setWalletRecovery.ts'
export * from './actions/setWalletPassword.ts'
export * from './actions/signMessage.ts'
export * from './actions/sendTransaction.ts'
export * from './actions/signTransaction.ts'
export * from './actions/signAndSendAllTransactions.ts'
export * from './actions/signAllTransactions.ts'
export { SOLANA_TX_MESSAGES } from './errors/solana.ts'
export { TransactionError, TRANSACTION_MESSAGES } from './errors/transaction.ts'
export type { ChainConfig } from './api/types.ts'
export { $wallets } from './stores/wallets.ts'
export type { ChainType, RecoveryMethod, Wallet } from './stores/wallets.ts'
export type { SignUiOptions } from './wallets/embedded/signing.ts'
export { EmbeddedWalletError, ProviderRpcError, WalletProxyError } from './errors/wallet.ts'

export type { AppConfig, SessionUpdateAction } from './api/types.ts'
export type { LinkedAccount, User } from './api/user.ts'
export type { ConfigState, EmailFlow, ModalState, SessionState }
export type { EmailFlowState } from './stores/emailFlow.ts'
export type { ScreenEntry } from './stores/modal.ts'
export type { SessionStatus, SessionTokens } from './stores/session.ts'
export type * from './events/index.ts'

export { ApiError, NetworkError, TimeoutError } from './errors/api.ts'
export { API_ERROR_CODES, type ApiErrorCode } from '@gatehouse/contract'
export {
  InsecureApiUrlError,
  InvalidAppIdError,
  LoginMethodNotAllowedError,
  MultipleProvidersError,
  MustBeAuthenticatedError,
  NotInitializedError,
  UserExitedAuthFlowError,
} from './errors/auth.ts'
export { BaseError } from './errors/base.ts'
export { VERSION } from './version.ts'
export * from './actions/loginWithPasskey.ts'
export * from './actions/signupWithPasskey.ts'
export * from './actions/linkWithPasskey.ts'
export * from './actions/linkPasskey.ts'
export * from './actions/unlinkPasskey.ts'
export * from './errors/passkey.ts'
export * from './actions/loginWithTelegram.ts'
export * from './actions/linkTelegram.ts'
export * from './actions/unlinkTelegram.ts'
export * from './actions/initLoginWithFarcaster.ts'
export * from './actions/loginWithFarcaster.ts'
export * from './actions/linkFarcaster.ts'
export * from './actions/unlinkFarcaster.ts'
// MFA and passkey management (spec part 2; src/mfa/, src/screens/mfa/).
export * from './actions/showMfaEnrollmentModal.ts'
export * from './actions/initEnrollMfa.ts'
export * from './actions/submitEnrollMfa.ts'
export * from './actions/unenrollMfa.ts'
export * from './actions/verifyMfa.ts'
export * from './actions/initMfa.ts'
export * from './actions/submitMfa.ts'
export * from './actions/cancelMfa.ts'
export * from './actions/setMfaPrompt.ts'
export * from './actions/openPasskeyManagement.ts'
export { MfaError } from './errors/mfa.ts'
export { MFA_TEXT } from './mfa/texts.ts'

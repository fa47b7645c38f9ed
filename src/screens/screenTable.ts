/**
 * Every screen after the landing, by name: a loader each (import()). This table is a chunk of its
 * own, fetched when the first later screen is reached (src/screens/ScreenRouter.tsx), so the
 * landing's JavaScript carries neither it nor the file names of the 44 screens.
 */
import type { ComponentType } from 'react'
import type { ScreenName } from '../stores/modal.ts'

export type LaterScreen = Exclude<ScreenName, 'landing'>

/* eslint-disable @typescript-eslint/no-explicit-any */
export const screens: Record<LaterScreen, () => Promise<{ default: ComponentType<any> }>> = {
  code: () => import('./login/CodeScreen.tsx'),
  terms: () => import('./login/TermsScreen.tsx'),
  'allowlist-rejected': () => import('./login/AllowlistRejectedScreen.tsx'),
  'user-limit': () => import('./login/UnableToSignInScreen.tsx'),
  'account-not-found': () => import('./login/AccountNotFoundScreen.tsx'),
  error: () => import('./common/ErrorScreen.tsx'),
  'wallet-list': () => import('./wallets/WalletListScreen.tsx'),
  'wallet-connect-landing': () => import('./wallets/ConnectLandingScreen.tsx'),
  'wallet-connect': () => import('./wallets/WalletConnectScreen.tsx'),
  'email-login': () => import('./login/EmailLoginScreen.tsx'),
  'sms-login': () => import('./sms/PhoneLoginScreen.tsx'),
  'link-phone': () => import('./sms/LinkPhoneScreen.tsx'),
  'update-phone': () => import('./sms/UpdatePhoneScreen.tsx'),
  'landing-overflow': () => import('./login/LandingOverflowScreen.tsx'),
  'link-email': () => import('./link/LinkEmailScreen.tsx'),
  'update-email': () => import('./link/UpdateEmailScreen.tsx'),
  'oauth-status': () => import('./login/OAuthStatusScreen.tsx'),
  'cross-app-status': () => import('./login/CrossAppStatusScreen.tsx'),
  'telegram-status': () => import('./telegram/TelegramStatusScreen.tsx'),
  'passkey-choice': () => import('./passkeys/PasskeyChoiceScreen.tsx'),
  'passkey-status': () => import('./passkeys/PasskeyStatusScreen.tsx'),
  'farcaster-status': () => import('./farcaster/FarcasterStatusScreen.tsx'),
  'farcaster-signer': () => import('./farcaster/FarcasterSignerScreen.tsx'),
  'account-transfer': () => import('./link/AccountTransferScreen.tsx'),
  captcha: () => import('./captcha/CaptchaScreen.tsx'),
  'embedded-wallet-create': () => import('./wallets/embedded/CreateWalletScreen.tsx'),
  'embedded-wallet-created': () => import('./wallets/embedded/WalletCreatedScreen.tsx'),
  'embedded-wallet-recovery-select': () => import('./wallets/embedded/RecoveryMethodScreen.tsx'),
  'embedded-wallet-secure': () => import('./wallets/embedded/SecureAccountScreen.tsx'),
  'embedded-wallet-password': () => import('./wallets/embedded/PasswordFlowScreen.tsx'),
  'embedded-wallet-recover-password': () => import('./wallets/embedded/RecoverPasswordScreen.tsx'),
  'embedded-wallet-automatic-recovery': () => import('./wallets/embedded/AutomaticRecoveryScreen.tsx'),
  'embedded-wallet-recovery-oauth': () => import('./wallets/embedded/RecoveryOAuthScreen.tsx'),
  'embedded-wallet-connect': () => import('./wallets/embedded/ConnectWalletScreen.tsx'),
  'embedded-wallet-export': () => import('./wallets/embedded/ExportWalletScreen.tsx'),
  'delegated-actions': () => import('./wallets/embedded/DelegationScreen.tsx'),
  'mfa-verify': () => import('./mfa/MfaVerifyScreen.tsx'),
  'mfa-enroll': () => import('./mfa/MfaEnrollScreen.tsx'),
  'passkey-management': () => import('./mfa/PasskeyManagementScreen.tsx'),
  'funding-methods': () => import('./funding/FundingMethodsScreen.tsx'),
  'funding-receive': () => import('./funding/ReceiveFundsScreen.tsx'),
  'funding-card': () => import('./funding/CardStatusScreen.tsx'),
  'funding-exchange': () => import('./funding/ExchangeStatusScreen.tsx'),
  'funding-wallets': () => import('./funding/WalletTransferScreen.tsx'),
  'funding-bridge': () => import('./funding/BridgeScreen.tsx'),
  'funding-amount': () => import('./funding/AmountScreen.tsx'),
}

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import type { ScreenEntry, ScreenName } from '../stores/modal.ts'
import { resetScreens } from '../stores/modal.ts'
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx'
import LoadingScreen from './common/LoadingScreen.tsx'
import LandingScreen from './login/LandingScreen.tsx'

// Only landing and loading are in the entry chunk; every later step is fetched when reached.
const lazyScreens: Record<Exclude<ScreenName, 'landing'>, LazyExoticComponent<ComponentType<any>>> = {
  code: lazy(() => import('./login/CodeScreen.tsx')),
  terms: lazy(() => import('./login/TermsScreen.tsx')),
  'allowlist-rejected': lazy(() => import('./login/AllowlistRejectedScreen.tsx')),
  'user-limit': lazy(() => import('./login/UnableToSignInScreen.tsx')),
  'account-not-found': lazy(() => import('./login/AccountNotFoundScreen.tsx')),
  error: lazy(() => import('./common/ErrorScreen.tsx')),
  'wallet-list': lazy(() => import('./wallets/WalletListScreen.tsx')),
  'wallet-connect-landing': lazy(() => import('./wallets/ConnectLandingScreen.tsx')),
  'wallet-connect': lazy(() => import('./wallets/WalletConnectScreen.tsx')),
  'email-login': lazy(() => import('./login/EmailLoginScreen.tsx')),
  'sms-login': lazy(() => import('./sms/PhoneLoginScreen.tsx')),
  'link-phone': lazy(() => import('./sms/LinkPhoneScreen.tsx')),
  'update-phone': lazy(() => import('./sms/UpdatePhoneScreen.tsx')),
  'landing-overflow': lazy(() => import('./login/LandingOverflowScreen.tsx')),
  'link-email': lazy(() => import('./link/LinkEmailScreen.tsx')),
  'update-email': lazy(() => import('./link/UpdateEmailScreen.tsx')),
  'oauth-status': lazy(() => import('./login/OAuthStatusScreen.tsx')),
  'telegram-status': lazy(() => import('./telegram/TelegramStatusScreen.tsx')),
  'passkey-choice': lazy(() => import('./passkeys/PasskeyChoiceScreen.tsx')),
  'passkey-status': lazy(() => import('./passkeys/PasskeyStatusScreen.tsx')),
  'farcaster-status': lazy(() => import('./farcaster/FarcasterStatusScreen.tsx')),
  'account-transfer': lazy(() => import('./link/AccountTransferScreen.tsx')),
  captcha: lazy(() => import('./captcha/CaptchaScreen.tsx')),
  'embedded-wallet-create': lazy(() => import('./wallets/embedded/CreateWalletScreen.tsx')),
  'embedded-wallet-created': lazy(() => import('./wallets/embedded/WalletCreatedScreen.tsx')),
  'embedded-wallet-recovery-select': lazy(() => import('./wallets/embedded/RecoveryMethodScreen.tsx')),
  'embedded-wallet-secure': lazy(() => import('./wallets/embedded/SecureAccountScreen.tsx')),
  'embedded-wallet-password': lazy(() => import('./wallets/embedded/PasswordFlowScreen.tsx')),
  'embedded-wallet-recover-password': lazy(() => import('./wallets/embedded/RecoverPasswordScreen.tsx')),
  'embedded-wallet-automatic-recovery': lazy(() => import('./wallets/embedded/AutomaticRecoveryScreen.tsx')),
  'embedded-wallet-connect': lazy(() => import('./wallets/embedded/ConnectWalletScreen.tsx')),
  'embedded-wallet-export': lazy(() => import('./wallets/embedded/ExportWalletScreen.tsx')),
  'mfa-verify': lazy(() => import('./mfa/MfaVerifyScreen.tsx')),
  'mfa-enroll': lazy(() => import('./mfa/MfaEnrollScreen.tsx')),
  'passkey-management': lazy(() => import('./mfa/PasskeyManagementScreen.tsx')),
  'funding-methods': lazy(() => import('./funding/FundingMethodsScreen.tsx')),
  'funding-receive': lazy(() => import('./funding/ReceiveFundsScreen.tsx')),
  'funding-card': lazy(() => import('./funding/CardStatusScreen.tsx')),
  'funding-exchange': lazy(() => import('./funding/ExchangeStatusScreen.tsx')),
  'funding-wallets': lazy(() => import('./funding/WalletTransferScreen.tsx')),
  'funding-bridge': lazy(() => import('./funding/BridgeScreen.tsx')),
  'funding-amount': lazy(() => import('./funding/AmountScreen.tsx')),
}

export function ScreenRouter({ screen, depth }: { screen: ScreenEntry; depth: number }) {
  const { name, ...props } = screen
  const Screen = name === 'landing' ? LandingScreen : lazyScreens[name]
  return (
    // Keyed by position so a failed screen's boundary does not stick to the next one.
    <ErrorBoundary key={`${depth}:${name}`} onReset={() => resetScreens()}>
      <Suspense fallback={<LoadingScreen />}>
        <Screen {...props} />
      </Suspense>
    </ErrorBoundary>
  )
}

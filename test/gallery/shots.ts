/**
 * What `npm run screenshots` pictures: every screen of the router (src/screens/screenTable.ts and
 * the landing), plus the confirmation sheets of `<sign-prompt>`. The type makes the list complete
 * (a screen added to ScreenEntry without an entry here fails the type check) and test/gallery.test.ts
 * checks it against the router's table at run time.
 *
 * How a screen is reached, best first:
 * - 'flow': the driver (test/gallery/run.ts) gets there as a user does, on the real stack;
 * - 'call': a host method on `<auth-modal>` opens it for the signed-in user (not awaited);
 * - 'fixture': the harness (test/gallery/harness.ts) puts this entry on the modal's stack. The
 *   screen then renders with the real stores of a signed-in user but without the flow that would
 *   have filled its own (a status screen may show its waiting or error state): the picture of the
 *   screen's layout, not of one particular flow.
 */
import type { Route } from '../../console/src/router.ts'
import type { DelegationRequest } from '../../src/stores/delegation.ts'
import type { ScreenEntry, ScreenName, SelectedWallet } from '../../src/stores/modal.ts'

type EntryOf<K extends ScreenName> = Extract<ScreenEntry, { name: K }>

export type How<K extends ScreenName = ScreenName> = { how: 'flow' } | { how: 'call'; call: string } | { how: 'fixture'; entry: EntryOf<K> }

const fixture = <K extends ScreenName>(entry: EntryOf<K>): How<K> => ({ how: 'fixture', entry })
const call = <K extends ScreenName>(script: string): How<K> => ({ how: 'call', call: script })

const METAMASK: SelectedWallet = {
  key: 'metamask',
  label: 'MetaMask',
  icon: null,
  detectedIds: {},
  listingId: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
  connector: 'wallet_connect_v2',
}
/** Stands for the signed-in user's embedded wallet in fixtures: the driver puts the real address in its place. */
export const ADDRESS = '0x000000000000000000000000000000000000bEEF'

/** Every screen of the router, in the order of a user's journey. */
export const SCREENS: { [K in ScreenName]: How<K> } = {
  landing: { how: 'flow' },
  'email-login': fixture({ name: 'email-login' }),
  code: { how: 'flow' },
  terms: fixture({ name: 'terms' }),
  'landing-overflow': fixture({ name: 'landing-overflow' }),
  'sms-login': fixture({ name: 'sms-login' }),
  'oauth-status': fixture({ name: 'oauth-status', provider: 'google' }),
  'cross-app-status': fixture({ name: 'cross-app-status' }),
  'passkey-choice': fixture({ name: 'passkey-choice' }),
  'passkey-status': fixture({ name: 'passkey-status', intent: 'login' }),
  'telegram-status': fixture({ name: 'telegram-status', intent: 'login' }),
  'farcaster-status': fixture({ name: 'farcaster-status', intent: 'login' }),
  // 'Add a signer to Farcaster', waiting on its QR code: the driver links a Farcaster account first and
  // the signed-key-request service's stand-in answers (test/gallery/run.ts step 5c).
  'farcaster-signer': fixture({ name: 'farcaster-signer' }),
  captcha: fixture({ name: 'captcha' }),
  'allowlist-rejected': fixture({ name: 'allowlist-rejected' }),
  'user-limit': fixture({ name: 'user-limit' }),
  'account-not-found': fixture({ name: 'account-not-found' }),
  error: fixture({ name: 'error', title: 'Something went wrong', detail: 'The server could not be reached. Try again in a moment.', cta: 'Try again' }),
  'wallet-list': call('modal.connectWallet()'),
  'wallet-connect-landing': fixture({ name: 'wallet-connect-landing' }),
  'wallet-connect': fixture({ name: 'wallet-connect', intent: 'connect', wallet: METAMASK, chainType: 'ethereum' }),
  'link-email': fixture({ name: 'link-email' }),
  'update-email': call('modal.updateEmail()'),
  'link-phone': call('modal.linkPhone()'),
  'update-phone': fixture({ name: 'update-phone' }),
  'account-transfer': fixture({ name: 'account-transfer', method: 'email', nonce: 'gallery', displayName: 'ada@example.com' }),
  'embedded-wallet-create': fixture({ name: 'embedded-wallet-create', isNewUser: true }),
  'embedded-wallet-created': fixture({ name: 'embedded-wallet-created', isNewUser: true }),
  'embedded-wallet-recovery-select': fixture({ name: 'embedded-wallet-recovery-select', purpose: 'update' }),
  // openRecoverySettings('user-passcode') opens the recovery choice for a wallet secured automatically.
  'embedded-wallet-secure': fixture({ name: 'embedded-wallet-secure', isNewUser: true }),
  'embedded-wallet-password': fixture({ name: 'embedded-wallet-password', purpose: 'update', startedByUser: true }),
  'embedded-wallet-recover-password': fixture({ name: 'embedded-wallet-recover-password', address: ADDRESS }),
  'embedded-wallet-automatic-recovery': call("modal.openRecoverySettings('privy')"),
  // Without a flow the recover action shows its first step, 'Confirm it's really you'.
  'embedded-wallet-recovery-oauth': fixture({ name: 'embedded-wallet-recovery-oauth', provider: 'google-drive', action: 'recover' }),
  'embedded-wallet-connect': fixture({ name: 'embedded-wallet-connect', address: ADDRESS, next: 'export' }),
  // exportWallet() asks to log in again first (embedded-wallet-connect) on a session this old.
  'embedded-wallet-export': fixture({ name: 'embedded-wallet-export', address: ADDRESS }),
  // 'Enable offline access' for the user's first Ethereum wallet.
  'delegated-actions': call(
    "modal.delegateWallet({ address: modal.user.linkedAccounts.find((a) => a.type === 'wallet' && a.chainType === 'ethereum').address, chainType: 'ethereum' })",
  ),
  'mfa-enroll': call('modal.showMfaEnrollmentModal()'),
  'mfa-verify': fixture({ name: 'mfa-verify', flow: 'auth' }),
  'passkey-management': call('modal.openPasskeyManagement()'),
  'funding-methods': call('modal.fundWallet()'),
  'funding-amount': fixture({ name: 'funding-amount', next: { name: 'funding-card' } }),
  'funding-receive': fixture({ name: 'funding-receive' }),
  'funding-card': fixture({ name: 'funding-card' }),
  'funding-exchange': fixture({ name: 'funding-exchange', via: 'exchange' }),
  'funding-wallets': fixture({ name: 'funding-wallets' }),
  'funding-bridge': fixture({ name: 'funding-bridge', source: ADDRESS, amount: '0.01' }),
}

/**
 * A screen's other face, put up as a fixture with the store its flow would have filled: the
 * delegation screen's 'Revoke offline access to wallet' (its first picture, by the host call, is
 * 'Enable offline access'; revoking needs a delegated wallet, which a gallery user has not).
 */
export const FACES: { id: string; entry: ScreenEntry; delegation?: Omit<DelegationRequest, 'status'> & { status: 'consent' } }[] = [
  { id: 'delegated-actions-revoke', entry: { name: 'delegated-actions' }, delegation: { kind: 'revoke', status: 'consent' } },
]

/** The `<sign-prompt>` sheets, reached by host calls after the screens (flows only). */
export const PROMPTS = ['transaction-confirm', 'sign-message'] as const

/**
 * The states a reviewer needs beside a screen's first picture, each reached by flow on the real
 * stack: the code screen refusing a wrong code, a sent transaction's 'Transaction complete!', a
 * reverted call's error screen (local chain), the Solana confirmation (the local litesvm cluster), and
 * the cross-app provider's popup asking the signed-in user to connect (its own page on the API origin).
 */
export const STATES = [
  'code-error',
  'transaction-success',
  'transaction-error',
  'solana-transaction-confirm',
  'cross-app-consent',
  // The confirmation of a transaction the app pays for: the fee reads 'Sponsored' (step 5c).
  'transaction-sponsored',
] as const

/** The pictures the README shows (docs/screenshots/, committed): id of the shot and variant. */
export const README_SHOTS = ['landing-light', 'code-light', 'transaction-confirm-light', 'landing-dark', 'funding-methods-phone'] as const

/** Each screen in light and dark at a desktop width (the dialog alone), and on a 390 px phone (the viewport). */
export const VARIANTS = [
  { id: 'light', theme: 'light', width: 1024, height: 900 },
  { id: 'dark', theme: 'dark', width: 1024, height: 900 },
  { id: 'phone', theme: 'light', width: 390, height: 844 },
] as const

/** The console's pages (console/src/router.ts), each pictured by test/gallery/console.ts as docs/screenshots/<name>.png. */
export const CONSOLE_SHOTS: { [P in Exclude<Route['page'], 'not-found'>]: string } = {
  apps: 'console-apps',
  settings: 'console-settings',
  users: 'console-users',
  user: 'console-user',
  webhooks: 'console-webhooks',
  audit: 'console-audit',
  analytics: 'console-analytics',
  secrets: 'console-secrets',
  operators: 'console-operators',
}

/**
 * `<auth-modal>`'s login and account methods (open, log in, link and unlink accounts, close, log
 * out, tokens): the contract and the table of those the landing does not call, loaded with the
 * first call of one of them (./tag-methods.ts, which also holds the static ones); the wallet methods are in ./wallet-host-methods.ts, MFA and passkey management in
 * ./mfa-host-methods.ts, the table machinery in ../host-method-table.ts.
 *
 * `AccountHostMethods` is the methods' public contract: custom-elements-manifest.config.mjs reads
 * each member's JSDoc, parameters and return type into custom-elements.json.
 */
import type { InitLoginWithFarcasterReturnType } from '../../src/actions/initLoginWithFarcaster.ts'
import type { LoginParameters } from '../../src/actions/login.ts'
import type { FarcasterPollingOptions } from '../../src/actions/loginWithFarcaster.ts'
import type { User } from '../../src/api/user.ts'
import { lazy, start, table, user } from '../host-method-table.ts'

export interface AccountHostMethods {
  /** Opens the modal on the landing screen. */
  open(): void
  /** Opens the modal on the wallet list for a wallet login (SIWE / SIWS). */
  loginWithWallet(): void
  /**
   * Opens the wallet list to connect an external wallet without logging in; with
   * `{ landing: true }` it starts on the connect-only landing ('Connect your wallet').
   */
  connectWallet(options?: { landing?: boolean }): void
  /**
   * Opens the modal and resolves with the user when the login completes; rejects with
   * USER_EXITED_AUTH_FLOW when the modal is closed first, ALREADY_LOGGED_IN when signed in.
   */
  login(parameters?: LoginParameters): Promise<User>
  /** Logs in with a JWT the host signed for its own user (custom auth); resolves with the user. */
  loginWithCustomToken(token: string): Promise<User>
  /**
   * Sends a login code to `email` without opening the modal (headless flow); answers `{ success: true }`.
   * A `captchaToken` the host got itself is sent as is: the widget's captcha does not run.
   */
  sendEmailCode(email: string, options?: { captchaToken?: string }): Promise<{ success: true }>
  /** Sends a new code to the address the last one went to (with the host's own `captchaToken`, if given). */
  resendEmailCode(options?: { captchaToken?: string }): Promise<{ success: true }>
  /** Logs in (or signs up) with the 6-digit code sent by `sendEmailCode`; resolves with the user. */
  loginWithEmailCode(code: string): Promise<User>
  /** Sends a login code to `phoneNumber` (E.164) by SMS, or WhatsApp with `channel: 'whatsapp'`, without opening the modal. */
  sendSmsCode(phoneNumber: string, channel?: 'sms' | 'whatsapp', options?: { captchaToken?: string }): Promise<{ success: true }>
  /** Sends a new code to the number the last one went to, on the same channel (with the host's own `captchaToken`, if given). */
  resendSmsCode(options?: { captchaToken?: string }): Promise<{ success: true }>
  /** Logs in (or signs up) with the 6-digit code sent by `sendSmsCode`; resolves with the user. */
  loginWithSmsCode(code: string): Promise<User>
  /** 'Connect your email' for the signed-in user; resolves with the user, rejects with USER_EXITED_LINK_FLOW. */
  linkEmail(): Promise<User>
  /** 'Update your email'; resolves with the user, rejects with USER_EXITED_UPDATE_FLOW. */
  updateEmail(): Promise<User>
  /** Unlinks an e-mail address from the signed-in user; resolves with the user. */
  unlinkEmail(address: string): Promise<User>
  /** 'Connect your phone'; resolves with the user, rejects with USER_EXITED_LINK_FLOW. */
  linkPhone(): Promise<User>
  /** 'Update your phone number'; resolves with the user, rejects with USER_EXITED_UPDATE_FLOW. */
  updatePhone(): Promise<User>
  /** Unlinks a phone number (E.164) from the signed-in user; resolves with the user. */
  unlinkPhone(phoneNumber: string): Promise<User>
  /**
   * Links a social account ('google', 'apple', 'discord', 'github', 'linkedin', 'spotify',
   * 'instagram', 'twitter', 'tiktok', 'line') through the provider's popup; call it from a click.
   * Resolves with the user, rejects with USER_EXITED_LINK_FLOW.
   */
  linkOAuth(provider: string): Promise<User>
  /** Unlinks the signed-in user's account at `provider` (its `subject`); resolves with the user. */
  unlinkOAuth(provider: string, subject: string): Promise<User>
  /**
   * Logs in with another app's account (a cross-app provider, `appId`) through the provider's
   * 440×680 popup; call it from a click. Resolves with the user, who holds a `cross_app` account
   * with the provider's wallets; `signMessage` / `sendTransaction` with such a wallet's address go
   * through the provider's popup.
   */
  loginWithCrossAppAccount(options: { appId: string }): Promise<User>
  /** Links another app's account (`appId`) to the signed-in user through the provider's popup; call it from a click. */
  linkCrossAppAccount(options: { appId: string }): Promise<User>
  /** Unlinks the signed-in user's `cross_app` account of provider `appId` (its `subject`); resolves with the user. */
  unlinkCrossAppAccount(options: { appId: string; subject: string }): Promise<User>
  /**
   * Links a Telegram account to the signed-in user through Telegram's login widget (callback mode).
   * Resolves with the user, rejects with USER_EXITED_LINK_FLOW when the modal is closed first.
   */
  linkTelegram(): Promise<User>
  /** Unlinks the signed-in user's Telegram account by its Telegram user id; resolves with the user. */
  unlinkTelegram(telegramUserId: string | number): Promise<User>
  /** Opens the wallet list to link an external wallet to the signed-in user (it signs SIWE / SIWS); throws for a guest. */
  linkWallet(): Promise<void>
  /** Logs in with a passkey already on this device (the browser's prompt, no modal); resolves with the user. */
  loginWithPasskey(options?: { disableSignup?: boolean; captchaToken?: string }): Promise<User>
  /** Creates a passkey and a new user with it (the browser's prompt, no modal); resolves with the user. */
  signupWithPasskey(options?: { captchaToken?: string }): Promise<User>
  /** Unlinks an external wallet (Ethereum or Solana address) from the signed-in user; resolves with the user. */
  unlinkWallet(address: string): Promise<User>
  /** Reads the signed-in user again (up to 10 attempts, 500 ms apart); resolves with the user. */
  refreshUser(): Promise<User>
  /** Logs in as this browser's guest (a credential kept per app); resolves with the guest user. */
  loginAsGuest(): Promise<User>
  /** Creates a passkey and links it to the signed-in user (passkey status screen); rejects with USER_EXITED_LINK_FLOW. */
  linkPasskey(): Promise<User>
  /** Unlinks one of the signed-in user's passkeys by its credential id; resolves with the user. */
  unlinkPasskey(credentialId: string): Promise<User>
  /**
   * Links the user's Farcaster account (QR code on desktop, open-app button on mobile); resolves
   * with the user, rejects with USER_EXITED_LINK_FLOW.
   */
  linkFarcaster(): Promise<User>
  /** Unlinks the signed-in user's Farcaster account by its fid; resolves with the user. */
  unlinkFarcaster(fid: number): Promise<User>
  /**
   * Headless Sign In With Farcaster, step 1 (no modal): opens a relay channel and answers
   * `{ connectUri, channelToken }`; show `connectUri` as a QR code (or a link on mobile).
   */
  initLoginWithFarcaster(): Promise<InitLoginWithFarcasterReturnType>
  /**
   * Headless step 2: polls the channel `initLoginWithFarcaster` opened until the user approved in
   * their Farcaster app, then logs in; resolves with the user. Polls every 150 ms, at most 270 times
   * (about 40 s) unless `pollingOptions` says otherwise; then rejects with FARCASTER_TIMEOUT.
   */
  loginWithFarcaster(options?: { channelToken?: string; pollingOptions?: FarcasterPollingOptions }): Promise<User>
  /** Closes the modal. */
  close(): void
  /** Logs out (server call, then local state is cleared even if the call fails). */
  logout(): Promise<void>
  /** The access token, refreshed when it expires within 30 s; null when logged out. */
  getAccessToken(): Promise<string | null>
}

/** The methods whose action is static (./tag-methods.ts says why); this file's table has the others. */
export type StaticAccountMethod = 'open' | 'close' | 'login' | 'logout' | 'getAccessToken' | 'linkOAuth'

export const hostMethods = table<Omit<AccountHostMethods, StaticAccountMethod>>({
  // Screens: nothing to answer.
  loginWithWallet: start(
    () => import('../../src/actions/startWalletLogin.ts'),
    (m) => m.startWalletLogin(),
  ),
  connectWallet: start(
    () => import('../../src/actions/connectWallet.ts'),
    (m, options?: { landing?: boolean }) => m.connectWallet(options),
  ),

  // The action, its arguments unchanged.
  linkEmail: () => import('../../src/actions/linkEmail.ts'),
  updateEmail: () => import('../../src/actions/updateEmail.ts'),
  linkPhone: () => import('../../src/actions/linkPhone.ts'),
  linkTelegram: () => import('../../src/actions/linkTelegram.ts'),
  linkWallet: () => import('../../src/actions/linkWallet.ts'),
  refreshUser: () => import('../../src/actions/refreshUser.ts'),
  linkPasskey: () => import('../../src/actions/linkPasskey.ts'),
  linkFarcaster: () => import('../../src/actions/linkFarcaster.ts'),
  initLoginWithFarcaster: lazy(
    () => import('../../src/actions/initLoginWithFarcaster.ts'),
    (m) => m.initLoginWithFarcaster(),
  ),
  loginWithFarcaster: lazy(
    () => import('../../src/actions/loginWithFarcaster.ts'),
    (m, options: { channelToken?: string; pollingOptions?: FarcasterPollingOptions } = {}) =>
      m.loginWithFarcaster({ channelToken: options.channelToken, pollingOptions: options.pollingOptions }).then((r) => r.user),
  ),
  resendEmailCode: () => import('../../src/actions/resendEmailCode.ts'),
  resendSmsCode: () => import('../../src/actions/resendSmsCode.ts'),
  updatePhone: lazy(
    () => import('../../src/actions/linkPhone.ts'),
    (m) => m.updatePhone(),
  ),

  // The README's positional forms (`sendEmailCode(email)`) of actions that take `{ email }`, and
  // methods answering the user where the action answers `{ user, … }`.
  loginWithCustomToken: lazy(
    () => import('../../src/actions/loginWithCustomToken.ts'),
    (m, token: string) => m.loginWithCustomToken({ token }).then(user),
  ),
  sendEmailCode: lazy(
    () => import('../../src/actions/sendEmailCode.ts'),
    (m, email: string, options?: { captchaToken?: string }) => m.sendEmailCode({ email, captchaToken: options?.captchaToken }),
  ),
  loginWithEmailCode: lazy(
    () => import('../../src/actions/loginWithEmailCode.ts'),
    (m, code: string) => m.loginWithEmailCode({ code }).then(user),
  ),
  sendSmsCode: lazy(
    () => import('../../src/actions/sendSmsCode.ts'),
    (m, phoneNumber: string, channel?: 'sms' | 'whatsapp', options?: { captchaToken?: string }) =>
      m.sendSmsCode({ phoneNumber, channel, captchaToken: options?.captchaToken }),
  ),
  loginWithSmsCode: lazy(
    () => import('../../src/actions/smsCode.ts'),
    (m, code: string) => m.loginWithSmsCode({ code }).then(user),
  ),
  unlinkEmail: lazy(
    () => import('../../src/actions/unlinkEmail.ts'),
    (m, address: string) => m.unlinkEmail({ address }).then(user),
  ),
  unlinkPhone: lazy(
    () => import('../../src/actions/smsCode.ts'),
    (m, phoneNumber: string) => m.unlinkPhone({ phoneNumber }).then(user),
  ),
  loginWithCrossAppAccount: lazy(
    () => import('../../src/actions/loginWithCrossAppAccount.ts'),
    (m, options: { appId: string }) => m.loginWithCrossAppAccount(options).then((r) => r.user),
  ),
  linkCrossAppAccount: lazy(
    () => import('../../src/actions/linkCrossAppAccount.ts'),
    (m, options: { appId: string }) => m.linkCrossAppAccount(options).then(user),
  ),
  unlinkCrossAppAccount: lazy(
    () => import('../../src/actions/unlinkCrossAppAccount.ts'),
    (m, options: { appId: string; subject: string }) => m.unlinkCrossAppAccount(options).then(user),
  ),
  unlinkOAuth: lazy(
    () => import('../../src/actions/unlinkOAuth.ts'),
    (m, provider: string, subject: string) => m.unlinkOAuth({ provider, subject }).then(user),
  ),
  unlinkTelegram: lazy(
    () => import('../../src/actions/unlinkTelegram.ts'),
    (m, telegramUserId: string | number) => m.unlinkTelegram({ telegramUserId }).then(user),
  ),
  unlinkWallet: lazy(
    () => import('../../src/actions/unlinkWallet.ts'),
    (m, address: string) => m.unlinkWallet({ address }).then(user),
  ),
  unlinkPasskey: lazy(
    () => import('../../src/actions/unlinkPasskey.ts'),
    (m, credentialId: string) => m.unlinkPasskey({ credentialId }).then(user),
  ),
  unlinkFarcaster: lazy(
    () => import('../../src/actions/unlinkFarcaster.ts'),
    (m, fid: number) => m.unlinkFarcaster({ fid }).then(user),
  ),
  loginWithPasskey: lazy(
    () => import('../../src/actions/loginWithPasskey.ts'),
    (m, options?: { disableSignup?: boolean; captchaToken?: string }) => m.loginWithPasskey(options).then(user),
  ),
  signupWithPasskey: lazy(
    () => import('../../src/actions/signupWithPasskey.ts'),
    (m, options?: { captchaToken?: string }) => m.signupWithPasskey(options).then(user),
  ),
  loginAsGuest: lazy(
    () => import('../../src/actions/loginAsGuest.ts'),
    (m) => m.loginAsGuest().then(user),
  ),
})

/**
 * `<auth-modal>`'s login and account methods (open, log in, link and unlink accounts, close, log
 * out, tokens) as a table; the wallet methods are in ./wallet-host-methods.ts, MFA and passkey
 * management in ./mfa-host-methods.ts, the table machinery in ./host-method-table.ts.
 *
 * This file is also the methods' public contract: custom-elements-manifest.config.mjs reads each
 * entry's JSDoc, parameters and return type annotation (required) into custom-elements.json.
 */
import { closeModal } from '../../src/actions/closeModal.ts'
import { getAccessToken } from '../../src/actions/getAccessToken.ts'
import { linkOAuth } from '../../src/actions/linkOAuth.ts'
import { login, type LoginParameters } from '../../src/actions/login.ts'
import { logout } from '../../src/actions/logout.ts'
import { openModal } from '../../src/actions/openModal.ts'
import type { User } from '../../src/api/user.ts'
import { lazy, now, start, user, type HostMethod } from './host-method-table.ts'

export { installHostMethods, lazy, type HostMethods } from './host-method-table.ts'

export const hostMethods = {
  /** Opens the modal on the landing screen. */
  open: now((): void => void openModal(), 'ignore'),

  /** Opens the modal on the wallet list for a wallet login (SIWE / SIWS). */
  loginWithWallet: start(
    () => import('../../src/actions/startWalletLogin.ts'),
    (m) => m.startWalletLogin(),
  ),

  /**
   * Opens the wallet list to connect an external wallet without logging in; with
   * `{ landing: true }` it starts on the connect-only landing ('Connect your wallet').
   */
  connectWallet: start(
    () => import('../../src/actions/connectWallet.ts'),
    (m, options?: { landing?: boolean }) => m.connectWallet(options),
  ),

  /**
   * Opens the modal and resolves with the user when the login completes; rejects with
   * USER_EXITED_AUTH_FLOW when the modal is closed first, ALREADY_LOGGED_IN when signed in.
   */
  login: now((parameters: LoginParameters = {}): Promise<User> => login(parameters), 'reject'),

  /** Logs in with a JWT the host signed for its own user (custom auth); resolves with the user. */
  loginWithCustomToken: lazy(
    () => import('../../src/actions/loginWithCustomToken.ts'),
    (m, token: string): Promise<User> => m.loginWithCustomToken({ token }).then(user),
  ),

  /** Sends a login code to `email` without opening the modal (headless flow); answers `{ success: true }`. */
  sendEmailCode: lazy(
    () => import('../../src/actions/sendEmailCode.ts'),
    (m, email: string): Promise<{ success: true }> => m.sendEmailCode({ email }),
  ),

  /** Sends a new code to the address the last one went to. */
  resendEmailCode: lazy(
    () => import('../../src/actions/resendEmailCode.ts'),
    (m): Promise<{ success: true }> => m.resendEmailCode(),
  ),

  /** Logs in (or signs up) with the 6-digit code sent by `sendEmailCode`; resolves with the user. */
  loginWithEmailCode: lazy(
    () => import('../../src/actions/loginWithEmailCode.ts'),
    (m, code: string): Promise<User> => m.loginWithEmailCode({ code }).then(user),
  ),

  /** Sends a login code to `phoneNumber` (E.164) by SMS, or WhatsApp with `channel: 'whatsapp'`, without opening the modal. */
  sendSmsCode: lazy(
    () => import('../../src/actions/sendSmsCode.ts'),
    (m, phoneNumber: string, channel?: 'sms' | 'whatsapp'): Promise<{ success: true }> => m.sendSmsCode({ phoneNumber, channel }),
  ),

  /** Sends a new code to the number the last one went to, on the same channel. */
  resendSmsCode: lazy(
    () => import('../../src/actions/resendSmsCode.ts'),
    (m): Promise<{ success: true }> => m.resendSmsCode(),
  ),

  /** Logs in (or signs up) with the 6-digit code sent by `sendSmsCode`; resolves with the user. */
  loginWithSmsCode: lazy(
    () => import('../../src/actions/smsCode.ts'),
    (m, code: string): Promise<User> => m.loginWithSmsCode({ code }).then(user),
  ),

  /** 'Connect your email' for the signed-in user; resolves with the user, rejects with USER_EXITED_LINK_FLOW. */
  linkEmail: lazy(
    () => import('../../src/actions/linkEmail.ts'),
    (m): Promise<User> => m.linkEmail(),
  ),

  /** 'Update your email'; resolves with the user, rejects with USER_EXITED_UPDATE_FLOW. */
  updateEmail: lazy(
    () => import('../../src/actions/updateEmail.ts'),
    (m): Promise<User> => m.updateEmail(),
  ),

  /** Unlinks an e-mail address from the signed-in user; resolves with the user. */
  unlinkEmail: lazy(
    () => import('../../src/actions/unlinkEmail.ts'),
    (m, address: string): Promise<User> => m.unlinkEmail({ address }).then(user),
  ),

  /** 'Connect your phone'; resolves with the user, rejects with USER_EXITED_LINK_FLOW. */
  linkPhone: lazy(
    () => import('../../src/actions/linkPhone.ts'),
    (m): Promise<User> => m.linkPhone(),
  ),

  /** 'Update your phone number'; resolves with the user, rejects with USER_EXITED_UPDATE_FLOW. */
  updatePhone: lazy(
    () => import('../../src/actions/linkPhone.ts'),
    (m): Promise<User> => m.updatePhone(),
  ),

  /** Unlinks a phone number (E.164) from the signed-in user; resolves with the user. */
  unlinkPhone: lazy(
    () => import('../../src/actions/smsCode.ts'),
    (m, phoneNumber: string): Promise<User> => m.unlinkPhone({ phoneNumber }).then(user),
  ),

  /**
   * Links a social account ('google', 'apple', 'discord', 'github', 'linkedin', 'spotify',
   * 'instagram', 'twitter', 'tiktok', 'line') through the provider's popup; call it from a click.
   * Resolves with the user, rejects with USER_EXITED_LINK_FLOW.
   */
  // Not lazy: the popup must open synchronously inside the host's click, and an import() would await first.
  linkOAuth: now((provider: string): Promise<User> => linkOAuth(provider), 'reject'),

  /** Unlinks the signed-in user's account at `provider` (its `subject`); resolves with the user. */
  unlinkOAuth: lazy(
    () => import('../../src/actions/unlinkOAuth.ts'),
    (m, provider: string, subject: string): Promise<User> => m.unlinkOAuth({ provider, subject }).then(user),
  ),

  /**
   * Links a Telegram account to the signed-in user through Telegram's login widget (callback mode).
   * Resolves with the user, rejects with USER_EXITED_LINK_FLOW when the modal is closed first.
   */
  linkTelegram: lazy(
    () => import('../../src/actions/linkTelegram.ts'),
    (m): Promise<User> => m.linkTelegram(),
  ),

  /** Unlinks the signed-in user's Telegram account by its Telegram user id; resolves with the user. */
  unlinkTelegram: lazy(
    () => import('../../src/actions/unlinkTelegram.ts'),
    (m, telegramUserId: string | number): Promise<User> => m.unlinkTelegram({ telegramUserId }).then(user),
  ),

  /** Opens the wallet list to link an external wallet to the signed-in user (it signs SIWE / SIWS); throws for a guest. */
  linkWallet: lazy(
    () => import('../../src/actions/linkWallet.ts'),
    async (m): Promise<void> => m.linkWallet(),
  ),

  /** Logs in with a passkey already on this device (the browser's prompt, no modal); resolves with the user. */
  loginWithPasskey: lazy(
    () => import('../../src/actions/loginWithPasskey.ts'),
    (m, options?: { disableSignup?: boolean }): Promise<User> => m.loginWithPasskey(options).then(user),
  ),

  /** Creates a passkey and a new user with it (the browser's prompt, no modal); resolves with the user. */
  signupWithPasskey: lazy(
    () => import('../../src/actions/signupWithPasskey.ts'),
    (m): Promise<User> => m.signupWithPasskey().then(user),
  ),

  /** Unlinks an external wallet (Ethereum or Solana address) from the signed-in user; resolves with the user. */
  unlinkWallet: lazy(
    () => import('../../src/actions/unlinkWallet.ts'),
    (m, address: string): Promise<User> => m.unlinkWallet({ address }).then(user),
  ),

  /** Reads the signed-in user again (up to 10 attempts, 500 ms apart); resolves with the user. */
  refreshUser: lazy(
    () => import('../../src/actions/refreshUser.ts'),
    (m): Promise<User> => m.refreshUser(),
  ),

  /** Logs in as this browser's guest (a credential kept per app); resolves with the guest user. */
  loginAsGuest: lazy(
    () => import('../../src/actions/loginAsGuest.ts'),
    (m): Promise<User> => m.loginAsGuest().then(user),
  ),

  /** Creates a passkey and links it to the signed-in user (passkey status screen); rejects with USER_EXITED_LINK_FLOW. */
  linkPasskey: lazy(
    () => import('../../src/actions/linkPasskey.ts'),
    (m): Promise<User> => m.linkPasskey(),
  ),

  /** Unlinks one of the signed-in user's passkeys by its credential id; resolves with the user. */
  unlinkPasskey: lazy(
    () => import('../../src/actions/unlinkPasskey.ts'),
    (m, credentialId: string): Promise<User> => m.unlinkPasskey({ credentialId }).then(user),
  ),

  /**
   * Links the user's Farcaster account (QR code on desktop, open-app button on mobile); resolves
   * with the user, rejects with USER_EXITED_LINK_FLOW.
   */
  linkFarcaster: lazy(
    () => import('../../src/actions/linkFarcaster.ts'),
    (m): Promise<User> => m.linkFarcaster(),
  ),

  /** Unlinks the signed-in user's Farcaster account by its fid; resolves with the user. */
  unlinkFarcaster: lazy(
    () => import('../../src/actions/unlinkFarcaster.ts'),
    (m, fid: number): Promise<User> => m.unlinkFarcaster({ fid }).then(user),
  ),

  /** Closes the modal. */
  close: now((): void => closeModal(), 'ignore'),

  /** Logs out (server call, then local state is cleared even if the call fails). */
  logout: now((): Promise<void> => logout(), 'reject'),

  /** The access token, refreshed when it expires within 30 s; null when logged out. */
  getAccessToken: now((): Promise<string | null> => getAccessToken(), 'reject'),
} satisfies Record<string, HostMethod>

/**
 * What `<auth-modal>`'s host methods do, as one table: method name → the action it runs, loaded
 * on first call (a dynamic import keeps each action out of the tags entry until a host uses it),
 * how the call's arguments map to the action's parameters and what the method answers (e.g. the
 * action's `.user`). The element installs every entry on its prototype behind one refused-tag
 * guard (`installHostMethods`) and takes its method types from the table (`HostMethods`).
 *
 * This file is also the methods' public contract: custom-elements-manifest.config.mjs reads each
 * entry's JSDoc, parameters and return type annotation (required) into custom-elements.json.
 */
import { closeModal } from '../../src/actions/closeModal.ts'
import type { CreateWalletParameters } from '../../src/actions/createWallet.ts'
import type { ExportWalletParameters } from '../../src/actions/exportWallet.ts'
import type { FundWalletOptions } from '../../src/funding/config.ts'
import type { FundSuccessEventDetail } from '../../src/events/fund-success.ts'
import { getAccessToken } from '../../src/actions/getAccessToken.ts'
import { getEthereumProvider, type EmbeddedEthereumProvider, type GetEthereumProviderOptions } from '../../src/actions/getEthereumProvider.ts'
import type { ImportWalletParameters } from '../../src/actions/importWallet.ts'
import { linkOAuth } from '../../src/actions/linkOAuth.ts'
import { login, type LoginParameters } from '../../src/actions/login.ts'
import { logout } from '../../src/actions/logout.ts'
import { openModal } from '../../src/actions/openModal.ts'
import type { SetWalletRecoveryParameters } from '../../src/actions/setWalletRecovery.ts'
import type { SignMessageParameters, SignMessageReturnType } from '../../src/actions/signMessage.ts'
import type {
  EthereumTransactionRequest,
  SendSolanaTransactionReturnType,
  SendTransactionOptions,
  SendTransactionReturnType,
  SolanaTransactionInput,
  SolanaTransactionOptions,
} from '../../src/actions/sendTransaction.ts'
import type { SignAllTransactionsReturnType } from '../../src/actions/signAllTransactions.ts'
import type { SignAndSendAllTransactionsReturnType } from '../../src/actions/signAndSendAllTransactions.ts'
import type { SignSolanaTransactionReturnType, SignTransactionReturnType } from '../../src/actions/signTransaction.ts'
import type { User } from '../../src/api/user.ts'
import type { Wallet } from '../../src/stores/wallets.ts'

/** How a method of a refused tag answers: a promise rejects, a void method does nothing, a synchronous one throws. */
export type Refusal = 'reject' | 'ignore' | 'throw'

export interface HostMethod<A extends unknown[] = any[], R = unknown> {
  run: (...args: A) => R
  refused: Refusal
}

/** The action is imported on the first call; the method resolves with what `call` answers. */
export function lazy<M, A extends unknown[], R>(load: () => Promise<M>, call: (action: M, ...args: A) => Promise<R>): HostMethod<A, Promise<R>> {
  return { run: async (...args) => call(await load(), ...args), refused: 'reject' }
}

/** Same, for methods that open a screen: they answer nothing, so there is nothing to wait for. */
function start<M, A extends unknown[]>(load: () => Promise<M>, call: (action: M, ...args: A) => void): HostMethod<A, void> {
  return { run: (...args) => void load().then((action) => call(action, ...args)), refused: 'ignore' }
}

/** A statically imported action run in the same task as the call (small, or it must be synchronous). */
function now<A extends unknown[], R>(run: (...args: A) => R, refused: Refusal): HostMethod<A, R> {
  return { run, refused }
}

const user = ({ user }: { user: User }) => user

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

  /** Creates an embedded wallet (spec rules: createAdditional, walletIndex). Emits `wallet-created`. */
  createWallet: lazy(
    () => import('../../src/actions/createWallet.ts'),
    (m, parameters?: CreateWalletParameters): Promise<Wallet> => m.createWallet(parameters),
  ),

  /** Imports a private key as an embedded wallet; the key goes only to the wallet frame. */
  importWallet: lazy(
    () => import('../../src/actions/importWallet.ts'),
    (m, parameters: ImportWalletParameters): Promise<Wallet> => m.importWallet(parameters),
  ),

  /** EIP-1193 provider of an embedded Ethereum wallet (for viem, wagmi…). */
  // Not lazy: hosts hand the provider straight to viem's custom() or wagmi, which take an object, not a promise.
  getEthereumProvider: now((address: string, options?: GetEthereumProviderOptions): EmbeddedEthereumProvider => getEthereumProvider(address, options), 'throw'),

  /**
   * Signs a message with one of the user's embedded wallets: the one at `address`, else the first
   * Ethereum wallet, else the first Solana one. The wallet's chain decides: Ethereum `personal_sign`
   * (0x-hex signature), Solana ed25519 (base64). Shown in `<sign-prompt>` unless `showWalletUIs: false`.
   */
  signMessage: lazy(
    () => import('../../src/actions/signMessage.ts'),
    (m, parameters: SignMessageParameters): Promise<SignMessageReturnType> => m.signMessage(parameters),
  ),

  /**
   * Sends a transaction through the confirmation screen (unless `uiOptions.showWalletUIs` is false).
   * The wallet decides the chain: a @solana/web3.js transaction (or its bytes), or the `address` of
   * an embedded Solana wallet, is sent on the app's Solana cluster and resolves `{ signature,
   * signedTransaction }`; an Ethereum request (or batch) from the wallet at `address` (embedded, or a
   * connected external wallet that sends it itself) resolves `{ hash }` once the receipt is on chain.
   */
  sendTransaction: lazy(
    () => import('../../src/actions/sendTransaction.ts'),
    (
      m,
      request: EthereumTransactionRequest | EthereumTransactionRequest[] | SolanaTransactionInput,
      options?: SendTransactionOptions | SolanaTransactionOptions,
    ): Promise<SendTransactionReturnType | SendSolanaTransactionReturnType> => m.sendTransaction(request as never, options),
  ),

  /** Signs without sending (confirmation screen unless headless): Ethereum resolves `{ signature }` (0x-hex), Solana `{ signedTransaction }` (bytes). */
  signTransaction: lazy(
    () => import('../../src/actions/signTransaction.ts'),
    (
      m,
      request: EthereumTransactionRequest | SolanaTransactionInput,
      options?: SendTransactionOptions | SolanaTransactionOptions,
    ): Promise<SignTransactionReturnType | SignSolanaTransactionReturnType> => m.signTransaction(request as never, options),
  ),

  /** Solana: signs several transactions and sends them in order (each confirmed before the next); resolves `{ signatures, signedTransactions }`. */
  signAndSendAllTransactions: lazy(
    () => import('../../src/actions/signAndSendAllTransactions.ts'),
    (m, transactions: SolanaTransactionInput[], options?: SolanaTransactionOptions): Promise<SignAndSendAllTransactionsReturnType> =>
      m.signAndSendAllTransactions(transactions, options),
  ),

  /** Solana: signs several transactions without sending them; resolves `{ signedTransactions }`. */
  signAllTransactions: lazy(
    () => import('../../src/actions/signAllTransactions.ts'),
    (m, transactions: SolanaTransactionInput[], options?: SolanaTransactionOptions): Promise<SignAllTransactionsReturnType> =>
      m.signAllTransactions(transactions, options),
  ),

  /** Opens the export screen; the key shows only inside a frame of the API origin. */
  exportWallet: lazy(
    () => import('../../src/actions/exportWallet.ts'),
    (m, parameters?: ExportWalletParameters): Promise<void> => m.exportWallet(parameters),
  ),

  /**
   * Opens the funding flow (card, exchange, wallet transfer, receive) for `address` (default: the
   * user's first embedded wallet of the chain's type); logs in first when needed. Resolves with the
   * funding result (`fund-success`), rejects with the spec's text or USER_EXITED_FUNDING_FLOW (`fund-error`).
   */
  fundWallet: lazy(
    () => import('../../src/actions/fundWallet.ts'),
    (m, address?: string, options?: FundWalletOptions): Promise<FundSuccessEventDetail> => m.fundWallet(address, options),
  ),

  /** Changes the recovery method ('privy' automatic, or 'user-passcode' with a password). */
  setWalletRecovery: lazy(
    () => import('../../src/actions/setWalletRecovery.ts'),
    (m, parameters: SetWalletRecoveryParameters): Promise<void> => m.setWalletRecovery(parameters),
  ),

  /** Opens 'Secure your account' (password) or 'Automatically secure your account'. */
  openRecoverySettings: start(
    () => import('../../src/wallets/embedded/modal.ts'),
    (m, method: 'user-passcode' | 'privy' = 'user-passcode') =>
      m.openWalletScreen(method === 'privy' ? { name: 'embedded-wallet-automatic-recovery' } : { name: 'embedded-wallet-recovery-select', purpose: 'update' }),
  ),
} satisfies Record<string, HostMethod>

/** The method signatures the table gives an element (its `declare` members must match them). */
export type HostMethods<T extends Record<string, HostMethod>> = { [K in keyof T]: T[K]['run'] }

/**
 * Puts each method on `target.prototype`. A refused tag (`refusal(element)` answers the error) logs
 * one console error naming the method and then rejects, ignores or throws (`HostMethod.refused`);
 * nothing runs. Methods run with the element as `this`.
 */
export function installHostMethods<E extends HTMLElement>(
  target: { prototype: E },
  methods: Record<string, HostMethod>,
  refusal: (element: E) => Error | null,
): void {
  for (const [name, method] of Object.entries(methods)) {
    Object.defineProperty(target.prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: E, ...args: unknown[]) {
        const error = refusal(this)
        if (!error) return method.run.apply(this, args)
        console.error(`[gatehouse] ${name}() ignored: this <${this.localName}> was refused (another app id owns the page).`)
        if (method.refused === 'reject') return Promise.reject(error)
        if (method.refused === 'throw') throw error
      },
    })
  }
}

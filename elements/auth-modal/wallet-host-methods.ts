/**
 * `<auth-modal>`'s wallet methods (create, import, providers, signing, sending, export, funding,
 * recovery): the contract `WalletHostMethods` (custom-elements-manifest.config.mjs reads it) and
 * its table, loaded with the first call of one of them (./tag-methods.ts): the landing does not
 * call them. `getEthereumProvider` is the exception, synchronous by contract: ./ethereum-provider.ts.
 */
import type { CreateWalletParameters } from '../../src/actions/createWallet.ts'
import type { DelegateWalletParameters } from '../../src/actions/delegateWallet.ts'
import type { ExportWalletParameters } from '../../src/actions/exportWallet.ts'
import type { EmbeddedEthereumProvider, GetEthereumProviderOptions } from '../../src/actions/getEthereumProvider.ts'
import type { GetSmartWalletClientParameters, SmartWalletClient } from '../../src/actions/getSmartWalletClient.ts'
import type { ImportWalletParameters } from '../../src/actions/importWallet.ts'
import type {
  EthereumTransactionRequest,
  SendSolanaTransactionReturnType,
  SendTransactionOptions,
  SendTransactionReturnType,
  SolanaTransactionInput,
  SolanaTransactionOptions,
} from '../../src/actions/sendTransaction.ts'
import type { SetWalletPasswordReturnType } from '../../src/actions/setWalletPassword.ts'
import type { SetWalletRecoveryParameters } from '../../src/actions/setWalletRecovery.ts'
import type { SignAllTransactionsReturnType } from '../../src/actions/signAllTransactions.ts'
import type { SignAndSendAllTransactionsReturnType } from '../../src/actions/signAndSendAllTransactions.ts'
import type { SignMessageParameters, SignMessageReturnType } from '../../src/actions/signMessage.ts'
import type { SignSolanaTransactionReturnType, SignTransactionReturnType } from '../../src/actions/signTransaction.ts'
import type { FundSuccessEventDetail } from '../../src/events/fund-success.ts'
import type { SignFarcasterMessageParameters } from '../../src/actions/signFarcasterMessage.ts'
import type { FundWalletOptions } from '../../src/funding/config.ts'
import type { Wallet } from '../../src/stores/wallets.ts'
import { lazy, start, table } from '../host-method-table.ts'

export interface WalletHostMethods {
  /** Creates an embedded wallet (spec rules: createAdditional, walletIndex). Emits `wallet-created`. */
  createWallet(parameters?: CreateWalletParameters): Promise<Wallet>
  /** Imports a private key as an embedded wallet; the key goes only to the wallet frame. */
  importWallet(parameters: ImportWalletParameters): Promise<Wallet>
  /** EIP-1193 provider of an embedded Ethereum wallet (for viem, wagmi…). */
  getEthereumProvider(address: string, options?: GetEthereumProviderOptions): EmbeddedEthereumProvider
  /**
   * Signs a message with one of the user's embedded wallets: the one at `address`, else the first
   * Ethereum wallet, else the first Solana one. The wallet's chain decides: Ethereum `personal_sign`
   * (0x-hex signature), Solana ed25519 (base64). Shown in `<sign-prompt>` unless `showWalletUIs: false`.
   */
  signMessage(parameters: SignMessageParameters): Promise<SignMessageReturnType>
  /**
   * Sends a transaction through the confirmation screen (unless `uiOptions.showWalletUIs` is false).
   * The wallet decides the chain: a @solana/web3.js transaction (or its bytes), or the `address` of
   * an embedded Solana wallet, is sent on the app's Solana cluster and resolves `{ signature,
   * signedTransaction }`; an Ethereum request (or batch) from the wallet at `address` (embedded, or a
   * connected external wallet that sends it itself) resolves `{ hash }` once the receipt is on chain.
   */
  sendTransaction(
    request: EthereumTransactionRequest | EthereumTransactionRequest[] | SolanaTransactionInput,
    options?: SendTransactionOptions | SolanaTransactionOptions,
  ): Promise<SendTransactionReturnType | SendSolanaTransactionReturnType>
  /** Signs without sending (confirmation screen unless headless): Ethereum resolves `{ signature }` (0x-hex), Solana `{ signedTransaction }` (bytes). */
  signTransaction(
    request: EthereumTransactionRequest | SolanaTransactionInput,
    options?: SendTransactionOptions | SolanaTransactionOptions,
  ): Promise<SignTransactionReturnType | SignSolanaTransactionReturnType>
  /** Solana: signs several transactions and sends them in order (each confirmed before the next); resolves `{ signatures, signedTransactions }`. */
  signAndSendAllTransactions(transactions: SolanaTransactionInput[], options?: SolanaTransactionOptions): Promise<SignAndSendAllTransactionsReturnType>
  /** Solana: signs several transactions without sending them; resolves `{ signedTransactions }`. */
  signAllTransactions(transactions: SolanaTransactionInput[], options?: SolanaTransactionOptions): Promise<SignAllTransactionsReturnType>
  /** Opens the export screen; the key shows only inside a frame of the API origin. */
  exportWallet(parameters?: ExportWalletParameters): Promise<void>
  /**
   * Opens the funding flow (card, exchange, wallet transfer, receive) for `address` (default: the
   * user's first embedded wallet of the chain's type); logs in first when needed. Resolves with the
   * funding result (`fund-success`), rejects with the spec's text or USER_EXITED_FUNDING_FLOW (`fund-error`).
   */
  fundWallet(address?: string, options?: FundWalletOptions): Promise<FundSuccessEventDetail>
  /** Changes the recovery method ('privy' automatic, or 'user-passcode' with a password). */
  setWalletRecovery(parameters: SetWalletRecoveryParameters): Promise<void>
  /**
   * Asks the user for offline access to one embedded wallet ('Enable offline access': 'Not now' /
   * 'Accept'); resolves after 'Success!' (the wallet's `delegated` flag is on), rejects with 'User
   * declined delegating actions.' or the error shown. Ethereum and Solana wallets only.
   */
  delegateWallet(parameters: DelegateWalletParameters): Promise<void>
  /**
   * Asks the user to revoke offline access to their delegated wallets ('Revoke offline access to
   * wallet': 'Deny' / 'Confirm'); resolves after 'Success!', rejects with 'User declined revoking
   * access to their delegated wallet.' or the error shown. Needs an existing delegation.
   */
  revokeWallets(): Promise<void>
  /**
   * Opens the password flow for the embedded wallet: resolves `{ wallet }` once the password is set,
   * rejects with 'Exited before password was added to wallet' when the user leaves first.
   */
  setWalletPassword(): Promise<SetWalletPasswordReturnType>
  /**
   * 'Add a signer to Farcaster': the wallet frame makes an ed25519 signer key (it never leaves the
   * frame) and the user approves it in the Farcaster app (QR code on desktop, open-app button on
   * mobile). Resolves after 'Success!'; rejects with the error shown ('Request rejected', the
   * time-out, 'Connect failed'). Needs an embedded wallet and a linked Farcaster account.
   */
  requestFarcasterSignerFromWarpcast(): Promise<void>
  /** The Farcaster signer's ed25519 public key (32 bytes), from the wallet frame. */
  getFarcasterSignerPublicKey(): Promise<Uint8Array>
  /** Signs a Farcaster message hash (20 bytes) with the approved signer key in the wallet frame; resolves the ed25519 signature (64 bytes). */
  signFarcasterMessage(messageHash: SignFarcasterMessageParameters): Promise<Uint8Array>
  /** Opens 'Secure your account' (password) or 'Automatically secure your account'. */
  openRecoverySettings(method?: 'user-passcode' | 'privy'): void
  /**
   * The user's smart wallet (ERC-4337) on a chain where the app turned smart wallets on: its
   * `address` (counterfactual until the first operation deploys it), an EIP-1193 `provider`, and
   * `sendTransaction` (one call or a batch as ONE user operation; the fee reads 'Sponsored' when the
   * app's paymaster pays), `sendCalls` / `getCallsStatus` (EIP-5792), `signMessage` /
   * `signTypedData` (ERC-1271, ERC-6492-wrapped while undeployed). The embedded wallet owns it and
   * signs in the wallet frame. Rejects SMART_WALLETS_NOT_ENABLED when the app has none on the chain.
   */
  getSmartWalletClient(parameters?: GetSmartWalletClientParameters): Promise<SmartWalletClient>
}

export const walletHostMethods = table<Omit<WalletHostMethods, 'getEthereumProvider'>>({
  createWallet: () => import('../../src/actions/createWallet.ts'),
  importWallet: () => import('../../src/actions/importWallet.ts'),
  signMessage: () => import('../../src/actions/signMessage.ts'),
  // The action's overloads pair each request with its chain's options; the tag takes either.
  sendTransaction: lazy(
    () => import('../../src/actions/sendTransaction.ts'),
    (m, request: Parameters<WalletHostMethods['sendTransaction']>[0], options?: Parameters<WalletHostMethods['sendTransaction']>[1]) =>
      m.sendTransaction(request as never, options),
  ),
  signTransaction: lazy(
    () => import('../../src/actions/signTransaction.ts'),
    (m, request: Parameters<WalletHostMethods['signTransaction']>[0], options?: Parameters<WalletHostMethods['signTransaction']>[1]) =>
      m.signTransaction(request as never, options),
  ),
  signAndSendAllTransactions: () => import('../../src/actions/signAndSendAllTransactions.ts'),
  signAllTransactions: () => import('../../src/actions/signAllTransactions.ts'),
  exportWallet: () => import('../../src/actions/exportWallet.ts'),
  fundWallet: () => import('../../src/actions/fundWallet.ts'),
  setWalletRecovery: () => import('../../src/actions/setWalletRecovery.ts'),
  delegateWallet: () => import('../../src/actions/delegateWallet.ts'),
  revokeWallets: () => import('../../src/actions/revokeWallets.ts'),
  setWalletPassword: () => import('../../src/actions/setWalletPassword.ts'),
  requestFarcasterSignerFromWarpcast: () => import('../../src/actions/requestFarcasterSignerFromWarpcast.ts'),
  getFarcasterSignerPublicKey: () => import('../../src/actions/getFarcasterSignerPublicKey.ts'),
  signFarcasterMessage: () => import('../../src/actions/signFarcasterMessage.ts'),
  getSmartWalletClient: () => import('../../src/actions/getSmartWalletClient.ts'),
  openRecoverySettings: start(
    () => import('../../src/wallets/embedded/modal.ts'),
    (m, method: 'user-passcode' | 'privy' = 'user-passcode') =>
      m.openWalletScreen(method === 'privy' ? { name: 'embedded-wallet-automatic-recovery' } : { name: 'embedded-wallet-recovery-select', purpose: 'update' }),
  ),
})

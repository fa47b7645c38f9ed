/**
 * `<auth-modal>`'s wallet methods (create, import, providers, signing, sending, export, funding,
 * recovery) as a table like ./host-methods.ts; custom-elements-manifest.config.mjs reads it too.
 */
import type { CreateWalletParameters } from '../../src/actions/createWallet.ts'
import type { ExportWalletParameters } from '../../src/actions/exportWallet.ts'
import type { FundWalletOptions } from '../../src/funding/config.ts'
import type { FundSuccessEventDetail } from '../../src/events/fund-success.ts'
import { getEthereumProvider, type EmbeddedEthereumProvider, type GetEthereumProviderOptions } from '../../src/actions/getEthereumProvider.ts'
import type { ImportWalletParameters } from '../../src/actions/importWallet.ts'
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
import type { Wallet } from '../../src/stores/wallets.ts'
import { lazy, now, start, type HostMethod } from './host-method-table.ts'

export const walletHostMethods = {
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

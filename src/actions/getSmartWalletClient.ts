import type { SmartWalletError } from '../errors/smartWallet.ts'
import type { ProviderRpcError } from '../errors/wallet.ts'
import type { SignUiOptions } from '../stores/signRequest.ts'
import type { EthereumTransactionRequest, TransactionUiOptions } from '../transactions/types.ts'
import { requireSmartWalletSettings } from '../wallets/smart/config.ts'
import { getSmartWalletProvider } from '../wallets/smart/provider.ts'
import type { EmbeddedEthereumProvider } from './getEthereumProvider.ts'

export interface GetSmartWalletClientParameters {
  /** The chain (one the app turned smart wallets on for); default the app's default chain, else its first smart-wallet chain. */
  chainId?: number
  /** false signs and sends without `<sign-prompt>` (headless). Default true. */
  showWalletUIs?: boolean
  /** Texts of the sign prompt (personal_sign, eth_signTypedData_v4). */
  uiOptions?: SignUiOptions
  /** Texts of the transaction confirmation screen. */
  transactionUiOptions?: TransactionUiOptions
}

/** EIP-5792 status of a batch (`wallet_getCallsStatus`): 100 pending, 200 confirmed, 500 reverted on chain. */
export interface SmartWalletCallsStatus {
  version: string
  id: string
  chainId: string
  atomic: boolean
  status: number
  receipts?: {
    logs: { address: string; data: string; topics: string[] }[]
    status: string
    blockHash: string
    blockNumber: string
    gasUsed: string
    transactionHash: string
  }[]
}

/** The user's smart wallet on one chain (ERC-4337): its address, an EIP-1193 provider, and the usual calls. */
export interface SmartWalletClient {
  /** The smart account (counterfactual until its first operation deploys it). */
  address: `0x${string}`
  /** The embedded wallet that owns it (its key stays in the wallet frame). */
  owner: `0x${string}`
  chainId: number
  /** The smart account implementation the app picked. */
  accountType: string
  /** Whether our paymaster is asked to pay the gas (each operation still needs the app's policy to accept it). */
  sponsorship: boolean
  /** EIP-1193 provider of the smart account (for viem's `custom()`, wagmi…): eth_sendTransaction, wallet_sendCalls, personal_sign… */
  provider: EmbeddedEthereumProvider
  /**
   * Sends one call, or several as ONE user operation (the confirmation screen steps through them),
   * and resolves once it is on chain: the transaction hash that carried it and the operation's hash.
   */
  sendTransaction(
    request: EthereumTransactionRequest | EthereumTransactionRequest[],
    options?: { uiOptions?: TransactionUiOptions },
  ): Promise<{ hash: string; userOperationHash: string }>
  /** EIP-5792 `wallet_sendCalls`: the batch as one operation; resolves `{ id }` (the user-operation hash) once on chain. */
  sendCalls(calls: { to: string; data?: string; value?: bigint | number | string }[]): Promise<{ id: string }>
  /** EIP-5792 `wallet_getCallsStatus`. */
  getCallsStatus(id: string): Promise<SmartWalletCallsStatus>
  /** The account's ERC-1271 signature of a message (ERC-6492-wrapped while undeployed: SIWE and viem's `verifyMessage` accept it). */
  signMessage(parameters: { message: string | { raw: `0x${string}` } }): Promise<`0x${string}`>
  /** The account's ERC-1271 signature of EIP-712 typed data. */
  signTypedData(typedData: {
    domain?: Record<string, unknown>
    types: Record<string, unknown>
    primaryType: string
    message: Record<string, unknown>
  }): Promise<`0x${string}`>
}
export type GetSmartWalletClientReturnType = SmartWalletClient
/** SmartWalletError SMART_WALLETS_NOT_ENABLED (the app did not turn them on for the chain), EMBEDDED_WALLET_NOT_FOUND (no embedded signer); the calls reject with ProviderRpcError. */
export type GetSmartWalletClientErrorType = SmartWalletError | ProviderRpcError

const bigintJson = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v))

/**
 * The user's smart wallet (ERC-4337) on a chain where the app turned smart wallets on: owned by
 * the user's embedded wallet (which signs in the wallet frame), sent through the bundler, its gas
 * paid by the app's paymaster when the app's policy accepts the operation. The address is known
 * before deployment; the first operation deploys it.
 *
 * @example
 * const wallet = await getSmartWalletClient()
 * const { hash } = await wallet.sendTransaction({ to: token, data: transferData })
 * const client = createWalletClient({ account: wallet.address, transport: custom(wallet.provider) })
 */
export async function getSmartWalletClient(parameters: GetSmartWalletClientParameters = {}): Promise<GetSmartWalletClientReturnType> {
  const settings = requireSmartWalletSettings(parameters.chainId)
  const { smartWalletContext } = await import('../wallets/smart/client.ts')
  const context = await smartWalletContext(settings.chain.id)
  // The user's `smart_wallet` linked account (once): in the background, the wallet works without it.
  void import('../wallets/smart/link.ts')
    .then(({ linkSmartWallet }) => linkSmartWallet(context))
    .catch((error: unknown) => console.warn('[gatehouse] smart wallet not linked', error))
  const provider = getSmartWalletProvider({ ...parameters, chainId: settings.chain.id, owner: context.owner })
  const ask = <T>(method: string, params: unknown[]) => provider.request({ method, params }) as Promise<T>
  return {
    address: context.address,
    owner: context.owner,
    chainId: settings.chain.id,
    accountType: settings.accountType,
    sponsorship: settings.paymasterUrl !== null,
    provider,
    async sendTransaction(request, options) {
      const { requestSmartTransaction } = await import('../transactions/drivers/smartWallet.ts')
      const uiOptions = { ...parameters.transactionUiOptions, ...options?.uiOptions, ...(parameters.showWalletUIs === false ? { showWalletUIs: false } : {}) }
      const { toProviderError } = await import('../errors/transaction.ts')
      try {
        const result = await requestSmartTransaction({
          requests: Array.isArray(request) ? request : [request],
          chainId: settings.chain.id,
          owner: context.owner,
          uiOptions,
        })
        return { hash: result.hash!, userOperationHash: result.userOperationHash! }
      } catch (error) {
        throw toProviderError(error)
      }
    },
    sendCalls: (calls) =>
      ask('wallet_sendCalls', [
        { version: '2.0.0', chainId: `0x${settings.chain.id.toString(16)}`, from: context.address, atomicRequired: true, calls: JSON.parse(bigintJson(calls)) },
      ]),
    getCallsStatus: (id) => ask('wallet_getCallsStatus', [id]),
    signMessage: ({ message }) => ask('personal_sign', [typeof message === 'string' ? message : message.raw, context.address]),
    signTypedData: (typedData) => ask('eth_signTypedData_v4', [context.address, bigintJson(typedData)]),
  }
}

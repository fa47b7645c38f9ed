import { toProviderError } from '../errors/transaction.ts'
import { ProviderRpcError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { findWallet } from '../stores/wallets.ts'
import { crossAppAccountOf } from '../crossapp/account.ts'
import { isSmartWalletAddress, smartWalletOwner } from '../wallets/smart/config.ts'
import type { SignUiOptions } from '../stores/signRequest.ts'
import type { EthereumTransactionRequest, TransactionUiOptions, TxMethod } from '../transactions/types.ts'
import { chainRpc, configuredChains, defaultChainId, parseChainId, RpcResponseError } from '../wallets/ethereum/chains.ts'

export interface EIP1193RequestArguments {
  method: string
  params?: unknown[] | Record<string, unknown>
}

/** An EIP-1193 provider for one embedded Ethereum wallet (usable with viem's `custom()` transport). */
export interface EmbeddedEthereumProvider {
  request(args: EIP1193RequestArguments): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): EmbeddedEthereumProvider
  removeListener(event: string, listener: (...args: unknown[]) => void): EmbeddedEthereumProvider
}
export interface GetEthereumProviderOptions {
  /** false signs without `<sign-prompt>` (headless). Default true. */
  showWalletUIs?: boolean
  uiOptions?: SignUiOptions
  /** Texts of the transaction confirmation screen (eth_sendTransaction, eth_signTransaction). */
  transactionUiOptions?: TransactionUiOptions
}
export type GetEthereumProviderReturnType = EmbeddedEthereumProvider
export type GetEthereumProviderErrorType = ProviderRpcError

/** Read-only calls answered by the chain's RPC (EIP-1474), so viem and wagmi work through the provider. */
const READ_METHODS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'eth_getBlockTransactionCountByNumber',
  'web3_clientVersion',
])

/**
 * The EIP-1193 provider of an embedded Ethereum wallet: eth_accounts, eth_requestAccounts,
 * eth_chainId, wallet_switchEthereumChain (configured chains only, else UNSUPPORTED_CHAIN_ID),
 * personal_sign and eth_signTypedData_v4 (shown in `<sign-prompt>` unless headless),
 * eth_sendTransaction and eth_signTransaction (the confirmation screen unless headless), and read
 * calls forwarded to the current chain's RPC.
 *
 * @example
 * const provider = getEthereumProvider(wallet.address)
 * const client = createWalletClient({ account: wallet.address, transport: custom(provider) })
 * const signature = await client.signMessage({ account: wallet.address, message: 'hello' })
 */
const CROSS_APP_METHODS = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_signTransaction'])

export function getEthereumProvider(address: string, options: GetEthereumProviderOptions = {}): GetEthereumProviderReturnType {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args))
  let chainId: number | null = null
  const currentChain = () => {
    const chains = configuredChains()
    const found = chains.find((c) => c.id === chainId)
    if (found) return found
    chainId = defaultChainId()
    return chains.find((c) => c.id === chainId)!
  }
  let smart: EmbeddedEthereumProvider | null = null
  const provider: EmbeddedEthereumProvider = {
    async request({ method, params }) {
      // A smart wallet's address: its own provider (user operations, ERC-1271 signatures), src/wallets/smart/provider.ts.
      if (smart || isSmartWalletAddress(address)) {
        if (!smart) {
          const { getSmartWalletProvider } = await import('../wallets/smart/provider.ts')
          const owner = smartWalletOwner(address)
          smart = getSmartWalletProvider({ ...options, ...(owner ? { owner: owner.owner, chainId: owner.chainId } : {}) })
          for (const [event, set] of listeners) for (const listener of set) smart.on(event, listener)
        }
        return smart.request({ method, params })
      }
      // A cross-app wallet signs at its provider, in the provider's popup (src/crossapp/request.ts).
      if (crossAppAccountOf(address) && CROSS_APP_METHODS.has(method)) {
        const { crossAppRequest } = await import('../crossapp/request.ts')
        const answer = await crossAppRequest(address, method as never, Array.isArray(params) ? params : [])
        return answer.hash ?? answer.signature
      }
      const wallet = findWallet(address)
      if (!wallet || wallet.chainType !== 'ethereum') throw new ProviderRpcError(4100, WALLET_MESSAGES.noWalletForAddress)
      const list = Array.isArray(params) ? params : []
      const sameAddress = (value: unknown) => typeof value === 'string' && value.toLowerCase() === wallet.address.toLowerCase()
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [wallet.address]
        case 'eth_chainId':
          return `0x${currentChain().id.toString(16)}`
        case 'net_version':
          return String(currentChain().id)
        case 'wallet_switchEthereumChain': {
          const wanted = parseChainId((list[0] as { chainId?: unknown } | undefined)?.chainId)
          const chain = configuredChains().find((c) => c.id === wanted)
          // 4902: the EIP-3326 code for a chain the wallet does not know; the spec's code rides along.
          if (!chain) throw Object.assign(new ProviderRpcError(4902, `Unsupported chain id: ${String(wanted)}`), { errorCode: 'UNSUPPORTED_CHAIN_ID' })
          const changed = chain.id !== currentChain().id
          chainId = chain.id
          if (changed) emit('chainChanged', `0x${chain.id.toString(16)}`)
          return null
        }
        case 'eth_sendTransaction':
        case 'eth_signTransaction': {
          const request = list[0] as EthereumTransactionRequest | undefined
          if (!request || typeof request !== 'object') throw new ProviderRpcError(-32602, 'Invalid transaction request')
          if (request.from && !sameAddress(request.from)) throw new ProviderRpcError(4100, 'The requested account is not this wallet')
          const [result] = await transact(method, wallet.address, [request], currentChain().id)
          return method === 'eth_sendTransaction' ? result!.hash : result!.signature
        }
        case 'personal_sign':
          if (!sameAddress(list[1])) throw new ProviderRpcError(4100, 'The requested account is not this wallet')
          return sign('personal_sign', wallet.address, list[0])
        case 'eth_signTypedData_v4':
          if (!sameAddress(list[0])) throw new ProviderRpcError(4100, 'The requested account is not this wallet')
          return sign('eth_signTypedData_v4', wallet.address, typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1])
        default:
          if (!READ_METHODS.has(method)) throw new ProviderRpcError(4200, `Unsupported method: ${method}`)
          try {
            return await chainRpc(currentChain(), method, list)
          } catch (error) {
            if (error instanceof RpcResponseError) throw Object.assign(new ProviderRpcError(error.code, error.message, error), { data: error.data })
            throw new ProviderRpcError(-32603, (error as Error).message, error)
          }
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      smart?.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      smart?.removeListener(event, listener)
      return provider
    },
  }
  async function transact(method: TxMethod, walletAddress: string, requests: EthereumTransactionRequest[], onChain: number) {
    try {
      const { requestTransaction } = await import('../transactions/drivers/ethereum.ts')
      const uiOptions = { ...options.transactionUiOptions, ...(options.showWalletUIs === false ? { showWalletUIs: false } : {}) }
      return await requestTransaction({ method, address: walletAddress, requests, chainId: onChain, uiOptions })
    } catch (error) {
      throw toProviderError(error)
    }
  }
  async function sign(method: 'personal_sign' | 'eth_signTypedData_v4', walletAddress: string, data: unknown) {
    try {
      // Loaded with the first signature: the provider object itself is on every page.
      const { requestSignature } = await import('../wallets/embedded/signing.ts')
      return await requestSignature({ method, address: walletAddress, data, uiOptions: options.uiOptions, showWalletUIs: options.showWalletUIs })
    } catch (error) {
      const code = (error as { code?: string }).code
      throw new ProviderRpcError(
        code === 'USER_REJECTED' ? 4001 : 4100,
        code === 'USER_REJECTED' ? 'The user rejected the request' : WALLET_MESSAGES.failedToSign,
        error,
      )
    }
  }
  return provider
}

/**
 * The EIP-1193 provider of a user's smart wallet: `eth_accounts` is the smart account,
 * `eth_sendTransaction` goes as a user operation, `wallet_sendCalls` (EIP-5792) sends a batch as
 * one operation and `wallet_getCallsStatus` reads it back, `personal_sign` / `eth_signTypedData_v4`
 * answer the account's ERC-1271 signature (ERC-6492-wrapped until deployed, so SIWE verifies it),
 * reads go to the chain's RPC. The account-abstraction code loads with the first request that needs it.
 */
import { BaseError } from '../../errors/base.ts'
import { toProviderError } from '../../errors/transaction.ts'
import { EmbeddedWalletError, ProviderRpcError, WALLET_MESSAGES } from '../../errors/wallet.ts'
import type { SignUiOptions } from '../../stores/signRequest.ts'
import type { EthereumTransactionRequest, TransactionUiOptions } from '../../transactions/types.ts'
import { chainRpc, parseChainId, RpcResponseError } from '../ethereum/chains.ts'
import { requireSmartWalletSettings, smartWalletSettings } from './config.ts'

interface EIP1193RequestArguments {
  method: string
  params?: unknown[] | Record<string, unknown>
}

/** The embedded provider's shape (src/actions/getEthereumProvider.ts, which loads this module: no import back). */
export interface SmartWalletProvider {
  request(args: EIP1193RequestArguments): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): SmartWalletProvider
  removeListener(event: string, listener: (...args: unknown[]) => void): SmartWalletProvider
}

export interface SmartWalletProviderOptions {
  /** The chain to start on (default: the app's default smart-wallet chain). */
  chainId?: number
  /** The embedded wallet that owns the smart wallet (default: the user's primary Ethereum wallet). */
  owner?: string
  /** false signs and sends without `<sign-prompt>` (headless). Default true. */
  showWalletUIs?: boolean
  uiOptions?: SignUiOptions
  transactionUiOptions?: TransactionUiOptions
}

/** Read-only calls answered by the chain's RPC (as the embedded provider forwards them). */
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
  'web3_clientVersion',
])

const isHex = (value: unknown): value is `0x${string}` => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)

/** EIP-5792 `wallet_sendCalls` parameters. */
interface SendCallsParameters {
  version?: string
  chainId?: string | number
  from?: string
  atomicRequired?: boolean
  calls: { to?: string; data?: string; value?: string | number | bigint }[]
  capabilities?: Record<string, unknown>
}

/** The provider of the smart wallet; `address` (when known) is checked against the account it answers for. */
export function getSmartWalletProvider(options: SmartWalletProviderOptions = {}): SmartWalletProvider {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args))
  let chainId = requireSmartWalletSettings(options.chainId).chain.id
  const context = async () => (await import('./client.ts')).smartWalletContext(chainId, options.owner)
  const uiOptions = () => ({ ...options.transactionUiOptions, ...(options.showWalletUIs === false ? { showWalletUIs: false } : {}) })

  async function send(requests: EthereumTransactionRequest[], onChain: number) {
    const { requestSmartTransaction } = await import('../../transactions/drivers/smartWallet.ts')
    return requestSmartTransaction({ requests, chainId: onChain, owner: options.owner, uiOptions: uiOptions() })
  }

  async function sign(method: 'personal_sign' | 'eth_signTypedData_v4', data: unknown, account: unknown) {
    const [ctx, client, { requestSignature }] = await Promise.all([context(), import('./client.ts'), import('../embedded/signing.ts')])
    if (typeof account !== 'string' || account.toLowerCase() !== ctx.address.toLowerCase()) {
      throw new ProviderRpcError(4100, 'The requested account is not this wallet')
    }
    const signer = async () => {
      try {
        if (method === 'personal_sign') {
          const message = isHex(data) ? { raw: data } : String(data)
          return await client.signSmartMessage(ctx, message)
        }
        const typed = (typeof data === 'string' ? JSON.parse(data) : data) as { types: Record<string, unknown>; [k: string]: unknown }
        const { EIP712Domain: _domain, ...types } = typed.types ?? {}
        return await client.signSmartTypedData(ctx, { ...typed, types } as never)
      } catch (error) {
        // A library's message may quote the payload: the screen and the host get the spec's text.
        if (error instanceof BaseError) throw error
        throw new EmbeddedWalletError(WALLET_MESSAGES.failedToSign, { code: 'UNABLE_TO_SIGN', details: (error as Error).message, cause: error })
      }
    }
    return requestSignature({ method, address: ctx.address, data, uiOptions: options.uiOptions, showWalletUIs: options.showWalletUIs, signer })
  }

  const provider: SmartWalletProvider = {
    async request({ method, params }: EIP1193RequestArguments) {
      const list = Array.isArray(params) ? params : []
      try {
        switch (method) {
          case 'eth_accounts':
          case 'eth_requestAccounts':
            return [(await context()).address]
          case 'eth_chainId':
            return `0x${chainId.toString(16)}`
          case 'net_version':
            return String(chainId)
          case 'wallet_switchEthereumChain': {
            const wanted = parseChainId((list[0] as { chainId?: unknown } | undefined)?.chainId)
            const settings = wanted === null ? null : smartWalletSettings(wanted)
            if (!settings) throw Object.assign(new ProviderRpcError(4902, `Unsupported chain id: ${String(wanted)}`), { errorCode: 'UNSUPPORTED_CHAIN_ID' })
            const changed = settings.chain.id !== chainId
            chainId = settings.chain.id
            if (changed) emit('chainChanged', `0x${chainId.toString(16)}`)
            return null
          }
          case 'wallet_getCapabilities': {
            const settings = requireSmartWalletSettings(chainId)
            return { [`0x${chainId.toString(16)}`]: { atomic: { status: 'supported' }, paymasterService: { supported: settings.paymasterUrl !== null } } }
          }
          case 'eth_sendTransaction': {
            const request = list[0] as EthereumTransactionRequest | undefined
            if (!request || typeof request !== 'object') throw new ProviderRpcError(-32602, 'Invalid transaction request')
            return (await send([request], parseChainId(request.chainId) ?? chainId)).hash
          }
          case 'wallet_sendCalls': {
            const batch = list[0] as SendCallsParameters | undefined
            if (!batch || !Array.isArray(batch.calls) || batch.calls.length === 0) throw new ProviderRpcError(-32602, 'Invalid transaction request')
            const onChain = batch.chainId === undefined ? chainId : parseChainId(batch.chainId)
            if (onChain === null || !smartWalletSettings(onChain)) throw new ProviderRpcError(5710, `Unsupported chain id: ${String(batch.chainId)}`)
            const from = batch.from
            const result = await send(
              batch.calls.map((c) => ({ ...(from ? { from } : {}), to: c.to, data: c.data, value: c.value as EthereumTransactionRequest['value'] })),
              onChain,
            )
            return { id: result.userOperationHash }
          }
          case 'wallet_getCallsStatus': {
            const id = list[0]
            if (!isHex(id) || id.length !== 66) throw new ProviderRpcError(5730, 'No batch with this id')
            const { callsStatus } = await import('./client.ts')
            return await callsStatus(await context(), id)
          }
          case 'wallet_showCallsStatus':
            return null
          case 'personal_sign':
            return await sign('personal_sign', list[0], list[1])
          case 'eth_signTypedData_v4':
            return await sign('eth_signTypedData_v4', list[1], list[0])
          default: {
            if (!READ_METHODS.has(method)) throw new ProviderRpcError(4200, `Unsupported method: ${method}`)
            try {
              return await chainRpc(requireSmartWalletSettings(chainId).chain, method, list)
            } catch (error) {
              if (error instanceof RpcResponseError) throw Object.assign(new ProviderRpcError(error.code, error.message, error), { data: error.data })
              throw new ProviderRpcError(-32603, (error as Error).message, error)
            }
          }
        }
      } catch (error) {
        if (error instanceof ProviderRpcError) throw error
        throw toProviderError(error)
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  return provider
}

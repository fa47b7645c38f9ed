import { ProviderRpcError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { findWallet } from '../stores/wallets.ts'
import type { SignUiOptions } from '../stores/signRequest.ts'

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
}
export type GetEthereumProviderReturnType = EmbeddedEthereumProvider
export type GetEthereumProviderErrorType = ProviderRpcError

/** Chain reported by the provider; transactions and chain switching come with the transactions issue. */
export const EMBEDDED_CHAIN_ID = '0x1'

/**
 * The EIP-1193 provider of an embedded Ethereum wallet: eth_accounts, eth_requestAccounts,
 * eth_chainId, personal_sign and eth_signTypedData_v4 (shown in `<sign-prompt>` unless headless).
 *
 * @example
 * const provider = getEthereumProvider(wallet.address)
 * const client = createWalletClient({ account: wallet.address, transport: custom(provider) })
 * const signature = await client.signMessage({ account: wallet.address, message: 'hello' })
 */
export function getEthereumProvider(address: string, options: GetEthereumProviderOptions = {}): GetEthereumProviderReturnType {
  const provider: EmbeddedEthereumProvider = {
    async request({ method, params }) {
      const wallet = findWallet(address)
      if (!wallet || wallet.chainType !== 'ethereum') throw new ProviderRpcError(4100, WALLET_MESSAGES.noWalletForAddress)
      const list = Array.isArray(params) ? params : []
      const sameAddress = (value: unknown) => typeof value === 'string' && value.toLowerCase() === wallet.address.toLowerCase()
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [wallet.address]
        case 'eth_chainId':
          return EMBEDDED_CHAIN_ID
        case 'net_version':
          return String(Number(EMBEDDED_CHAIN_ID))
        case 'personal_sign':
          if (!sameAddress(list[1])) throw new ProviderRpcError(4100, 'The requested account is not this wallet')
          return sign('personal_sign', wallet.address, list[0])
        case 'eth_signTypedData_v4':
          if (!sameAddress(list[0])) throw new ProviderRpcError(4100, 'The requested account is not this wallet')
          return sign('eth_signTypedData_v4', wallet.address, typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1])
        default:
          throw new ProviderRpcError(4200, `Unsupported method: ${method}`)
      }
    },
    on: () => provider,
    removeListener: () => provider,
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

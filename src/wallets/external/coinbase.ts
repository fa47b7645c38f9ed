/**
 * Coinbase Wallet ('coinbase_wallet') and Base account ('base_account') through the Coinbase
 * Wallet SDK (`@coinbase/wallet-sdk` v4). The SDK answers the Coinbase extension when it is
 * injected (`window.coinbaseWalletExtension`, or the Coinbase in-app browser), and otherwise a
 * provider that opens a popup to Coinbase's keys site (configurable: `keysUrl`). Base account is
 * the SDK's smart-wallet-only mode (the Coinbase Smart Wallet is now the Base account).
 * Its own lazy chunk: fetched only when one of the two is picked.
 */
import { createCoinbaseWalletSDK } from '@coinbase/wallet-sdk'
import { injected } from '@wagmi/core'
import { $config } from '../../stores/config.ts'
import * as eth from './ethereum.ts'
import { isMobile } from '../../platform/device.ts'

/** Spec part 2 §9: the Coinbase provider settles its state shortly after connecting. */
export const COINBASE_POST_CONNECT_DELAY_MS = 500

export type CoinbaseConnectorType = 'coinbase_wallet' | 'base_account'

const providers = new Map<CoinbaseConnectorType, unknown>()

function sdkProvider(type: CoinbaseConnectorType) {
  const cached = providers.get(type)
  if (cached) return cached
  const { app } = $config.get()
  const settings = app?.externalWallets?.coinbaseWallet
  const sdk = createCoinbaseWalletSDK({
    appName: app?.name ?? 'Gatehouse',
    appChainIds: eth.SUPPORTED_CHAINS.map((c) => c.id),
    preference: {
      options: type === 'base_account' ? 'smartWalletOnly' : (settings?.options ?? 'all'),
      ...(settings?.keysUrl ? { keysUrl: settings.keysUrl } : {}),
    },
  })
  const provider = sdk.getProvider()
  providers.set(type, provider)
  return provider
}

/** Coinbase Wallet's documented dapp deep link: opens this page in the Coinbase Wallet app's browser. */
export const coinbaseDappLink = (pageUrl: string) => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(pageUrl)}`

const inCoinbaseBrowser = () => {
  const w = globalThis as { coinbaseWalletExtension?: unknown; ethereum?: { isCoinbaseBrowser?: boolean } }
  return Boolean(w.coinbaseWalletExtension || w.ethereum?.isCoinbaseBrowser)
}

/**
 * Connects (extension prompt or keys-site popup), then waits the spec's post-connect delay.
 * Spec part 2 §2: Coinbase Wallet in eoaOnly mode on a phone (outside its in-app browser) has no
 * popup to use, so the page is reopened in the app by its deep link; the promise never settles.
 */
export async function connectCoinbase(type: CoinbaseConnectorType): Promise<eth.EthereumConnection> {
  if (type === 'coinbase_wallet' && $config.get().app?.externalWallets?.coinbaseWallet?.options === 'eoaOnly' && isMobile() && !inCoinbaseBrowser()) {
    globalThis.location.href = coinbaseDappLink(globalThis.location.href)
    return new Promise(() => {})
  }
  const id = type === 'base_account' ? 'baseAccount' : 'coinbaseWalletSDK'
  const name = type === 'base_account' ? 'Base Account' : 'Coinbase Wallet'
  // wagmi's injected connector over an explicit EIP-1193 target: the SDK's provider.
  const connector = eth.ensureConnector(id, injected({ shimDisconnect: false, target: () => ({ id, name, provider: sdkProvider(type) as never }) }))
  const connection = await eth.connectEthereum(connector.id)
  await new Promise((resolve) => setTimeout(resolve, COINBASE_POST_CONNECT_DELAY_MS))
  return connection
}

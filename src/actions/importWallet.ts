import { EmbeddedWalletError, WALLET_MESSAGES, WalletProxyError } from '../errors/wallet.ts'
import { publish } from '../events/bus.ts'
import { $config } from '../stores/config.ts'
import { $wallets, type ChainType, type Wallet } from '../stores/wallets.ts'
import { embeddedWalletsConfig } from '../wallets/embedded/config.ts'
import { getWalletProxy, PROXY_TIMEOUTS } from '../wallets/embedded/proxy.ts'
import { adoptWireUser, requireAccessToken } from '../wallets/embedded/session.ts'

export interface ImportWalletParameters {
  /** 0x-hex (Ethereum) or a base58 secret key (Solana). It goes straight to the wallet frame. */
  privateKey: string
  chainType?: ChainType
}
export type ImportWalletReturnType = Wallet
export type ImportWalletErrorType = EmbeddedWalletError

/**
 * Imports a private key as an embedded wallet (imported: true, automatic recovery). The key is
 * posted to the wallet frame, split there, and never stored on the host origin. Refused when the
 * app's `embeddedWallets.mode` is 'user-controlled-server-wallets-only'.
 *
 * @example
 * const wallet = await importWallet({ privateKey: '0x…', chainType: 'ethereum' })
 */
export async function importWallet({ privateKey, chainType = 'ethereum' }: ImportWalletParameters): Promise<ImportWalletReturnType> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticated)
  // Spec part 2 §5: import is refused for apps in user-controlled-server-wallets-only mode.
  if (embeddedWalletsConfig($config.get().app).mode === 'user-controlled-server-wallets-only')
    throw new EmbeddedWalletError(WALLET_MESSAGES.importOnDeviceOnly, {
      code: 'FAILED_TO_CREATE_WALLET',
      details: 'embeddedWallets.mode is user-controlled-server-wallets-only',
    })
  const proxy = getWalletProxy()
  let result
  try {
    await proxy.ready(PROXY_TIMEOUTS.importInitMs)
    result = await proxy.request('wallets:import', { accessToken, chainType, privateKey })
  } catch (error) {
    const details = error instanceof WalletProxyError ? error.shortMessage : undefined
    throw new EmbeddedWalletError(WALLET_MESSAGES.failedToCreate, { code: 'FAILED_TO_CREATE_WALLET', details, cause: error })
  }
  adoptWireUser(result.user)
  const wallet = $wallets.get().find((w) => w.address.toLowerCase() === result.address.toLowerCase())!
  publish('wallet-created', { wallet })
  return wallet
}

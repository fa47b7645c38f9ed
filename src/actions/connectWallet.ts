import { openWalletList } from '../wallets/external/openWalletList.ts'

export type ConnectWalletParameters = void
export type ConnectWalletReturnType = void
export type ConnectWalletErrorType = never

/**
 * Opens the wallet list to connect an external wallet without logging in (works logged in or
 * out). The connection is announced with `wallet-connected` and listed in `wallets`.
 *
 * @example
 * connectWallet()
 * element.addEventListener('wallet-connected', (e) => console.log(e.detail.wallet.address))
 */
export function connectWallet(): ConnectWalletReturnType {
  openWalletList('connect')
}

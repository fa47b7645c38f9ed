import { cancelModalReset } from './closeModal.ts'
import { publish } from '../events/bus.ts'
import { $modal, resetScreens, setModalOpen } from '../stores/modal.ts'
import { openWalletList } from '../wallets/external/openWalletList.ts'

export type ConnectWalletParameters = {
  /**
   * Start on the connect-only landing ('Connect your wallet' with the app's branding) instead of
   * the wallet list itself.
   */
  landing?: boolean
} | void
export type ConnectWalletReturnType = void
export type ConnectWalletErrorType = never

/**
 * Opens the wallet list to connect an external wallet without logging in (works logged in or
 * out). The connection is announced with `wallet-connected` and listed in `wallets`.
 *
 * @example
 * connectWallet()
 * connectWallet({ landing: true }) // the connect-only landing first
 * element.addEventListener('wallet-connected', (e) => console.log(e.detail.wallet.address))
 */
export function connectWallet(parameters: ConnectWalletParameters): ConnectWalletReturnType {
  if (!parameters?.landing) return openWalletList('connect')
  cancelModalReset()
  resetScreens({ name: 'wallet-connect-landing' })
  if ($modal.get().open) return
  setModalOpen(true)
  publish('modal-open', null)
}

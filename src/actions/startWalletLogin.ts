import { isLoggedIn } from '../flows/loginGuard.ts'
import { openWalletList } from '../wallets/external/openWalletList.ts'

export type StartWalletLoginParameters = void
export type StartWalletLoginReturnType = boolean
export type StartWalletLoginErrorType = never

/**
 * Opens the modal on the wallet list for a wallet login (SIWE for Ethereum wallets, SIWS for
 * Solana ones, per the app's walletChainType). Refused (false, warns) when a non-guest user is
 * already logged in, like `openModal()`.
 *
 * @example
 * startWalletLogin()
 * document.querySelector('auth-modal').addEventListener('auth-success', (e) => e.detail.loginMethod) // 'siwe'
 */
export function startWalletLogin(): StartWalletLoginReturnType {
  if (isLoggedIn()) {
    console.warn('[gatehouse] startWalletLogin() ignored: the user is already logged in. Call logout() first.')
    return false
  }
  openWalletList('login')
  return true
}

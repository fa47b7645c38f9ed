import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import type { GuestCannotLinkError } from '../errors/link.ts'
import { openWalletList } from '../wallets/external/openWalletList.ts'
import { requireLinkableUser } from './internal/accountChange.ts'

export type LinkWalletParameters = void
export type LinkWalletReturnType = void
export type LinkWalletErrorType = MustBeAuthenticatedError | GuestCannotLinkError

/**
 * Opens the wallet list to link an external wallet to the signed-in user: the wallet signs a
 * SIWE/SIWS message and `siwe/link` (`siws/link`) adds it to `user.linkedAccounts`. A guest links
 * nothing (GuestCannotLinkError, before the list opens).
 *
 * @example
 * await loginWithEmailCode({ code })
 * linkWallet()
 */
export function linkWallet(): LinkWalletReturnType {
  requireLinkableUser()
  openWalletList('link')
}

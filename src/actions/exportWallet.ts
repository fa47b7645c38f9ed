import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { $session } from '../stores/session.ts'
import { findWallet } from '../stores/wallets.ts'
import { modalClosed, openWalletScreen } from '../wallets/embedded/modal.ts'

export interface ExportWalletParameters {
  /** An embedded wallet of the user; defaults to the first one. */
  address?: string
}
export type ExportWalletReturnType = void
export type ExportWalletErrorType = EmbeddedWalletError

/**
 * Opens the export screen: the connect interstitial (recovering the wallet if needed), then the
 * warning and the key inside a frame of the API origin. Resolves when the modal closes.
 *
 * @example
 * await exportWallet({ address: wallet.address })
 */
export async function exportWallet({ address }: ExportWalletParameters = {}): Promise<ExportWalletReturnType> {
  const { status, user } = $session.get()
  if (status !== 'authenticated' || !user) throw new EmbeddedWalletError(WALLET_MESSAGES.mustBeAuthenticatedToExport, { code: 'MUST_BE_AUTHENTICATED' })
  const wallet = address
    ? findWallet(address)
    : user.linkedAccounts.length
      ? findWallet(String(user.linkedAccounts.find((a) => a.walletClientType === 'privy')?.address ?? ''))
      : undefined
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  openWalletScreen({ name: 'embedded-wallet-connect', address: wallet.address, next: 'export' })
  await modalClosed()
}

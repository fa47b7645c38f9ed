import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import { publish } from '../events/bus.ts'
import { applyUser, findAccount, requireLinkableUser } from './internal/accountChange.ts'

export interface UnlinkWalletParameters {
  /** The external wallet's address (Ethereum 0x… or Solana base58). */
  address: string
}
export interface UnlinkWalletReturnType {
  user: User
}
export type UnlinkWalletErrorType = MustBeAuthenticatedError | ApiError | TimeoutError | NetworkError

/**
 * Unlinks an external wallet from the signed-in user (`POST /siwe/unlink` or `/siws/unlink
 * { address }`, by the linked account's chain) and publishes `unlink-success`. The server refuses
 * embedded wallets and a user's only login method.
 *
 * @example
 * await unlinkWallet({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })
 */
export async function unlinkWallet({ address }: UnlinkWalletParameters): Promise<UnlinkWalletReturnType> {
  const before = requireLinkableUser()
  const linked = findAccount(before, 'wallet', address)
  const chainType = linked?.chainType ?? (address.startsWith('0x') ? 'ethereum' : 'solana')
  const path = chainType === 'solana' ? '/siws/unlink' : '/siwe/unlink'
  const user = applyUser(await getApiClient().post(path, { address }))
  publish('unlink-success', { user, unlinkMethod: chainType === 'solana' ? 'siws' : 'siwe', linkedAccount: linked })
  return { user }
}

import { toUser, type LinkedAccount, type User, type WireUser } from '../../api/user.ts'
import { MustBeAuthenticatedError } from '../../errors/auth.ts'
import { AccountTransferRequiredError, GuestCannotLinkError } from '../../errors/link.ts'
import { ApiError } from '../../errors/api.ts'
import { noteFlowFailure } from '../../flows/uiFlow.ts'
import { $session, setSessionUser } from '../../stores/session.ts'

/** Runs a link or update call; a failure is noted for the host method's flow (see noteFlowFailure) and rethrown for the screen. */
export async function accountCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    noteFlowFailure(error)
    throw error
  }
}

/** Link, update and transfer need a signed-in, non-guest user (spec §5). */
export function requireLinkableUser(): User {
  const { status, user } = $session.get()
  if (status !== 'authenticated' || !user) throw new MustBeAuthenticatedError()
  if (user.isGuest) throw new GuestCannotLinkError()
  return user
}

/** Stores the user a link/unlink/update/transfer call answered. */
export function applyUser(wire: WireUser): User {
  const user = toUser(wire)
  setSessionUser(user)
  return user
}

export function findAccount(user: User, type: string, address: string): LinkedAccount | null {
  return user.linkedAccounts.find((a) => a.type === type && String(a.address).toLowerCase() === address.toLowerCase()) ?? null
}

/** The server's `account_transfer_required` answer as a typed error carrying the nonce. */
export function asTransferRequired(error: unknown): AccountTransferRequiredError | null {
  if (!(error instanceof ApiError) || error.code !== 'account_transfer_required') return null
  const nonce = error.data?.nonce
  if (typeof nonce !== 'string') return null
  const displayName = typeof error.data?.display_name === 'string' ? error.data.display_name : 'This account'
  const wallets = Array.isArray(error.data?.embedded_wallets) ? (error.data.embedded_wallets as { address?: unknown; chain_type?: unknown }[]) : []
  const embeddedWallets = wallets
    .filter((w) => typeof w?.address === 'string')
    .map((w) => ({ address: w.address as string, chainType: w.chain_type === 'solana' ? ('solana' as const) : ('ethereum' as const) }))
  return new AccountTransferRequiredError({ nonce, displayName, embeddedWallets })
}

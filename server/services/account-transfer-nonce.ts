/** The `account_transfer_required` answer: a proven account another user holds may move, by a single-use nonce. */
import { randomToken, sha256 } from '../crypto/hash.js'
import { insertAccountTransfer } from '../db/account-transfers.js'
import { listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable } from '../db/schema.js'
import { ApiError } from '../errors.js'
import type { ProvenAccount } from './proven-account.js'
import type { App } from './app-config.js'
import { toWireUser, type WireLinkedAccount } from './users.js'

/** Spec §5: transfers are not allowed for custom, guest and passkey accounts. */
export const NON_TRANSFERABLE_TYPES = new Set(['custom_auth', 'guest', 'passkey'])

/** An embedded wallet of the user an account would be taken from (shown on 'Check account assets before transferring'). */
export interface TransferWallet {
  address: string
  chain_type: string
}

/** The embedded wallets `userId` holds: what a confirmed transfer deletes with that user. */
export async function embeddedWalletsOf(db: Db, userId: string): Promise<TransferWallet[]> {
  return (await listLinkedAccounts(db, userId))
    .filter((a) => a.type === 'wallet' && a.details && (JSON.parse(a.details) as { wallet_client_type?: string }).wallet_client_type === 'privy')
    .map((a) => ({ address: a.address, chain_type: String((JSON.parse(a.details!) as { chain_type?: string }).chain_type ?? 'ethereum') }))
}

export const TRANSFER_TTL_MS = 10 * 60 * 1000
export const LINKED_TO_ANOTHER_USER_MESSAGE = 'This account has already been linked to another user.'

/** The refusal for linking `existing` (another user's), with a fresh transfer nonce when its type may move. */
export async function transferRequired(db: Db, t: number, app: App, userId: string, existing: LinkedAccountsTable, proven: ProvenAccount): Promise<ApiError> {
  if (NON_TRANSFERABLE_TYPES.has(proven.type)) return new ApiError('linked_to_another_user', LINKED_TO_ANOTHER_USER_MESSAGE)
  const nonce = randomToken(32)
  await insertAccountTransfer(db, {
    nonce_hash: sha256(nonce),
    app_id: app.id,
    user_id: userId,
    type: existing.type,
    address: existing.address,
    created_at: t,
    expires_at: t + TRANSFER_TTL_MS,
  })
  const account: WireLinkedAccount = toWireUser({ id: existing.user_id, app_id: app.id, created_at: 0, has_accepted_terms: 0, is_guest: 0 }, [existing])
    .linked_accounts[0]
  return new ApiError('account_transfer_required', 'This account is associated with another user; it can be transferred.', {
    nonce,
    account,
    display_name: proven.displayName ?? proven.address,
    // Spec 'embeddedWalletAddress': the other user's embedded wallets, which only a confirmed transfer deletes.
    // Public addresses, shown to whoever just proved this account (who could log in to it and see them there).
    embedded_wallets: await embeddedWalletsOf(db, existing.user_id),
  })
}

/**
 * `POST /siwe/link_smart_wallet` (spec part 1 §5, part 2 §5): the signed-in user links the smart
 * wallet its embedded wallet owns. The SIWE message is checked as any (domain, nonce from
 * /siwe/init for the smart wallet's address, time), its signature on chain: ERC-1271 for a deployed
 * account, ERC-6492 for a counterfactual one (the app's own factory). The account must be the
 * counterfactual account of one of the user's embedded wallets on that chain: a smart wallet is
 * never someone else's. The linked account is `{ type: 'smart_wallet', address, smart_wallet_type,
 * smart_wallet_version }`; `smartWallets` on the user are these.
 */
import { getAddress } from 'viem'
import { randomId } from '../crypto/hash.js'
import { isUniqueViolation } from '../db/connect.js'
import { findLinkedAccount, insertLinkedAccount, markVerified } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable } from '../db/schema.js'
import { ApiError } from '../errors.js'
import type { App } from './app-config.js'
import { userSmartAccounts } from './paymaster.js'
import type { SiweService } from './siwe.js'
import { loadWireUser, type WireUser } from './users.js'
import { recordUserEvent, wireAccount } from './webhook-events.js'

export const SMART_WALLET_ACCOUNT_TYPE = 'smart_wallet'

export interface SmartWalletLinkInput {
  message: string
  signature: string
  smart_wallet_type: string
  smart_wallet_version?: string | null
}

export async function linkSmartWallet(
  deps: { db: Db; now: () => number; siwe: SiweService },
  app: App,
  userId: string,
  input: SmartWalletLinkInput,
  origin: string | undefined,
  ip: string,
): Promise<WireUser> {
  const { db, now, siwe } = deps
  if (!app.config.smartWallets.enabled) throw new ApiError('not_supported', 'This app has no smart wallets')
  if (input.smart_wallet_type !== app.config.smartWallets.accountType)
    throw new ApiError('invalid_data', `smart_wallet_type must be this app's account type '${app.config.smartWallets.accountType}'`)
  const wallet = await siwe.verify(app, { message: input.message, signature: input.signature }, origin, ip)
  const chainId = Number(wallet.chainId.split(':')[1])
  const address = getAddress(wallet.address)
  const own = await userSmartAccounts(db, app, userId, chainId)
  if (!own.some((a) => a.address === address)) throw new ApiError('invalid_data', "This is not the smart wallet of one of this user's embedded wallets")

  const t = now()
  const existing = await findLinkedAccount(db, app.id, SMART_WALLET_ACCOUNT_TYPE, address)
  if (existing && existing.user_id !== userId) throw new ApiError('linked_to_another_user', 'This account has already been linked to another user.')
  if (existing) await markVerified(db, existing.id, t)
  else {
    const row: LinkedAccountsTable = {
      id: randomId(),
      user_id: userId,
      app_id: app.id,
      type: SMART_WALLET_ACCOUNT_TYPE,
      address,
      verified_at: t,
      first_verified_at: t,
      latest_verified_at: t,
      details: JSON.stringify({ smart_wallet_type: input.smart_wallet_type, smart_wallet_version: input.smart_wallet_version ?? null, chain_type: 'ethereum' }),
    }
    try {
      await db.transaction().execute(async (trx) => {
        await insertLinkedAccount(trx, row)
        await recordUserEvent(trx, app.id, 'user.linked_account', userId, { account: wireAccount(row) })
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      throw new ApiError('linked_to_another_user', 'This account has already been linked to another user.')
    }
  }
  return (await loadWireUser(db, userId))!
}

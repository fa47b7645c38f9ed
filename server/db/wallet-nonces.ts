import { prepare } from './prepared.js'
import type { Db, WalletNoncesTable } from './schema.js'

const insert = prepare<WalletNoncesTable>((db, p) =>
  db.insertInto('wallet_nonces').values({
    nonce: p('nonce'),
    app_id: p('app_id'),
    chain_type: p('chain_type'),
    address: p('address'),
    created_at: p('created_at'),
    expires_at: p('expires_at'),
  }),
)

export async function insertWalletNonce(db: Db, row: WalletNoncesTable): Promise<void> {
  await insert(db, row)
}

const take = prepare<{ nonce: string; app_id: string }, WalletNoncesTable>((db, p) =>
  db
    .deleteFrom('wallet_nonces')
    .where('nonce', '=', p('nonce'))
    .where('app_id', '=', p('app_id'))
    .returning(['nonce', 'app_id', 'chain_type', 'address', 'created_at', 'expires_at']),
)

/**
 * Deletes the nonce and returns it (expired or not: the caller checks). One statement, so two
 * concurrent requests presenting the same signed message cannot both get it: single use.
 */
export async function takeWalletNonce(db: Db, appId: string, nonce: string): Promise<WalletNoncesTable | undefined> {
  return (await take(db, { nonce, app_id: appId })).rows[0]
}

export async function deleteExpiredWalletNonces(db: Db, now: number): Promise<void> {
  await db.deleteFrom('wallet_nonces').where('expires_at', '<', now).execute()
}

import type { Db, WalletSecretsTable } from './schema.js'

export function findWalletSecret(db: Db, appId: string, entropyId: string): Promise<WalletSecretsTable | undefined> {
  return db.selectFrom('wallet_secrets').selectAll().where('app_id', '=', appId).where('entropy_id', '=', entropyId).executeTakeFirst()
}

export function listWalletSecrets(db: Db, userId: string): Promise<WalletSecretsTable[]> {
  return db.selectFrom('wallet_secrets').selectAll().where('user_id', '=', userId).orderBy('created_at').execute()
}

export async function insertWalletSecret(db: Db, row: WalletSecretsTable): Promise<void> {
  await db.insertInto('wallet_secrets').values(row).execute()
}

export async function updateWalletSecretShares(
  db: Db,
  appId: string,
  entropyId: string,
  patch: Pick<WalletSecretsTable, 'share_set' | 'auth_share' | 'recovery_method' | 'recovery_share' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('wallet_secrets').set(patch).where('app_id', '=', appId).where('entropy_id', '=', entropyId).execute()
}

/**
 * One migration list for SQLite and PostgreSQL, fed to Kysely's Migrator through a static
 * provider (no directory scanning, so it works the same under tsx, vitest and bundlers).
 * Only portable column types are used: text, integer, bigint.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import { getAddress, isAddress } from 'viem'
import { analyticsMigrations } from './analytics.js'
import { consoleOwnerMigrations } from './console-owners.js'
import { delegationMigrations } from './delegations.js'
import { crossAppMigrations } from './cross-app.js'
import { deviceMigrations } from './devices.js'
import { sponsorshipMigrations } from './gas-sponsorships.js'
import { paymasterSpendMigrations } from './paymaster-spend.js'
import { mfaMigrations } from './mfa.js'
import { ownerMigrations } from './owner.js'
import { ownerUsersMigrations } from './owner-users.js'
import { ownerAccessMigrations } from './owner-access.js'
import { serverWalletMigrations } from './server-wallets.js'
import { takeoverMigrations } from './takeover.js'
import { webhookMigrations } from './webhooks.js'

const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('apps')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('has_accepted_terms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.createIndex('users_app_id').on('users').column('app_id').execute()

      await db.schema
        .createTable('linked_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('verified_at', 'bigint', (c) => c.notNull())
        .addColumn('first_verified_at', 'bigint', (c) => c.notNull())
        .addColumn('latest_verified_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('linked_accounts_lookup').on('linked_accounts').columns(['app_id', 'type', 'address']).unique().execute()
      await db.schema.createIndex('linked_accounts_user').on('linked_accounts').column('user_id').execute()

      await db.schema
        .createTable('login_codes')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_codes_pk', ['app_id', 'email'])
        .execute()

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('rotated_at', 'bigint')
        .execute()
      await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute()

      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('alg', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('retired_at', 'bigint')
        .execute()

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute()
      // No indexes on expiry columns: the sweep every 10 minutes can scan, while an index
      // would cost on every one of the many writes a login makes.
    },
  },
}

// Later features add their migrations here, each with a name sorting after the ones before it.
migrations['0002_linked_account_details'] = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('linked_accounts').addColumn('details', 'text').execute()
  },
}

// Wallet-signature login (SIWE/SIWS): single-use nonces, bound to the address they were issued for.
migrations['0005_wallet_nonces'] = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('wallet_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('chain_type', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
  },
}

// Account transfer nonces. A link that finds the account on another user stores one;
// the transfer call spends it. Only its SHA-256 is kept, like refresh tokens.
migrations['0004_account_transfers'] = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('account_transfers')
      .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
  },
}

migrations['0003_embedded_wallets'] = {
  async up(db: Kysely<any>) {
    // One row per secret a user's embedded wallets derive from (the HD entropy, or an imported
    // key): the server's two shares, each sealed under its own server key. The third share
    // never reaches the server.
    await db.schema
      .createTable('wallet_secrets')
      .addColumn('entropy_id', 'text', (c) => c.notNull())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('entropy_id_verifier', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('share_set', 'text', (c) => c.notNull())
      .addColumn('auth_share', 'text', (c) => c.notNull())
      .addColumn('recovery_method', 'text', (c) => c.notNull())
      .addColumn('recovery_share', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('wallet_secrets_pk', ['app_id', 'entropy_id'])
      .execute()
    await db.schema.createIndex('wallet_secrets_user').on('wallet_secrets').column('user_id').execute()
  },
}

// OAuth: one row per started OAuth flow, keyed by the SHA-256 of the client's state
// code; the IdP callback and authenticate read it (authenticate spends it). 10 minutes.
migrations['0006_oauth_states'] = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('oauth_states')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('redirect_to', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
  },
}

// Passkeys: single-use WebAuthn challenges, bound to the app, the purpose, the page
// origin the options were issued for, and (for link) the signed-in user.
migrations['0007_passkey_challenges'] = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('passkey_challenges')
      .addColumn('challenge', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('webauthn_user_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
  },
}

// Farcaster: relay channels of Sign In With Farcaster, in the database so every
// instance answers the status poll of a channel another instance opened.
migrations['0008_farcaster_channels'] = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('farcaster_channels')
      .addColumn('channel_hash', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('siwe_uri', 'text', (c) => c.notNull())
      .addColumn('connect_uri', 'text', (c) => c.notNull())
      .addColumn('relay_url', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('message', 'text')
      .addColumn('signature', 'text')
      .addColumn('fid', 'text')
      .addColumn('profile', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
  },
}

// OAuth (Apple): the name Apple posts once at the callback waits with the flow for authenticate.
migrations['0012_oauth_provider_user'] = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('oauth_states').addColumn('provider_user', 'text').execute()
  },
}

// Device binding: a session remembers the wallet frame key of its login ceremony; a wallet
// remembers the devices that hold one of its device shares; proof ids are spent once.
migrations['0020_device_binding'] = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sessions').addColumn('device_jkt', 'text').execute()
    await db.schema.alterTable('sessions').addColumn('authenticated_at', 'bigint').execute()
    await db.schema
      .createTable('wallet_devices')
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('jkt', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('wallet_devices_pk', ['app_id', 'user_id', 'jkt'])
      .execute()
    await db.schema
      .createTable('device_proofs')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
  },
}

// Embedded Ethereum wallets were stored lower-case while SIWE stores and looks up EIP-55: one key
// could then hold two rows, one embedded and one "external". Every Ethereum wallet row now holds the
// checksummed form. An external row that duplicates an embedded one could only come from that gap:
// it goes, the embedded wallet stays.
migrations['0013_checksummed_ethereum_wallets'] = {
  async up(db: Kysely<any>) {
    const rows: { id: string; app_id: string; address: string; details: string | null }[] = await db
      .selectFrom('linked_accounts')
      .select(['id', 'app_id', 'address', 'details'])
      .where('type', '=', 'wallet')
      .where('address', 'like', '0x%')
      .execute()
    const embedded = (row: { details: string | null }) => {
      try {
        return (JSON.parse(row.details ?? '{}') as { wallet_client_type?: string }).wallet_client_type === 'privy'
      } catch {
        return false
      }
    }
    const groups = new Map<string, { address: string; rows: typeof rows }>()
    for (const row of rows) {
      if (!isAddress(row.address, { strict: false })) continue
      const address = getAddress(row.address)
      const group = groups.get(`${row.app_id} ${address}`) ?? { address, rows: [] }
      group.rows.push(row)
      groups.set(`${row.app_id} ${address}`, group)
    }
    for (const { address, rows: group } of groups.values()) {
      // Two rows for one key are an embedded wallet and its "external" double: the embedded one stays.
      const keep = group.find(embedded) ?? group[0]
      for (const row of group) if (row !== keep) await db.deleteFrom('linked_accounts').where('id', '=', row.id).execute()
      if (keep.address !== address) await db.updateTable('linked_accounts').set({ address }).where('id', '=', keep.id).execute()
    }
  },
}

// Gas sponsorship: every top-up the app's sponsor account sent, for the per-user daily budget.
migrations['0021_gas_sponsorships'] = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('gas_sponsorships')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('chain_id', 'bigint', (c) => c.notNull())
      .addColumn('wei', 'text', (c) => c.notNull())
      .addColumn('top_up_hash', 'text')
      .addColumn('tx_hash', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('gas_sponsorships_user').on('gas_sponsorships').columns(['app_id', 'user_id', 'chain_id', 'created_at']).execute()
  },
}
// Login codes go to phone numbers and second factors too, not only e-mail addresses: the column says so.
// A rename keeps the rows (and with them every live code: the hash binds the same identifier string).
migrations['0026_login_code_identifier'] = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('login_codes').renameColumn('email', 'identifier').execute()
  },
}
Object.assign(migrations, mfaMigrations)
Object.assign(migrations, takeoverMigrations)
Object.assign(migrations, deviceMigrations)
Object.assign(migrations, sponsorshipMigrations)
Object.assign(migrations, ownerMigrations)
Object.assign(migrations, ownerUsersMigrations)
Object.assign(migrations, analyticsMigrations)
Object.assign(migrations, ownerAccessMigrations)
Object.assign(migrations, webhookMigrations)
Object.assign(migrations, consoleOwnerMigrations)
Object.assign(migrations, serverWalletMigrations)
Object.assign(migrations, delegationMigrations)
Object.assign(migrations, crossAppMigrations)
Object.assign(migrations, paymasterSpendMigrations)

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Applies the migrations up to and including `name` only (a migration's test starts from the schema before it). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateTo(name)
  if (error) throw error
}

/**
 * Brings the schema up to date. Retried because several instances (or parallel test files)
 * starting on one empty PostgreSQL database can race on creating Kysely's own lock tables.
 */
export async function migrate(db: Kysely<any>): Promise<void> {
  // Features developed side by side may land migrations out of name order; apply whichever is missing.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true })
  let lastError: unknown
  for (let attempt = 0; attempt < 5; attempt++) {
    const { error } = await migrator.migrateToLatest()
    if (!error) return
    lastError = error
    await new Promise((r) => setTimeout(r, 100 * (attempt + 1)))
  }
  throw lastError
}

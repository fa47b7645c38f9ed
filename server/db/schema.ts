/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL: timestamps are integer
 * milliseconds since the epoch (bigint columns, read back as numbers), booleans are 0/1
 * integers, JSON is stored as text.
 */
import type { Kysely } from 'kysely'
import type { DelegatedWalletsTable } from './delegations.js'
import type { AuditLogTable, WebhookEventsTable, WebhookOutboxTable } from './owner.js'
import type { AppSecretsTable, OperatorRolesTable } from './owner-access.js'
import type { ServerOwnersTable } from './console-owners.js'
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from './webhooks.js'
import type { AuthorizationKeysTable, AuthorizationReplaysTable, ServerWalletNoncesTable, WalletPoliciesTable, WalletUsageTable } from './server-wallets.js'

export interface AppsTable {
  id: string
  name: string
  /** JSON: overrides of the public configuration (merged over the defaults on read). */
  config: string
  /** JSON: server-only settings (allowedOrigins, allowlist, userLimit). */
  settings: string
  created_at: number
  updated_at: number
}

export interface UsersTable {
  id: string
  app_id: string
  created_at: number
  has_accepted_terms: number
  is_guest: number
  /** JSON: the custom metadata the app's backend set (owner API, 0029_owner_users); null when none. */
  custom_metadata?: string | null
}

export interface LinkedAccountsTable {
  id: string
  user_id: string
  app_id: string
  type: string
  /** Normalised address (e-mail lower-case, Ethereum wallets EIP-55 checksummed); unique per app and type. */
  address: string
  verified_at: number
  first_verified_at: number
  latest_verified_at: number
  /**
   * Type-specific fields as JSON (OAuth subject and profile, wallet chain and client, passkey
   * credential…), spread into the wire account. null for e-mail.
   */
  details: string | null
  /**
   * When the account became a way into this user (linked, transferred in, or its address changed);
   * a method bound after the wallet was created is held back from recovering it for a while
   * (services/recovery-hold.ts). Set from first_verified_at on insert.
   */
  bound_at?: number | null
}

export interface LoginCodesTable {
  app_id: string
  /** Who the code is for: an e-mail, `phone:<E.164>`, or an SMS second factor's key (services/login-codes.ts codeIdentifier). */
  identifier: string
  code_hash: string
  attempts: number
  created_at: number
  expires_at: number
}

export interface SessionsTable {
  id: string
  user_id: string
  app_id: string
  created_at: number
  revoked_at: number | null
  /**
   * RFC 7638 thumbprint of the wallet frame's device key that took part in the login ceremony
   * (its DPoP proof came with the login request); null for a session logged in without the frame.
   * Refresh and every key-material call of a bound session need a fresh proof by that key.
   */
  device_jkt: string | null
  /** When the login ceremony of this session took place (refresh keeps it): export needs it recent. */
  authenticated_at: number | null
  /** When the session last passed an MFA verification (the MFA proof; server/services/mfa.ts). */
  mfa_verified_at?: number | null
  /** The linked account whose ceremony started this session (services/recovery-hold.ts); null for older sessions. */
  login_account_id?: string | null
  /** The login request's User-Agent (0028; null for older sessions). */
  user_agent?: string | null
  /** The login request's client address as the throttles see it (request.ip, behind TRUST_PROXY) (0028). */
  ip?: string | null
}

/** An SMS or TOTP second factor (server/db/mfa.ts). */
export interface MfaFactorsTable {
  user_id: string
  type: 'sms' | 'totp'
  app_id: string
  /** TOTP: the base32 key sealed under the server secret; SMS: the E.164 number. */
  secret: string
  /** 0 while a TOTP enrollment waits for its first code. */
  active: number
  /** TOTP: the last time step whose code was accepted (each code is usable once). */
  last_step: number | null
  created_at: number
}

/** A device (wallet frame key) that holds a device share of one secret: created, imported or recovered it there (0024). */
export interface WalletDevicesTable {
  app_id: string
  /** The secret (wallet_secrets.entropy_id) the device holds a share of. */
  entropy_id: string
  user_id: string
  jkt: string
  created_at: number
}

/** Seen DPoP proof ids, kept until their proof would be too old anyway: each proof is used once. */
export interface DeviceProofsTable {
  jti: string
  expires_at: number
}

export interface RefreshTokensTable {
  token_hash: string
  session_id: string
  created_at: number
  expires_at: number
  /** Set when the token was exchanged; presenting it again means it leaked. */
  rotated_at: number | null
}

export interface SigningKeysTable {
  kid: string
  alg: string
  public_jwk: string
  /** Private JWK, AES-256-GCM encrypted under the server secret when one is set. */
  private_jwk: string
  created_at: number
  retired_at: number | null
}

export interface RateLimitsTable {
  key: string
  window_start: number
  count: number
}

/** A SIWE/SIWS nonce: issued by `siwe/init` or `siws/init`, spent by authenticate or link. */
/** A pending WebAuthn challenge (passkeys); single use, taken by the verifying call. */
export interface PasskeyChallengesTable {
  challenge: string
  app_id: string
  purpose: 'register' | 'authenticate' | 'link' | 'mfa'
  /** The page origin the options were issued for: the expected WebAuthn origin (rp id = its host). */
  origin: string
  /** The signed-in user (link only). */
  user_id: string | null
  /** The WebAuthn user handle put in creation options (register and link). */
  webauthn_user_id: string | null
  created_at: number
  expires_at: number
}

/**
 * Farcaster: a Sign In With Farcaster relay channel (migration 0008). Keyed by the
 * SHA-256 of the channel token; single use (authenticate/link delete it).
 */
export interface FarcasterChannelsTable {
  channel_hash: string
  /** '' for a channel opened on our public relay route (no app; some other server verifies it). */
  app_id: string
  /** The SIWE nonce the Farcaster client must sign. */
  nonce: string
  /** Host of the page that opened the channel: the message's `domain`. */
  domain: string
  /** The page origin: the message's `uri`. */
  siwe_uri: string
  /** What the QR code carries (ours, or the upstream relay's `url`). */
  connect_uri: string
  /** Upstream relay the channel lives on (FARCASTER_RELAY_URL), or null when it is ours. */
  relay_url: string | null
  state: 'pending' | 'completed'
  /** Set by the relay's authenticate call (the Farcaster client). */
  message: string | null
  signature: string | null
  fid: string | null
  /** JSON: username, displayName, bio, pfpUrl, verifications, custody (as the client sent them). */
  profile: string | null
  created_at: number
  expires_at: number
}

export interface WalletNoncesTable {
  nonce: string
  app_id: string
  chain_type: 'ethereum' | 'solana'
  /** Normalised address the nonce was issued for (checksummed for Ethereum, base58 for Solana). */
  address: string
  created_at: number
  expires_at: number
}

/** A pending account transfer: `user_id` may take the account `type`/`address`. */
/** OAuth: a started OAuth flow (see migration 0006_oauth_states). */
/** A cross-app authorization code (0038; db/cross-app.ts): only its hash is kept. */
export interface CrossAppCodesTable {
  code_hash: string
  provider_app_id: string
  user_id: string
  requester_app_id: string
  code_challenge: string
  created_at: number
  expires_at: number
}

export interface OAuthStatesTable {
  state_hash: string
  app_id: string
  provider: string
  redirect_to: string
  code_challenge: string
  created_at: number
  expires_at: number
  /** JSON the provider posted about the user at the callback (Apple's `user`: the name, first consent only). */
  provider_user?: string | null
}

export interface AccountTransfersTable {
  nonce_hash: string
  app_id: string
  user_id: string
  type: string
  address: string
  created_at: number
  expires_at: number
}

export interface WalletSecretsTable {
  /** The address that proves a rebuilt secret (the first wallet derived from it, or the imported key's). */
  entropy_id: string
  app_id: string
  user_id: string
  /** 'ethereum-address-verifier' | 'solana-address-verifier': which chain entropy_id is on. */
  entropy_id_verifier: string
  /** 'hd' (BIP-39 entropy) or 'private-key' (imported). */
  kind: string
  /** Random id of one split; shares of different splits must never be combined. */
  share_set: string
  /** Auth share, AES-256-GCM sealed under the auth-share key. */
  auth_share: string
  /** 'privy' (automatic) or 'user-passcode'. */
  recovery_method: string
  /** Recovery share (automatic) or its password envelope (user-passcode), sealed under the recovery key. */
  recovery_share: string
  created_at: number
  updated_at: number
}

/** A gas top-up sent by an app's sponsor account (migration 0021_gas_sponsorships); `wei` is a decimal string. */
export interface GasSponsorshipsTable {
  id: string
  app_id: string
  user_id: string
  chain_id: number
  wei: string
  top_up_hash: string | null
  tx_hash: string | null
  created_at: number
  /** The per-IP budget's key (services/throttle.ts ipThrottleKey); null on rows before 0025_sponsorship_limits. */
  ip?: string | null
}

/** A user operation the app's paymaster signed for (0042_paymaster_spend; db/paymaster-spend.ts); wei as decimal strings. */
export interface PaymasterSpendTable {
  id: string
  app_id: string
  user_id: string
  chain_id: number
  sender: string
  user_op_hash: string
  /** All gas limits × maxFeePerGas: what the operation may cost at most. */
  max_wei: string
  /** What the EntryPoint charged the paymaster (the receipt's actualGasCost); '0' when it expired unused; null until known. */
  actual_wei: string | null
  tx_hash: string | null
  /** When the paymaster signature lapses, ms. */
  valid_until: number
  created_at: number
}

/** A lock every instance sees (0025_sponsorship_limits): a sponsored send per wallet, a top-up per sponsor account. */
export interface SponsorshipLocksTable {
  key: string
  holder: string
  expires_at: number
}

/** An exchange on-ramp session's partner user id, bound to the user who started it (0025_sponsorship_limits). */
export interface OnrampSessionsTable {
  partner_user_id: string
  app_id: string
  user_id: string
  created_at: number
}

/** The owner's analytics (db/analytics.ts, migration 0031_owner_analytics). */
export interface LoginEventsTable {
  id: string
  app_id: string
  user_id: string
  /** The linked account type the ceremony proved: 'email', 'phone', 'wallet', 'google_oauth', 'passkey', 'guest'… */
  method: string
  /** 1 when this login created the user (a sign-up). */
  new_user: number
  created_at: number
}

export interface ActiveUsersTable {
  app_id: string
  day: number
  user_id: string
}

export interface AnalyticsCountsTable {
  app_id: string
  day: number
  /** 'code_sent:email', 'code_sent:sms', 'widget:<event_name>' */
  name: string
  count: number
}

export interface Database {
  apps: AppsTable
  users: UsersTable
  linked_accounts: LinkedAccountsTable
  login_codes: LoginCodesTable
  sessions: SessionsTable
  refresh_tokens: RefreshTokensTable
  signing_keys: SigningKeysTable
  rate_limits: RateLimitsTable
  wallet_nonces: WalletNoncesTable
  account_transfers: AccountTransfersTable
  wallet_secrets: WalletSecretsTable
  oauth_states: OAuthStatesTable
  passkey_challenges: PasskeyChallengesTable
  farcaster_channels: FarcasterChannelsTable
  wallet_devices: WalletDevicesTable
  device_proofs: DeviceProofsTable
  gas_sponsorships: GasSponsorshipsTable
  paymaster_spend: PaymasterSpendTable
  sponsorship_locks: SponsorshipLocksTable
  onramp_sessions: OnrampSessionsTable
  mfa_factors: MfaFactorsTable
  audit_log: AuditLogTable
  webhook_events: WebhookEventsTable
  webhook_outbox: WebhookOutboxTable
  login_events: LoginEventsTable
  active_users: ActiveUsersTable
  analytics_counts: AnalyticsCountsTable
  app_secrets: AppSecretsTable
  operator_roles: OperatorRolesTable
  server_owners: ServerOwnersTable
  webhook_endpoints: WebhookEndpointsTable
  cross_app_codes: CrossAppCodesTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
  authorization_keys: AuthorizationKeysTable
  wallet_policies: WalletPoliciesTable
  wallet_usage: WalletUsageTable
  authorization_replays: AuthorizationReplaysTable
  server_wallet_nonces: ServerWalletNoncesTable
  delegated_wallets: DelegatedWalletsTable
}

export type Db = Kysely<Database>

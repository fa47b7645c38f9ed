/**
 * The postMessage protocol between the host page's bundle (src/wallets/embedded/proxy.ts) and the
 * wallet frame. Every request carries an id; the frame answers each with one reply of that id.
 * Types only (plus the tag), so the host bundle imports nothing of the frame's crypto.
 */
export const PROTOCOL_TAG = 'gatehouse-wallet'

export type RecoveryMethod = 'privy' | 'user-passcode' | CloudRecoveryMethod
/** The recovery share kept (encrypted) in the user's cloud storage (frame/src/cloud.ts). */
export type CloudRecoveryMethod = 'google-drive' | 'icloud'

/**
 * The user's grant from the recovery OAuth popup (spec part 2 §7: authorization_code, state_code,
 * code_verifier, provider). The frame redeems it itself (`/recovery/oauth/authenticate`), so the
 * cloud access token never reaches the host page.
 */
export interface CloudGrant {
  provider: CloudRecoveryMethod
  authorizationCode: string
  stateCode: string
  codeVerifier: string
}
export type ChainType = 'ethereum' | 'solana'

/**
 * Spec part 2 §8: wallet proxy error types, plus two of device binding: the session was not logged
 * in on this device (`session_not_on_device`: log in again here), and export needs a recent login
 * (`reauthentication_required`).
 */
export type ProxyErrorType =
  | 'error'
  | 'invalid_request_arguments'
  | 'wallet_not_on_device'
  | 'invalid_recovery_pin'
  /** Spec part 2 §8: the wallet cannot pay for what it was asked to do (the server's `insufficient_funds`). */
  | 'insufficient_funds'
  | 'session_not_on_device'
  | 'reauthentication_required'
  | 'missing_or_invalid_mfa'
  | 'mfa_verification_max_attempts_reached'
  | 'mfa_timeout'
  /** Spec part 2 §8: the SMS provider could not send or check a code (the server's API code `sms_verification_failed`). */
  | 'twilio_verification_failed'
  /** A wrong MFA code (non-blocking: 'The code you entered is not valid'). */
  | 'invalid_mfa_code'
  /** The session's login method was added too recently to recover with; the message says until when. */
  | 'recovery_on_hold'
  /** SMS to a country the server does not serve (GATEHOUSE_SMS_COUNTRIES). */
  | 'not_supported'

export type MfaMethod = 'sms' | 'totp' | 'passkey'

/** What verifies: a 6-digit code (sms, totp) or a passkey assertion (PublicKeyCredential JSON). */
export interface MfaVerifyPayload {
  accessToken: string
  method: MfaMethod
  code?: string
  authenticatorResponse?: unknown
}

export interface WalletRef {
  entropyId: string
  chainType: ChainType
  walletIndex: number
  imported: boolean
  address: string
}

export interface FrameRequests {
  ready: { payload: Record<string, never>; result: { ok: true } }
  'wallet:create': { payload: CreatePayload; result: CreatedResult }
  'solana-wallet:create': { payload: CreatePayload; result: CreatedResult }
  'wallets:add': { payload: CreatePayload; result: CreatedResult }
  'wallets:import': { payload: { accessToken: string; chainType: ChainType; privateKey: string }; result: CreatedResult }
  'wallets:connect': { payload: { accessToken: string; entropyId: string }; result: { entropyId: string } }
  'wallets:recover': { payload: { accessToken: string; entropyId: string; recoveryPassword?: string; cloud?: CloudGrant }; result: { entropyId: string } }
  'wallets:set-recovery': {
    payload: { accessToken: string; entropyId: string; recoveryMethod: RecoveryMethod; recoveryPassword?: string; cloud?: CloudGrant }
    result: { user: unknown }
  }
  'wallets:rpc': { payload: { accessToken: string; wallet: WalletRef; request: RpcRequest }; result: { signature: string } }
  /** Logout: wipes the unlocked keys with their MFA window (the spec's 'clear' / clearMfa) and the Farcaster signer key. */
  'wallets:clear': { payload: Record<string, never>; result: { ok: true } }
  /**
   * Spec part 2 §7 frame message 'delegated-actions consent' (`createDelegatedAction`): sent only
   * after the user accepted 'Enable offline access'. The root wallet names the secret (its entropy
   * id); the delegated wallets are wallets of it (Ethereum or Solana).
   */
  'wallets:delegate': {
    payload: { accessToken: string; rootWallet: WalletRef; delegatedWallets: { address: string; chainType: ChainType }[] }
    result: { user: unknown }
  }
  /**
   * A DPoP proof by this device's key for one request of the host: without `ath`, a login or
   * refresh (POST to a session-issuing route), binding the session it yields to this device; with
   * `ath` (base64url SHA-256 of the access token sent), any other state-changing API call except
   * the frame's own (contract/src/device-binding.ts).
   */
  'device:proof': { payload: { htm: string; htu: string; ath?: string }; result: { proof: string } }
  /** Spec part 2 §7 frame messages 'mfa verify', 'init-enrollment', 'submit-enrollment', 'unenroll', 'clear'. */
  'mfa:verify': { payload: MfaVerifyPayload; result: { mfaVerifiedUntil: number } }
  'mfa:init-enrollment': {
    payload: { accessToken: string; method: 'totp' } | { accessToken: string; method: 'sms'; phoneNumber: string }
    result: { secret?: string; authUrl?: string }
  }
  'mfa:submit-enrollment': {
    payload: { accessToken: string; method: MfaMethod; code?: string; phoneNumber?: string; credentialIds?: string[]; removeForLogin?: boolean }
    result: { user: unknown }
  }
  'mfa:unenroll': { payload: { accessToken: string; method: 'sms' | 'totp' }; result: { user: unknown } }
  /**
   * Spec part 3 'Farcaster signer': this device's ed25519 signer key for the user (made on first
   * use; it never leaves the frame) is registered with the server, which answers the signed-key
   * request's status and approval URL. Public key and signatures are 0x-hex.
   */
  'farcaster:init-signer': { payload: { accessToken: string }; result: FarcasterSignerAnswer }
  'farcaster:public-key': { payload: { accessToken: string }; result: { publicKey: string | null } }
  /** Signs a Farcaster message hash (20 bytes) with the approved signer key. */
  'farcaster:sign': { payload: { accessToken: string; hash: string }; result: { signature: string } }
  /** Export page only: show the key of this wallet. */
  'export:show': { payload: { accessToken: string; wallet: WalletRef; walletId?: string }; result: { ok: true } }
}

/** The server's answer of `farcaster/signer/{init,status}` (spec part 3 §3). */
export interface FarcasterSignerAnswer {
  public_key: string
  status: 'pending_approval' | 'approved' | 'revoked'
  signer_approval_url?: string
  fid?: number
}

export interface CreatePayload {
  accessToken: string
  chainType: ChainType
  walletIndex: number
  /** The secret to derive from; absent for a user without one (a new secret is made). */
  entropyId?: string
  recoveryMethod: RecoveryMethod
  recoveryPassword?: string
  /** For a cloud recovery method: the user's grant to their cloud storage. */
  cloud?: CloudGrant
}

export interface CreatedResult {
  /** The wire user (snake_case) after the wallet was added. */
  user: unknown
  address: string
}

export type RpcRequest =
  | { method: 'personal_sign'; params: [message: string, address: string] }
  | { method: 'eth_signTypedData_v4'; params: [address: string, typedData: string | object] }
  | { method: 'signMessage'; params: { message: string; encoding: 'base64' } }
  /** A Solana transaction message (serialized, base64); the wallet must be a required signer. Answers the ed25519 signature (base64). */
  | { method: 'signTransaction'; params: { message: string; encoding: 'base64' } }
  /** A transaction the host prepared in full (nonce, gas, fees, chain id); answers the signed serialized transaction. */
  | { method: 'eth_signTransaction'; params: [transaction: TransactionToSign] }

/**
 * What the frame signs: everything filled in by the host from the chain's RPC, so the frame needs
 * no network. Quantities are hex strings (JSON-RPC form) so the message stays plain data.
 */
export interface TransactionToSign {
  from?: string
  to?: string | null
  data?: string
  value?: string
  chainId: number
  nonce: number
  gas: string
  type: 'legacy' | 'eip1559'
  gasPrice?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
}

export type FrameRequestType = keyof FrameRequests

export interface FrameRequest<T extends FrameRequestType = FrameRequestType> {
  tag: typeof PROTOCOL_TAG
  id: string
  type: T
  payload: FrameRequests[T]['payload']
}

export type FrameReply<T extends FrameRequestType = FrameRequestType> =
  | { tag: typeof PROTOCOL_TAG; id: string; ok: true; result: FrameRequests[T]['result'] }
  | { tag: typeof PROTOCOL_TAG; id: string; ok: false; error: ProxyErrorReply }

/**
 * A refusal; `retryAfter` (seconds) when the server said how long to wait (a spent MFA budget);
 * `reason` the server's `data.reason` when it gave one (e.g. 'totp_code_reused').
 */
export interface ProxyErrorReply {
  type: ProxyErrorType
  message: string
  retryAfter?: number
  reason?: string
}

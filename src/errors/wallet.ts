import { BaseError } from './base.ts'

/** Spec part 2 §8 / part 3 §8 texts; codes are the spec's where it names one. */
export const WALLET_MESSAGES = {
  mustBeAuthenticated: 'User must be authenticated before creating a Privy wallet',
  alreadyHasWallet: 'User already has an embedded wallet.',
  proxyFailed: 'Failed to connect to wallet proxy',
  userOwnedRecoveryUnsupported: 'User owned recovery not yet supported for this app.',
  useCreateAdditional: 'Invalid input, use createAdditional instead of walletIndex...',
  importOnDeviceOnly: 'Importing wallets is only supported for on-device execution...',
  failedToCreate: 'Failed to create wallet',
  notFound: 'Embedded wallet not found',
  noWalletForAddress: 'No wallet found for address',
  mustBeAuthenticatedToSign: 'User must be authenticated before signing with a Privy wallet',
  mustBeAuthenticatedToExport: 'User must be authenticated before exporting their wallet',
  mustBeAuthenticatedToConnect: 'User must be authenticated and have a Privy wallet before it can be connected',
  unableToRecover: 'Unable to recover wallet',
  unableToConnect: 'Unable to connect to wallet',
  userExitedConnect: 'User exited before wallet could be connected',
  failedToSign: 'Failed to sign message',
  proxyInitFailed: 'Failed to initialize embedded wallet proxy.',
  invalidRecoveryPassword: 'Invalid recovery password, please try again.',
  genericRetry: 'An error has occurred, please try again.',
  emptySolanaMessage: 'Message must be a non-empty string',
  negativeIndex: 'A negative walletIndex is invalid',
  additionalNeedsPrimary: 'An additional wallet requires an existing primary wallet',
  exitedBeforePassword: 'Exited before password was added to wallet',
  unableToSetRecovery: 'Unable to set recovery on wallet',
  setPasswordFailed: 'Error setting password on privy wallet',
  /** Delegated actions (spec part 2 §8, part 3 §8). */
  delegationDeclined: 'User declined delegating actions.',
  revokeDeclined: 'User declined revoking access to their delegated wallet.',
  delegateAddressNotFound: 'Address to delegate is not associated with current user.',
  /** Not a spec text: delegation is only for these chains (spec part 3 §5). */
  delegationChainUnsupported: 'Delegation is supported only for Ethereum and Solana wallets.',
  /** Not a spec text: revoking requires existing delegations (spec part 3 §5). */
  noDelegatedWallets: 'The user has no delegated wallets to revoke.',
  /** Spec part 3 §5: Farcaster signers need an embedded wallet and a Farcaster account (texts from that rule). */
  farcasterSignerNeedsWallet: 'Farcaster signers need an embedded wallet.',
  farcasterSignerNeedsAccount: 'Farcaster signers need a Farcaster account.',
  farcasterSignerExited: 'User exited before the Farcaster signer was added',
  farcasterSignerMissing: 'No Farcaster signer on this device: add a signer to Farcaster first',
  /** Not a spec text: the session was logged in without this device's wallet frame (device binding). */
  loginAgainOnDevice: 'Log in again on this device to use your wallet.',
} as const

/** Any embedded-wallet failure. `code` is a spec code or a wallet proxy error type. */
export class EmbeddedWalletError extends BaseError {
  override name = 'EmbeddedWalletError'
  constructor(message: string, options: { code?: string; details?: string; cause?: unknown } = {}) {
    super(message, { code: options.code ?? 'UNKNOWN_EMBEDDED_WALLET_ERROR', details: options.details, cause: options.cause })
  }
}

/** The wallet frame answered with an error (spec part 2 §8 proxy error types). */
export class WalletProxyError extends BaseError {
  override name = 'WalletProxyError'
  readonly type: string
  /** Seconds until the server takes the call again, when it said (a spent MFA budget). */
  readonly retryAfter?: number
  /** The server's `data.reason` for the refusal, when it gave one ('totp_code_reused'). */
  readonly reason?: string
  constructor({ type, message, retryAfter, reason }: { type: string; message: string; retryAfter?: number; reason?: string }) {
    super(message, { code: type })
    this.type = type
    if (typeof retryAfter === 'number') this.retryAfter = retryAfter
    if (typeof reason === 'string') this.reason = reason
  }
}

/** EIP-1193 provider error (code 4001 user rejected, 4100 unauthorized, 4200 unsupported method…). */
/**
 * EIP-1193 provider error. Deliberately not a BaseError: the standard (and viem/wagmi, which
 * check `code === 4001`) needs a numeric `code`, where BaseError's codes are strings.
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  /** EIP-1193 / EIP-1474 code: 4001 user rejected, 4100 unauthorized, 4200 unsupported method… */
  readonly code: number
  /** Same as `code`, kept for callers that read it under this name. */
  readonly rpcCode: number
  readonly shortMessage: string
  constructor(code: number, message: string, cause?: unknown) {
    super(message, { cause })
    this.code = code
    this.rpcCode = code
    this.shortMessage = message
  }
}

/** The wallet did not answer within the request timeout (spec §9: 120 s). */
export class WalletTimeoutError extends BaseError {
  override name = 'WalletTimeoutError'
  constructor() {
    super('Wallet timeout', { code: 'WALLET_TIMEOUT' })
  }
}

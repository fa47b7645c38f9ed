/**
 * The seam between the server-side wallet API (routes/wallets, policies, authorization keys) and
 * whatever holds the power to sign for a delegated wallet (the signing service). The API decides
 * *whether* a request may be signed (authorization signature, policy, audit); the signer only
 * *signs*, and only for wallets whose owner enabled offline access. No key material crosses this
 * interface: requests in, signatures out.
 */
import type { Hex, TransactionSerializable, TypedDataDefinition } from 'viem'

export type DelegatedSignRequest =
  /** EIP-191 personal_sign over the raw message bytes. */
  | { chainType: 'ethereum'; method: 'personal_sign'; message: Hex }
  | { chainType: 'ethereum'; method: 'eth_signTypedData_v4'; typedData: TypedDataDefinition }
  /** Answers the signed, serialized transaction (RLP, 0x-hex). */
  | { chainType: 'ethereum'; method: 'eth_signTransaction'; transaction: TransactionSerializable }
  /** ed25519 over the given bytes (a message, or a transaction's serialized message). */
  | { chainType: 'solana'; method: 'sign_bytes'; bytes: Uint8Array }

export type DelegatedSignResult = { signature: Hex } | { signedTransaction: Hex }

export interface DelegatedWalletRef {
  appId: string
  /** The wallet's id as the API names it (`wallet_id`). */
  walletId: string
}

export interface DelegatedSigner {
  /** Whether the wallet's owner delegated it (and has not revoked). */
  isDelegated(ref: DelegatedWalletRef): Promise<boolean>
  /** Signs; rejects with ApiError('not_delegated') when the wallet is not (or no longer) delegated. */
  sign(ref: DelegatedWalletRef, request: DelegatedSignRequest): Promise<DelegatedSignResult>
}

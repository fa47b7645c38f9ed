/**
 * Sign-In With Solana: the same message layout as SIWE with a base58 address, signed with the
 * wallet's ed25519 key (verified with @noble/curves). message_type 'plain' (default): the
 * signature is over the message text. 'transaction': the wallet (a Ledger) signed a transaction
 * message carrying the text in a memo; `message` is then that transaction message, base64.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { parseSiwsMessage, readMemoTransaction, SOLANA_ADDRESS_PATTERN } from '@gatehouse/contract'
import { ApiError } from '../errors.js'
import type { App } from './app-config.js'
import type { AuthResponse } from './sessions.js'
import type { WireUser } from './users.js'
import type { AuthMode, VerifiedWallet, WalletAuthService } from './wallet-auth.js'

export type SiwsMessageType = 'plain' | 'transaction'

export interface SiwsSignedInput {
  message: string
  /** base64 ed25519 signature (64 bytes). */
  signature: string
  message_type?: SiwsMessageType
  walletClientType?: string | null
  connectorType?: string | null
}

/** A Solana address is the base58 of a 32-byte ed25519 public key. */
export function solanaPublicKey(address: string): Uint8Array | null {
  if (!SOLANA_ADDRESS_PATTERN.test(address)) return null
  try {
    const bytes = base58.decode(address)
    return bytes.length === 32 ? bytes : null
  } catch {
    return null
  }
}

const decodeBase64 = (value: string): Uint8Array | null => {
  try {
    return base64.decode(value)
  } catch {
    return null
  }
}

export class SiwsService {
  constructor(
    private readonly wallets: WalletAuthService,
    private readonly now: () => number,
  ) {}

  async init(app: App, address: string, ip: string, captchaToken?: string | null): Promise<{ nonce: string }> {
    await this.wallets.checkCaptcha(app, captchaToken, ip)
    if (!solanaPublicKey(address)) throw new ApiError('invalid_data', 'Invalid Solana address')
    return { nonce: await this.wallets.issueNonce(app, 'solana', address, ip) }
  }

  async authenticate(app: App, input: SiwsSignedInput & { mode?: AuthMode }, origin: string | undefined, ip: string): Promise<AuthResponse> {
    if (!app.config.loginMethods.wallet) throw new ApiError('disallowed_login_method', 'Login with wallet not allowed')
    return this.wallets.login(app, await this.verify(app, input, origin, ip), input.mode)
  }

  async link(app: App, userId: string, input: SiwsSignedInput, origin: string | undefined, ip: string): Promise<WireUser> {
    return this.wallets.link(app, userId, await this.verify(app, input, origin, ip))
  }

  private async verify(app: App, input: SiwsSignedInput, origin: string | undefined, ip: string): Promise<VerifiedWallet> {
    this.wallets.refuseEmbedded(input.walletClientType ?? undefined)
    const signature = decodeBase64(input.signature)
    if (!signature || signature.length !== 64) throw new ApiError('invalid_data', 'Invalid signature encoding')

    let signedBytes: Uint8Array
    let text: string
    let signer: string | null = null
    if ((input.message_type ?? 'plain') === 'transaction') {
      const bytes = decodeBase64(input.message)
      if (!bytes) throw new ApiError('invalid_data', 'The transaction message must be base64')
      try {
        const tx = readMemoTransaction(bytes)
        text = tx.memo
        signer = tx.feePayer
      } catch (error) {
        throw new ApiError('invalid_data', `Not a sign-in transaction: ${(error as Error).message}`)
      }
      signedBytes = bytes
    } else {
      text = input.message
      signedBytes = new TextEncoder().encode(input.message)
    }

    const fields = parseSiwsMessage(text)
    if (!fields) throw new ApiError('invalid_data', 'Not a Sign-In With Solana message')
    if (signer !== null && signer !== fields.address) throw new ApiError('invalid_data', 'The transaction is not paid by the signing address')
    const publicKey = solanaPublicKey(fields.address)
    if (!publicKey) throw new ApiError('invalid_data', 'Invalid Solana address')
    this.wallets.checkDomain(app, fields.domain, origin)
    const t = this.now()
    if ((fields.expirationTime && fields.expirationTime.getTime() <= t) || (fields.notBefore && fields.notBefore.getTime() > t)) {
      throw new ApiError('invalid_credentials', 'Invalid wallet signature: the message has expired or is not yet valid')
    }
    await this.wallets.spendNonce(app, 'solana', fields.nonce, fields.address, ip)

    let valid = false
    try {
      valid = ed25519.verify(signature, signedBytes, publicKey)
    } catch {
      valid = false
    }
    if (!valid) throw new ApiError('invalid_credentials', 'Invalid wallet signature: it does not match the address')
    return {
      chainType: 'solana',
      address: fields.address,
      chainId: fields.chainId,
      walletClientType: input.walletClientType || 'unknown',
      connectorType: input.connectorType || 'solana_adapter',
    }
  }
}

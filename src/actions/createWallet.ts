import { EmbeddedWalletError, WALLET_MESSAGES, WalletProxyError } from '../errors/wallet.ts'
import { publish } from '../events/bus.ts'
import { $config } from '../stores/config.ts'
import { $wallets, hdEntropyId, primaryWallet, type ChainType, type Wallet } from '../stores/wallets.ts'
import { embeddedWalletsConfig } from '../wallets/embedded/config.ts'
import { getWalletProxy, PROXY_TIMEOUTS } from '../wallets/embedded/proxy.ts'
import { adoptWireUser, requireAccessToken } from '../wallets/embedded/session.ts'
import type { CloudGrant } from '../../frame/src/protocol.ts'

export interface CreateWalletParameters {
  /** Defaults to 'ethereum'. */
  chainType?: ChainType
  /** Create another wallet (next index) although the user already has one on this chain. */
  createAdditional?: boolean
  /** Create the wallet at this HD index (needs the primary wallet; not together with createAdditional). */
  walletIndex?: number
  /**
   * 'privy' (automatic, default), 'user-passcode' with `recoveryPassword`, or a cloud method with
   * the user's grant from the recovery OAuth (`cloud`); first wallet only.
   */
  recoveryMethod?: 'privy' | 'user-passcode' | 'google-drive' | 'icloud'
  recoveryPassword?: string
  cloud?: CloudGrant
}
export type CreateWalletReturnType = Wallet
export type CreateWalletErrorType = EmbeddedWalletError

/** The spec's rules (part 2 §5), checked before the frame is asked. */
function plan(parameters: CreateWalletParameters): { chainType: ChainType; walletIndex: number; entropyId: string | null } {
  const chainType = parameters.chainType ?? 'ethereum'
  const { createAdditional, walletIndex } = parameters
  if (walletIndex !== undefined && (!Number.isInteger(walletIndex) || walletIndex < 0)) {
    throw new EmbeddedWalletError(WALLET_MESSAGES.negativeIndex, { code: 'invalid_request_arguments' })
  }
  if (walletIndex !== undefined && createAdditional) {
    throw new EmbeddedWalletError(WALLET_MESSAGES.useCreateAdditional, { code: 'invalid_request_arguments' })
  }
  const mine = $wallets.get().filter((w) => w.chainType === chainType && !w.imported)
  const entropyId = hdEntropyId()
  if (createAdditional || (walletIndex !== undefined && walletIndex > 0)) {
    if (!primaryWallet(chainType) || !entropyId) {
      throw new EmbeddedWalletError(WALLET_MESSAGES.additionalNeedsPrimary, { code: 'invalid_request_arguments' })
    }
    const next = walletIndex ?? Math.max(...mine.map((w) => w.walletIndex ?? 0)) + 1
    if (mine.some((w) => w.walletIndex === next)) throw new EmbeddedWalletError(WALLET_MESSAGES.alreadyHasWallet, { code: 'EMBEDDED_WALLET_EXISTS' })
    return { chainType, walletIndex: next, entropyId }
  }
  if (mine.length > 0) throw new EmbeddedWalletError(WALLET_MESSAGES.alreadyHasWallet, { code: 'EMBEDDED_WALLET_EXISTS' })
  return { chainType, walletIndex: 0, entropyId }
}

/**
 * Creates an embedded wallet in the wallet frame (the key is made and split there; the host only
 * learns the address), adds it to the user and publishes `wallet-created`.
 *
 * @example
 * const wallet = await createWallet({ chainType: 'solana' })
 * const second = await createWallet({ chainType: 'ethereum', createAdditional: true })
 */
export async function createWallet(parameters: CreateWalletParameters = {}): Promise<CreateWalletReturnType> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticated)
  const { chainType, walletIndex, entropyId } = plan(parameters)
  const recoveryMethod = parameters.recoveryMethod ?? 'privy'
  if (!entropyId && recoveryMethod === 'user-passcode') {
    if (!embeddedWalletsConfig($config.get().app).userOwnedRecoveryOptions.includes('user-passcode')) {
      throw new EmbeddedWalletError(WALLET_MESSAGES.userOwnedRecoveryUnsupported, { code: 'invalid_request_arguments' })
    }
    if (!parameters.recoveryPassword) throw new EmbeddedWalletError('A recovery password is required', { code: 'invalid_request_arguments' })
  }
  const payload = {
    accessToken,
    chainType,
    walletIndex,
    recoveryMethod,
    recoveryPassword: parameters.recoveryPassword,
    ...(entropyId ? { entropyId } : {}),
    ...(parameters.cloud && !entropyId ? { cloud: parameters.cloud } : {}),
  }
  const proxy = getWalletProxy()
  let result
  try {
    await proxy.ready(PROXY_TIMEOUTS.initMs)
    const type = walletIndex > 0 ? 'wallets:add' : chainType === 'solana' ? 'solana-wallet:create' : 'wallet:create'
    result = await proxy.request(type, payload)
  } catch (error) {
    const details = error instanceof WalletProxyError || error instanceof EmbeddedWalletError ? error.shortMessage : undefined
    throw new EmbeddedWalletError(WALLET_MESSAGES.failedToCreate, { code: 'FAILED_TO_CREATE_WALLET', details, cause: error })
  }
  adoptWireUser(result.user)
  const wallet = $wallets.get().find((w) => w.address.toLowerCase() === result.address.toLowerCase())
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.failedToCreate, { code: 'FAILED_TO_CREATE_WALLET' })
  publish('wallet-created', { wallet })
  return wallet
}

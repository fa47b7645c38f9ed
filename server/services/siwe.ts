/**
 * Sign-In With Ethereum (EIP-4361). The message is parsed and checked with viem's siwe utilities;
 * the signature is recovered locally first, and only a signature that is not the address's own key
 * may be checked on chain (EIP-1271 deployed contract wallets, EIP-6492 counterfactual ones), when
 * the app configured an RPC URL for the message's chain. So the RPC can only ever speak for contract
 * wallets: whatever it answers, an ordinary account logs in only with its own key. An EIP-6492
 * wrapper is the exception the RPC could abuse (no code at the address is what it claims, for an
 * ordinary account too), so it is checked only when it names a factory the app lists.
 */
import { createPublicClient, http, isAddress, isAddressEqual, recoverMessageAddress, type Address, type Hex } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { isErc6492Signature, isErc8010Signature, parseErc6492Signature } from 'viem/utils'
import { ApiError } from '../errors.js'
import type { App } from './app-config.js'
import { normalizeWalletAddress } from './embedded-wallets.js'
import type { AuthResponse } from './sessions.js'
import type { WireUser } from './users.js'
import type { AuthMode, VerifiedWallet, WalletAuthService } from './wallet-auth.js'

export interface SiweSignedInput {
  message: string
  signature: string
  /** CAIP-2 ('eip155:1') or a bare number; must match the message's Chain ID. */
  chainId?: string | number | null
  walletClientType?: string | null
  connectorType?: string | null
}

const CAIP2_EIP155 = /^eip155:(\d+)$/

/** Spec part 2 §5: a CAIP-2 chain id must carry a number. */
export function parseEvmChainId(value: string | number): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null
  const match = CAIP2_EIP155.exec(value) ?? (/^\d+$/.test(value) ? [value, value] : null)
  const id = match ? Number(match[1]) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

export class SiweService {
  constructor(
    private readonly wallets: WalletAuthService,
    private readonly now: () => number,
    /** Swappable so tests can point a chain at an in-process EVM instead of HTTP. */
    private readonly rpcTransport: (url: string) => ReturnType<typeof http> = (url) => http(url, { timeout: 10_000, retryCount: 1 }),
  ) {}

  /** The stored form of an address (EIP-55 checksum, as for embedded wallets); invalid_data when it is not one. */
  normalise(rawAddress: string): string {
    if (!isAddress(rawAddress, { strict: false })) throw new ApiError('invalid_data', 'Invalid Ethereum address')
    return normalizeWalletAddress('ethereum', rawAddress)
  }

  async init(app: App, rawAddress: string, ip: string, captchaToken?: string | null): Promise<{ nonce: string }> {
    await this.wallets.checkCaptcha(app, captchaToken, ip)
    return { nonce: await this.wallets.issueNonce(app, 'ethereum', this.normalise(rawAddress), ip) }
  }

  async authenticate(app: App, input: SiweSignedInput & { mode?: AuthMode }, origin: string | undefined, ip: string): Promise<AuthResponse> {
    if (!app.config.loginMethods.wallet) throw new ApiError('disallowed_login_method', 'Login with wallet not allowed')
    const wallet = await this.verify(app, input, origin, ip)
    return this.wallets.login(app, wallet, input.mode)
  }

  async link(app: App, userId: string, input: SiweSignedInput, origin: string | undefined, ip: string): Promise<WireUser> {
    const wallet = await this.verify(app, input, origin, ip)
    return this.wallets.link(app, userId, wallet)
  }

  /** Checks message, nonce and signature; answers the wallet they prove (smart wallets' link uses it too). */
  async verify(app: App, input: SiweSignedInput, origin: string | undefined, ip: string): Promise<VerifiedWallet> {
    this.wallets.refuseEmbedded(input.walletClientType ?? undefined)
    const fields = parseSiweMessage(input.message)
    if (!fields.address || !fields.domain || !fields.nonce || !fields.chainId || !fields.uri || fields.version !== '1') {
      throw new ApiError('invalid_data', 'Not a Sign-In With Ethereum message')
    }
    if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) throw new ApiError('invalid_data', 'Invalid signature encoding')
    if (input.chainId !== undefined && input.chainId !== null && parseEvmChainId(input.chainId) !== fields.chainId) {
      throw new ApiError('invalid_data', 'chainId does not match the message')
    }
    const address = this.normalise(fields.address) as Address
    this.wallets.checkDomain(app, fields.domain, origin)
    // Time checks (expiration, not-before) before the nonce is spent, so a stale message costs nothing.
    if (!validateSiweMessage({ message: fields, time: new Date(this.now()) })) {
      throw new ApiError('invalid_credentials', 'Invalid wallet signature: the message has expired or is not yet valid')
    }
    await this.wallets.spendNonce(app, 'ethereum', fields.nonce, address, ip)

    const chain = `eip155:${fields.chainId}`
    if (!(await this.signatureValid(app, chain, address, input.message, input.signature as Hex))) {
      throw new ApiError('invalid_credentials', 'Invalid wallet signature: it does not match the address')
    }
    return {
      chainType: 'ethereum',
      address,
      chainId: chain,
      walletClientType: input.walletClientType || 'unknown',
      connectorType: input.connectorType || 'unknown',
    }
  }

  private async signatureValid(app: App, chain: string, address: Address, message: string, signature: Hex): Promise<boolean> {
    try {
      if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true
    } catch {
      // Not an ECDSA signature (a contract wallet's own format): only the chain can tell.
    }
    const rpcUrl = this.wallets.rpcUrl(app, chain)
    if (!rpcUrl) return false
    if (isErc6492Signature(signature) && !this.factoryListed(app, signature)) {
      throw new ApiError('invalid_credentials', 'Invalid wallet signature: this app does not accept wallets made by this smart-wallet factory')
    }
    const client = createPublicClient({ transport: this.rpcTransport(rpcUrl) })
    // A wrapped signature names the contract that will be deployed there (EIP-6492, ERC-8010);
    // any other is a deployed contract's (EIP-1271) only if the address holds code.
    if (!isErc6492Signature(signature) && !isErc8010Signature(signature)) {
      const code = await client.getCode({ address }).catch(() => undefined)
      if (!code || code === '0x') return false
    }
    return client.verifyMessage({ address, message, signature }).catch(() => false)
  }

  private factoryListed(app: App, signature: Hex): boolean {
    const { address: factory } = parseErc6492Signature(signature)
    // The app's own smart-wallet factories count as listed (their accounts are the users' smart wallets).
    const listed = [...(app.settings.erc6492Factories ?? []), ...(app.config.smartWallets?.enabled ? app.config.smartWallets.chains.map((c) => c.factory) : [])]
    return Boolean(factory) && listed.some((f) => isAddressEqual(f as Address, factory!))
  }
}

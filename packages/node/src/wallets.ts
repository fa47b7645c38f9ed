/**
 * The server-side wallet API (issue #29): read a user's embedded wallets, set their policy, and sign
 * with a wallet its owner delegated (`POST /wallets/:wallet_id/rpc`). Reading needs the app secret;
 * changing or signing needs the app secret and an authorization signature (authorization.ts).
 *
 * The shapes mirror the contract's server-wallets routes (contract/src/routes/server-wallets.ts).
 */
import { randomUUID } from 'node:crypto'
import { authorizationHeaders, readAuthorizationKey } from './authorization.ts'
import type { Http } from './http.ts'

export type ServerWalletMethod =
  'personal_sign' | 'eth_signTypedData_v4' | 'eth_signTransaction' | 'eth_sendTransaction' | 'signMessage' | 'signTransaction' | 'signAndSendTransaction'

/** An amount in the asset's base unit (wei, token units, lamports) as a decimal string. */
type Amount = string
interface Limits {
  per_transaction?: Amount
  per_day?: Amount
}

/** A wallet's policy: default deny; every present field narrows further. */
export interface WalletPolicy {
  methods: ServerWalletMethod[]
  chain_ids?: number[]
  recipients?: string[]
  contracts?: string[]
  functions?: { contract?: string; selector: string; abi?: Record<string, unknown>; args?: Record<string, { in?: string[]; max?: Amount }> }[]
  native_value?: Limits
  erc20_value?: ({ token: string } & Limits)[]
  solana_programs?: string[]
  lamports?: Limits
}

export interface ServerWallet {
  id: string
  address: string
  chain_type: 'ethereum' | 'solana'
  owner_id: string
  /** Whether the owner enabled offline access (the server may sign for it). */
  delegated: boolean
  policy: WalletPolicy | null
  additional_signers: { signer_id: string }[]
  /** ms since the epoch. */
  created_at: number
}

export interface WalletUpdate {
  policy?: WalletPolicy | null
  additional_signers?: { signer_id: string }[]
}

type Quantity = number | string
export interface EthereumTransaction {
  to?: string
  value?: Quantity
  data?: string
  chain_id?: Quantity
  nonce?: Quantity
  gas_limit?: Quantity
  gas_price?: Quantity
  max_fee_per_gas?: Quantity
  max_priority_fee_per_gas?: Quantity
  type?: 0 | 2
}

/** One RPC request, by method (the body of `POST /wallets/:wallet_id/rpc`). */
export type RpcRequest =
  | { method: 'personal_sign'; params: { message: string; encoding?: 'utf-8' | 'hex' } }
  | {
      method: 'eth_signTypedData_v4'
      params: { typed_data: { domain?: Record<string, unknown>; types: Record<string, unknown>; message: Record<string, unknown>; primary_type: string } }
    }
  | { method: 'eth_signTransaction'; params: { transaction: EthereumTransaction } }
  | { method: 'eth_sendTransaction'; caip2?: `eip155:${number}`; params: { transaction: EthereumTransaction } }
  | { method: 'signMessage'; params: { message: string; encoding?: 'base64' } }
  | { method: 'signTransaction'; params: { transaction: string; encoding?: 'base64' } }
  | { method: 'signAndSendTransaction'; caip2?: `solana:${string}`; params: { transaction: string; encoding?: 'base64' } }

/** What the server answers, by method (the API family's shapes). */
export type RpcResponse<M extends ServerWalletMethod = ServerWalletMethod> = M extends 'personal_sign' | 'eth_signTypedData_v4' | 'signMessage'
  ? { method: M; data: { signature: string; encoding: 'hex' | 'base64' } }
  : M extends 'eth_signTransaction' | 'signTransaction'
    ? { method: M; data: { signed_transaction: string; encoding: 'rlp' | 'base64' } }
    : { method: M; data: { hash: string; caip2: string | null } }

export interface WalletsOptions {
  appId: string
  /** The authorization key's private key (base64 DER PKCS#8 or PEM); needed by `update` and `rpc`. */
  authorizationPrivateKey?: string
  /**
   * The server's public URL (GATEHOUSE_PUBLIC_URL), when the backend reaches it under another address:
   * the signature covers the URL the server sees. Default: apiUrl.
   */
  publicUrl?: string
}

export function walletsApi(http: Http, o: WalletsOptions) {
  const key = o.authorizationPrivateKey ? readAuthorizationKey(o.authorizationPrivateKey) : null
  const path = (walletId: string) => `/wallets/${encodeURIComponent(walletId)}`
  /** The URL the server sees: the public origin + the path (+ query). */
  const signedUrl = (url: string) => (o.publicUrl ? new URL(url.slice(new URL(url).origin.length), new URL(o.publicUrl).origin).toString() : url)

  async function signed<T>(method: 'PATCH' | 'POST', p: string, body: unknown, idempotencyKey?: string): Promise<T> {
    if (!key) throw new Error('This call needs an authorization key: pass authorizationPrivateKey to createGatehouseClient')
    const headers = authorizationHeaders(key, { appId: o.appId, method, url: signedUrl(http.url(p)), body, idempotencyKey })
    return http.request<T>(method, p, { body, headers })
  }

  return {
    /** One embedded wallet of the app's users, with its policy and whether it is delegated. */
    get: (walletId: string) => http.request<ServerWallet>('GET', path(walletId)),
    /** The embedded wallets of one user. */
    list: async (q: { userId: string }) => (await http.request<{ data: ServerWallet[] }>('GET', '/wallets', { query: { user_id: q.userId } })).data,
    /** Sets the wallet's policy and/or the authorization keys allowed on it (signed with the authorization key). */
    update: (walletId: string, update: WalletUpdate) => signed<ServerWallet>('PATCH', path(walletId), update),
    /**
     * Signs (or signs and sends) with a delegated wallet, within its policy. A refused policy rule
     * throws GatehouseApiError whose `code` names the rule. Each call is signed once with a fresh
     * idempotency key unless one is given (the server accepts a signed request once).
     */
    rpc: <R extends RpcRequest>(walletId: string, request: R & { chain_type?: 'ethereum' | 'solana' }, opts: { idempotencyKey?: string } = {}) =>
      signed<RpcResponse<R['method']>>('POST', `${path(walletId)}/rpc`, request, opts.idempotencyKey ?? randomUUID()),
  }
}

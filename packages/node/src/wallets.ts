/**
 * The server-side wallet API (issue #29): read a user's embedded wallets, set their policy, and sign
 * with a wallet its owner delegated (`POST /wallets/:wallet_id/rpc`). Reading needs the app secret;
 * changing or signing needs the app secret and an authorization signature (authorization.ts).
 *
 * The types are the contract's (contract/src/routes/server-wallets.ts, wallet-rpc.ts, wallets.ts), derived
 * from the routes' schemas: a change there changes them, and breaks this package's type check where it no
 * longer fits.
 */
import { randomUUID } from 'node:crypto'
import type { RouteBody, RouteResponse } from '@gatehouse/contract/routes'
// The route groups themselves, not the whole ROUTES map: the published declarations carry only these.
import type { SERVER_WALLET_METHODS, serverWalletsRoutes } from '../../../contract/src/routes/server-wallets.ts'
import type { walletRpcRoutes } from '../../../contract/src/routes/wallet-rpc.ts'
import type { walletsRoutes } from '../../../contract/src/routes/wallets.ts'
import { authorizationHeaders, readAuthorizationKey } from './authorization.ts'
import type { Http } from './http.ts'

type R = typeof serverWalletsRoutes & typeof walletRpcRoutes & typeof walletsRoutes
type Rpc = R['POST /wallets/:wallet_id/rpc']

export type ServerWalletMethod = (typeof SERVER_WALLET_METHODS)[number]

/** An embedded wallet as the server-side API answers it: its owner, whether it is delegated, its policy and allowed signers. */
export type ServerWallet = RouteResponse<R['GET /wallets/:wallet_id']>

/** A wallet's policy: default deny; every present field narrows further. Amounts are decimal strings in base units. */
export type WalletPolicy = NonNullable<ServerWallet['policy']>

/** The body of `wallets.update`: the policy (null: none, every call refused) and/or the allowed authorization keys. */
export type WalletUpdate = RouteBody<R['PATCH /wallets/:wallet_id']>

/**
 * One RPC request, by method (the body of `POST /wallets/:wallet_id/rpc` as the app's backend sends
 * it; the route's other caller, the user's sponsored send of a signed transaction, is left out).
 */
export type RpcRequest = Exclude<RouteBody<Rpc>, { params: { signed_transaction: string } }>

export type EthereumTransaction = Extract<RpcRequest, { method: 'eth_signTransaction' }>['params']['transaction']

type RpcAnswer = RouteResponse<Rpc>
/** What the server answers, by method (the API family's shapes). */
export type RpcResponse<M extends ServerWalletMethod = ServerWalletMethod> = M extends unknown
  ? RpcAnswer extends infer A
    ? A extends { method: infer N; data: infer D }
      ? M extends N
        ? { method: M; data: D }
        : never
      : never
    : never
  : never

/** `GET /wallets?user_id=`: the app-secret variant of the route's answer. */
type WalletList = Extract<RouteResponse<R['GET /wallets']>, { next_cursor: null }>

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
    list: async (q: { userId: string }) => (await http.request<WalletList>('GET', '/wallets', { query: { user_id: q.userId } })).data,
    /** Sets the wallet's policy and/or the authorization keys allowed on it (signed with the authorization key). */
    update: (walletId: string, update: WalletUpdate) => signed<ServerWallet>('PATCH', path(walletId), update),
    /**
     * Signs (or signs and sends) with a delegated wallet, within its policy. A refused policy rule
     * throws GatehouseApiError whose `code` names the rule. Each call is signed once with a fresh
     * idempotency key unless one is given (the server accepts a signed request once).
     */
    rpc: <Q extends RpcRequest>(walletId: string, request: Q, opts: { idempotencyKey?: string } = {}) =>
      signed<RpcResponse<Q['method']>>('POST', `${path(walletId)}/rpc`, request, opts.idempotencyKey ?? randomUUID()),
  }
}

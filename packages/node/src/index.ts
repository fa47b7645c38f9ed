/**
 * `@gatehouse/node`: the server SDK for a host app's backend.
 *
 * @example
 * import { createGatehouseClient } from '@gatehouse/node'
 * const gatehouse = createGatehouseClient({ appId, appSecret, apiUrl: 'https://auth.example.com' })
 * const { userId } = await gatehouse.verifyAccessToken(bearerToken)
 */
import { Http } from './http.ts'
import { tokenVerifier, type TokenVerifierOptions } from './tokens.ts'
import { usersApi } from './users.ts'
import { walletsApi } from './wallets.ts'
import { verifyWebhook, type WebhookHeaders } from './webhooks.ts'

export interface GatehouseClientOptions extends TokenVerifierOptions {
  /** The app's id (the widget's `app-id`). */
  appId: string
  /** The API server, e.g. `https://auth.example.com` (its public URL, or any address the backend reaches it under). */
  apiUrl: string
  /** The app secret: needed by the user, session and wallet APIs, not by token verification. */
  appSecret?: string
  /** An authorization key's private key (base64 DER PKCS#8 or PEM): needed by `wallets.update` and `wallets.rpc`. */
  authorizationPrivateKey?: string
  /** The server's public URL when `apiUrl` is another address (the issuer of tokens and the URL authorization signatures cover). */
  publicUrl?: string
  /** The secret of the app's webhook endpoint (`whsec_…`), the default of `webhooks.verify`. */
  webhookSecret?: string
  /** Per request, ms (default 20 000). */
  timeoutMs?: number
  fetch?: typeof fetch
}

/** One client per app: tokens, users, wallets, webhooks. */
export function createGatehouseClient(options: GatehouseClientOptions) {
  const http = new Http(options)
  const tokens = tokenVerifier(http, options.appId, {
    ...options,
    issuer: options.issuer ?? (options.publicUrl ? new URL(options.publicUrl).origin : undefined),
  })
  return {
    appId: options.appId,
    verifyAccessToken: tokens.verifyAccessToken,
    verifyIdentityToken: tokens.verifyIdentityToken,
    users: usersApi(http, options.appId),
    wallets: walletsApi(http, options),
    webhooks: {
      /** Verifies a delivery with `secret` (default: the client's webhookSecret) and answers its event. */
      verify(payload: string | Buffer, headers: WebhookHeaders, secret = options.webhookSecret) {
        if (!secret) throw new Error('webhooks.verify needs the endpoint secret (or webhookSecret in the client options)')
        return verifyWebhook(payload, headers, secret)
      },
    },
  }
}

export type GatehouseClient = ReturnType<typeof createGatehouseClient>

export { GatehouseApiError, GatehouseTokenError, GatehouseWebhookError } from './errors.ts'
export type { AccessTokenClaims, IdentityTokenClaims, LinkedAccount, TokenVerifierOptions } from './tokens.ts'
export type {
  User,
  UsersPage,
  ListUsersQuery,
  SearchUsersQuery,
  CreateUserInput,
  CustomMetadata,
  DeleteUserResult,
  Session,
  RevokeSessionsResult,
} from './users.ts'
export type { ServerWallet, ServerWalletMethod, WalletPolicy, WalletUpdate, EthereumTransaction, RpcRequest, RpcResponse, WalletsOptions } from './wallets.ts'
export {
  generateAuthorizationKeyPair,
  signAuthorization,
  authorizationPayload,
  authorizationHeaders,
  AUTHORIZATION_SIGNATURE_HEADER,
  REQUEST_EXPIRY_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  type AuthorizationKeyPair,
  type SignedRequest,
} from './authorization.ts'
export { verifyWebhook, type WebhookEvent, type WebhookEventType, type WebhookHeaders } from './webhooks.ts'

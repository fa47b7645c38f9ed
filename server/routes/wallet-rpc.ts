/**
 * `POST /api/v1/wallets/:wallet_id/rpc` (api-paths.md), dispatched on the Authorization scheme:
 * - Bearer (a signed-in user, the widget): only a sponsored `eth_sendTransaction` of a transaction
 *   the wallet frame already signed; the server pays its gas and broadcasts it (services/gas-sponsorship.ts).
 * - Basic (the app's backend: app secret + `privy-app-id`) with an authorization signature: the
 *   server-side wallet API signs with a delegated wallet within its policy (services/server-wallets.ts);
 *   with `privy-idempotency-key`, a repeat answers the first answer (services/wallet-idempotency.ts).
 */

/** Errors after which nothing was signed and a repeat should run again: the key is freed. */
const RETRYABLE = new Set(['delegation_unavailable', 'too_many_requests'])

/**
 * Runs `work` once per idempotency key: the first request claims the key and its answer is stored
 * (a success, or the error it ended with: a repeat must not sign or send again); a repeat gets it.
 */
async function idempotent<T>(db: Db, now: number, appId: string, key: string, digest: string, work: () => Promise<T>) {
  const claim = await claimIdempotencyKey(db, appId, key, digest, now)
  if (!claim.claimed) {
    const stored = claim.response as { error?: string; code?: string; data?: Record<string, unknown> }
    if (claim.statusCode === 200) return stored as T
    throw new ApiError(stored.code as ApiError['code'], stored.error ?? 'Stored answer', stored.data)
  }
  try {
    const answer = await work()
    await storeIdempotentAnswer(db, appId, key, 200, answer)
    return answer
  } catch (error) {
    if (error instanceof ApiError && RETRYABLE.has(error.code)) await releaseIdempotencyKey(db, appId, key)
    else {
      // The outcome of an unexpected failure is unknown (it may have signed or sent): a repeat gets the failure, not a second try.
      const stored =
        error instanceof ApiError ? error : new ApiError('internal_error', 'The request failed; its outcome is unknown: check the chain before using a new key')
      await storeIdempotentAnswer(db, appId, key, stored.statusCode, {
        error: stored.message,
        code: stored.code,
        ...(stored.data ? { data: stored.data } : {}),
      })
    }
    throw error
  }
}
import { IDEMPOTENCY_KEY_HEADER, ROUTES } from '@gatehouse/contract/routes'
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'
import { requireSignedInUser } from '../services/bearer.js'
import { sponsorTransaction } from '../services/gas-sponsorship.js'
import { serverRpc, type ServerRpcBody } from '../services/server-wallets.js'
import { claimIdempotencyKey, idempotencyDigest, releaseIdempotencyKey, storeIdempotentAnswer } from '../services/wallet-idempotency.js'
import { authorizeWalletCall, isAppSecretCall } from './server-wallets.js'

const rpc = ROUTES['POST /wallets/:wallet_id/rpc']

export default async function walletRpcRoutes(app: ApiInstance) {
  app.post(rpc.path, { schema: rpc.schema, config: HEADER_APP }, async (request) => {
    if (isAppSecretCall(request)) {
      const { db, now, delegatedSigner } = app.gatehouse
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER]
      // The signature is checked and spent first, with or without a key: a repeat is signed anew (a new expiry), never replayed.
      const call = await authorizeWalletCall(request, request.params.wallet_id)
      if ('sponsor' in request.body || 'signed_transaction' in request.body.params)
        throw new ApiError('invalid_data', "A sponsored send is the widget's call: the app's backend sends params.transaction")
      const run = () => serverRpc({ db, now, signer: delegatedSigner, ...call, ip: request.ip }, request.body as ServerRpcBody)
      if (typeof idempotencyKey !== 'string') return run()
      return idempotent(db, now(), call.app.id, idempotencyKey, idempotencyDigest(request.method, request.url, request.body), run)
    }
    // The session must still be live: a logged-out session's token is refused, not only an expired one.
    const { userId } = await requireSignedInUser(request)
    const body = request.body
    if (!('sponsor' in body) || body.sponsor !== true || !('signed_transaction' in body.params))
      throw new ApiError('not_supported', 'Only sponsored eth_sendTransaction is answered: the wallet frame signs and the browser broadcasts')
    const { hash } = await sponsorTransaction(app.gatehouse.db, app.gatehouse.now, {
      app: appOf(request),
      userId,
      walletId: request.params.wallet_id,
      signedTransaction: body.params.signed_transaction as `0x${string}`,
      ip: request.ip,
    }).catch((error: unknown) => {
      // The sponsor account failing (out of funds, RPC down) is the operator's to fix: it is logged.
      if (error instanceof ApiError && error.code === 'internal_error') request.log.warn({ appId: appOf(request).id }, error.message)
      throw error
    })
    const caip2 = body.caip2 ?? null
    return { method: 'eth_sendTransaction', data: { hash, caip2 } } as const
  })
}

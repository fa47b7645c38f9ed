import { ROUTES } from '@gatehouse/contract/routes'
import type { FastifyRequest } from 'fastify'
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { requireBearer } from '../services/bearer.js'
import type { FrameCaller } from '../services/embedded-wallets.js'
import { authorizeOwner } from '../services/owner-auth.js'
import { listServerWallets, walletView } from '../services/server-wallets.js'
import { isAppSecretCall } from './server-wallets.js'

const list = ROUTES['GET /wallets']
const create = ROUTES['POST /wallets']
const keyMaterial = ROUTES['POST /embedded_wallets/:address/recovery/key_material']
const setRecovery = ROUTES['POST /embedded_wallets/:address/recovery']

/**
 * The bearer's user, the request's Origin and its device proof (bound to this access token by
 * `ath`, verified by the API's hook): the wallet service decides whether the frame of an enrolled
 * device is calling.
 */
async function frameCaller(request: FastifyRequest): Promise<FrameCaller> {
  const claims = await requireBearer(request)
  return { ...claims, origin: request.headers.origin, device: request.device }
}

export default async function walletRoutes(app: ApiInstance) {
  const { sessions, wallets } = app.gatehouse

  app.get(list.path, { schema: list.schema, config: HEADER_APP }, async (request) => {
    // The app's backend (app secret) lists a user's wallets with their policies (the server-side wallet API).
    if (isAppSecretCall(request)) {
      await authorizeOwner(request, appOf(request).id, 'read')
      const userId = request.query.user_id
      if (!userId) throw new ApiError('invalid_data', 'Missing field: user_id')
      const wallets = await listServerWallets(app.gatehouse.db, appOf(request).id, userId)
      return { data: await Promise.all(wallets.map((w) => walletView(app.gatehouse.db, app.gatehouse.delegatedSigner, w))), next_cursor: null }
    }
    const { userId, sessionId } = await requireBearer(request)
    const user = await sessions.userForSession(sessionId, userId)
    const data = user.linked_accounts.filter((a) => a.type === 'wallet' && a.wallet_client_type === 'privy')
    return { data }
  })

  app.post(create.path, { schema: create.schema, config: HEADER_APP }, async (request) =>
    wallets.addWallet(appOf(request).id, await frameCaller(request), request.body),
  )

  app.post(keyMaterial.path, { schema: keyMaterial.schema, config: HEADER_APP }, async (request, reply) => {
    // Every answer of this route, refusals included, stays out of caches.
    reply.header('cache-control', 'no-store')
    const body = request.body ?? {}
    const purpose = body.purpose ?? (body.include_recovery ? 'recover' : 'connect')
    return wallets.keyMaterial(appOf(request).id, await frameCaller(request), request.params.address, purpose)
  })

  app.post(setRecovery.path, { schema: setRecovery.schema, config: HEADER_APP }, async (request) => {
    const user = await wallets.setRecovery(appOf(request).id, await frameCaller(request), request.params.address, request.body)
    return { user }
  })
}

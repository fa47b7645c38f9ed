/** Delegated actions (contract/src/routes/delegation.ts; SECURITY.md "Delegated actions"). */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import { requireBearer } from '../services/bearer.js'

const signerKey = ROUTES['GET /delegated_actions/signer_key']
const delegate = ROUTES['POST /embedded_wallets/:address/delegated_actions']
const revoke = ROUTES['POST /wallets/revoke']

export default async function delegationRoutes(app: ApiInstance) {
  const { delegation } = app.gatehouse

  app.get(signerKey.path, { schema: signerKey.schema, config: HEADER_APP }, async () => delegation.signerKey())

  app.post(delegate.path, { schema: delegate.schema, config: HEADER_APP }, async (request) => {
    const claims = await requireBearer(request)
    const caller = { ...claims, origin: request.headers.origin, device: request.device }
    return { user: await delegation.delegate(appOf(request).id, caller, request.params.address, request.body) }
  })

  // The device gate (services/device-gate.ts) verified this session's proof when it is bound;
  // `request.device` is set only then, and an unbound session may not revoke at all.
  app.post(revoke.path, { schema: revoke.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireBearer(request)
    return { user: await delegation.revoke(appOf(request).id, userId, request.device !== null && request.device !== undefined) }
  })
}

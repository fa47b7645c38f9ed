/**
 * `GET /admin/me`: the signed-in operator as the console shows them (e-mail, server owner, MFA
 * state). The console calls it first after sign-in, which is also where GATEHOUSE_OWNER_EMAIL makes
 * the account with that e-mail the first owner (services/console-owners.ts).
 */
import { ROUTES } from '@gatehouse/contract/routes'
import { NO_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { grantServerOwner, normaliseEmail } from '../services/console-owners.js'
import { ownerGate, ownerOf } from '../services/owner-auth.js'

const me = ROUTES['GET /admin/me']

export default async function operatorMeRoutes(app: ApiInstance) {
  const { db, config, sessions, mfa, now } = app.gatehouse

  app.get(me.path, { schema: me.schema, config: NO_APP, onRequest: ownerGate('read', 'self') }, async (request) => {
    const caller = ownerOf(request)
    if (caller.type !== 'operator' || !caller.id) throw new ApiError('insufficient_permission', 'Only an operator (a console account) has a profile')
    let serverOwner = Boolean(caller.serverOwner)
    if (!serverOwner && config.ownerEmail && caller.email && normaliseEmail(config.ownerEmail) === caller.email) {
      serverOwner = await grantServerOwner(db, caller.id, 'owner_email', now(), true)
    }
    const until = await mfa.proofUntil(caller.id, await sessions.activeSession(caller.sessionId!, caller.id))
    return {
      userId: caller.id,
      email: caller.email ?? null,
      serverOwner,
      mfa: { enrolled: until !== 0, verifiedUntil: until ? new Date(until).toISOString() : null },
    }
  })
}

import { decodeJwt } from 'jose'
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import { setAcceptedTerms } from '../db/users.js'
import { bearerToken, requireBearer } from '../services/bearer.js'

// The bearer is checked by requireBearer (401 with a code), not by the schema (400).
const me = ROUTES['GET /users/me']
const acceptTerms = ROUTES['POST /users/me/accept_terms']

export default async function usersRoutes(app: ApiInstance) {
  app.get(me.path, { schema: me.schema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    const user = await app.gatehouse.sessions.userForSession(sessionId, userId)
    // requireBearer verified the token; its expiry caps the identity token's.
    const accessExp = decodeJwt(bearerToken(request)!).exp!
    const identity_token = await app.gatehouse.sessions.identityToken(appOf(request).id, sessionId, user, accessExp)
    return { identity_token, user }
  })

  app.post(acceptTerms.path, { schema: acceptTerms.schema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    const user = await app.gatehouse.sessions.userForSession(sessionId, userId)
    await setAcceptedTerms(app.gatehouse.db, userId)
    return { user: { ...user, has_accepted_terms: true } }
  })
}

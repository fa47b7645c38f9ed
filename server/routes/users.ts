import { decodeJwt } from 'jose'
import { HEADER_APP, type ApiInstance } from '../context.js'
import { setAcceptedTerms } from '../db/users.js'
import { bearerToken, requireBearer } from '../services/bearer.js'

// The bearer is checked by requireBearer (401 with a code), not by the schema (400).
const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const
const meSchema = { summary: 'The signed-in user and a fresh identity token', headers: bearerHeaders } as const
const acceptTermsSchema = { summary: 'Record that the signed-in user accepted the terms', headers: bearerHeaders } as const

export default async function usersRoutes(app: ApiInstance) {
  app.get('/users/me', { schema: meSchema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    const user = await app.gatehouse.sessions.userForSession(sessionId, userId)
    // requireBearer verified the token; its expiry caps the identity token's.
    const accessExp = decodeJwt(bearerToken(request)!).exp!
    const identity_token = await app.gatehouse.sessions.identityToken(request.gatehouseApp!.id, sessionId, user, accessExp)
    return { identity_token, user }
  })

  app.post('/users/me/accept_terms', { schema: acceptTermsSchema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    const user = await app.gatehouse.sessions.userForSession(sessionId, userId)
    await setAcceptedTerms(app.gatehouse.db, userId)
    return { user: { ...user, has_accepted_terms: true } }
  })
}

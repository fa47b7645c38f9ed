/** Cross-app accounts: the provider's and the requester's routes (services/cross-app.ts). */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, HEADER_APP, LOGIN_ROUTE, PARAM_APP, type ApiInstance } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'
import { accountRoutes } from './account-routes.js'

const details = ROUTES['GET /apps/:app_id/cross-app/details']
const connections = ROUTES['GET /apps/:app_id/cross-app/connections']
const authorize = ROUTES['POST /cross-app/authorize']
const token = ROUTES['POST /apps/:app_id/cross-app/token']
const verify = ROUTES['POST /cross-app/verify']
const authenticate = ROUTES['POST /cross-app/authenticate']
const link = ROUTES['POST /cross-app/link']

export default async function crossAppRoutes(app: ApiInstance) {
  const { crossApp } = app.gatehouse

  app.get(details.path, { schema: details.schema, config: PARAM_APP }, async (request) => crossApp.details(appOf(request)))
  app.get(connections.path, { schema: connections.schema, config: PARAM_APP }, async (request) => ({
    connections: await crossApp.connections(appOf(request)),
  }))

  app.post(authorize.path, { schema: authorize.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return crossApp.authorize(appOf(request), userId, request.body)
  })
  // Server to server: the PKCE verifier, which only the requester's browser held, is the proof.
  app.post(token.path, { schema: token.schema, config: PARAM_APP }, async (request) => crossApp.token(appOf(request), request.body))
  app.post(verify.path, { schema: verify.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return crossApp.verify(appOf(request), userId, request.body.token, request.body.origin)
  })

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    crossApp.authenticate(appOf(request), request.body, request.ip),
  )
  app.post(link.path, { schema: link.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return crossApp.link(appOf(request), userId, request.body)
  })
  accountRoutes(app, { unlink: ROUTES['POST /cross-app/unlink'] }, { type: 'cross_app', address: (body) => `${body.provider_app_id}:${body.subject}` })
}

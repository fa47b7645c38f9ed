/** Recovery OAuth (contract/src/routes/recovery-oauth.ts; services/recovery-oauth.ts). */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import { requireBearer } from '../services/bearer.js'

const init = ROUTES['POST /recovery/oauth/init']
const initIcloud = ROUTES['POST /recovery/oauth/init_icloud']
const authenticate = ROUTES['POST /recovery/oauth/authenticate']

export default async function recoveryOAuthRoutes(app: ApiInstance) {
  const { recoveryOAuth } = app.gatehouse

  app.post(init.path, { schema: init.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireBearer(request)
    return recoveryOAuth.init(appOf(request), userId, request.body)
  })

  app.post(initIcloud.path, { schema: initIcloud.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireBearer(request)
    return recoveryOAuth.initIcloud(appOf(request), userId, request.body)
  })

  app.post(authenticate.path, { schema: authenticate.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireBearer(request)
    return recoveryOAuth.authenticate(appOf(request), { userId, origin: request.headers.origin }, request.body)
  })
}

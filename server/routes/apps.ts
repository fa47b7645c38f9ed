import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, PARAM_APP, type ApiInstance } from '../context.js'

const appConfig = ROUTES['GET /apps/:app_id']
const jwks = ROUTES['GET /apps/:app_id/jwks.json']

export default async function appsRoutes(app: ApiInstance) {
  // Server-only settings (allowed origins, allowlist, user limit) never leave through here.
  app.get(appConfig.path, { schema: appConfig.schema, config: PARAM_APP }, async (request) => {
    // deviceBoundSessions: this server binds sessions to the wallet frame's device key, so the
    // widget asks the frame for a proof on every login and refresh (services/device-proofs.ts).
    const config = { ...appOf(request).config, deviceBoundSessions: true }
    // The widget script is a server setting (GATEHOUSE_CAPTCHA_SCRIPT_URL), published only when in use.
    if (!config.captcha?.enabled) return config
    return { ...config, captcha: { ...config.captcha, scriptUrl: app.gatehouse.config.captchaScriptUrl } }
  })

  app.get(jwks.path, { schema: jwks.schema, config: PARAM_APP }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return app.gatehouse.keys.publicJwks()
  })
}

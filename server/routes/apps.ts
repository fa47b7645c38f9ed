import { PARAM_APP, type ApiInstance } from '../context.js'

const appParams = {
  type: 'object',
  required: ['app_id'],
  properties: { app_id: { type: 'string' } },
} as const

const appConfigSchema = { summary: 'Public configuration of an app (what the widget needs)', params: appParams } as const
const jwksSchema = { summary: 'Public keys (JWKS) that verify access and identity tokens', params: appParams } as const

export default async function appsRoutes(app: ApiInstance) {
  // Server-only settings (allowed origins, allowlist, user limit) never leave through here.
  app.get('/apps/:app_id', { schema: appConfigSchema, config: PARAM_APP }, async (request) => {
    // deviceBoundSessions: this server binds sessions to the wallet frame's device key, so the
    // widget asks the frame for a proof on every login and refresh (services/device-proofs.ts).
    const config = { ...request.gatehouseApp!.config, deviceBoundSessions: true }
    // The widget script is a server setting (GATEHOUSE_CAPTCHA_SCRIPT_URL), published only when in use.
    if (!config.captcha?.enabled) return config
    return { ...config, captcha: { ...config.captcha, scriptUrl: app.gatehouse.config.captchaScriptUrl } }
  })

  app.get('/apps/:app_id/jwks.json', { schema: jwksSchema, config: PARAM_APP }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return app.gatehouse.keys.publicJwks()
  })
}

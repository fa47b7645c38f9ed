import { type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'

const initSchema = {
  summary: 'Send a 6-digit login code to an e-mail address',
  body: {
    type: 'object',
    required: ['email'],
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 320 },
      token: { type: ['string', 'null'], description: 'captcha token (required when the app enables captcha)' },
    },
  },
} as const

const authenticateSchema = {
  summary: 'Trade an e-mail login code for a session (auth response)',
  body: {
    type: 'object',
    required: ['email', 'code'],
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 320 },
      code: { type: 'string', minLength: 1, maxLength: 64 },
      mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] },
    },
  },
} as const

export default async function passwordlessRoutes(app: ApiInstance) {
  app.post('/passwordless/init', { schema: initSchema, config: HEADER_APP }, async (request) => {
    await app.gatehouse.passwordless.init(request.gatehouseApp!, request.body, request.ip)
    return { success: true }
  })

  app.post('/passwordless/authenticate', { schema: authenticateSchema, config: LOGIN_ROUTE }, async (request) =>
    app.gatehouse.passwordless.authenticate(request.gatehouseApp!, request.body, request.ip),
  )
}

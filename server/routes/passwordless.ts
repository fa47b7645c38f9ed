import type { FastifyInstance } from 'fastify'
import { requireCaptcha } from '../services/captcha.js'
import { HEADER_APP } from '../context.js'
import type { AuthMode } from '../services/passwordless.js'

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

export default async function passwordlessRoutes(app: FastifyInstance) {
  app.post<{ Body: { email: string; token?: string | null } }>(
    '/api/v1/passwordless/init',
    { schema: initSchema, config: HEADER_APP },
    async (request) => {
      await requireCaptcha(request, request.body.token)
      await app.gatehouse.passwordless.init(request.gatehouseApp!, request.body.email, request.ip)
      return { success: true }
    },
  )

  app.post<{ Body: { email: string; code: string; mode?: AuthMode } }>(
    '/api/v1/passwordless/authenticate',
    { schema: authenticateSchema, config: HEADER_APP },
    async (request) => app.gatehouse.passwordless.authenticate(request.gatehouseApp!, request.body, request.ip),
  )
}

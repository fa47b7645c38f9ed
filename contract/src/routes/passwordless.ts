/** E-mail login codes (spec part 1 §3). */
import { defineRoute } from './define.ts'
import { authResponseSchema, successSchema } from './shared.ts'

const mode = { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } as const

export const passwordlessRoutes = {
  'POST /passwordless/init': defineRoute({
    method: 'POST',
    path: '/passwordless/init',
    schema: {
      summary: 'Send a 6-digit login code to an e-mail address',
      body: {
        type: 'object',
        required: ['email'],
        properties: {
          email: { type: 'string', minLength: 1, maxLength: 320 },
          token: { type: ['string', 'null'], description: 'captcha token (required when the app enables captcha)' },
        },
      },
      response: { 200: successSchema },
    },
  }),
  'POST /passwordless/authenticate': defineRoute({
    method: 'POST',
    path: '/passwordless/authenticate',
    schema: {
      summary: 'Trade an e-mail login code for a session (auth response)',
      body: {
        type: 'object',
        required: ['email', 'code'],
        properties: {
          email: { type: 'string', minLength: 1, maxLength: 320 },
          code: { type: 'string', minLength: 1, maxLength: 64 },
          mode,
        },
      },
      response: { 200: authResponseSchema },
    },
  }),
} as const

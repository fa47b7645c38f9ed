/** Custom-token (host JWT) login and link. */
import { defineRoute } from './define.ts'
import { authMode, bearerHeaders } from './headers.ts'
import { authResponseSchema, userAnswer } from './shared.ts'

const token = { type: 'string', minLength: 1, maxLength: 16384 } as const

export const customAuthRoutes = {
  'POST /custom_jwt_account/authenticate': defineRoute({
    method: 'POST',
    path: '/custom_jwt_account/authenticate',
    schema: {
      summary: "Log in with the host's own JWT (verified against the app's issuer and keys) → auth response",
      body: { type: 'object', required: ['token'], properties: { token, mode: authMode } },
      response: { 200: authResponseSchema },
    },
  }),
  'POST /custom_jwt_account/link': defineRoute({
    method: 'POST',
    path: '/custom_jwt_account/link',
    schema: {
      summary: "Link the host's user (its JWT) to the signed-in user → the user",
      headers: bearerHeaders,
      body: { type: 'object', required: ['token'], properties: { token } },
      response: { 200: userAnswer('The user, with the custom account linked') },
    },
  }),
} as const

/** E-mail login codes (spec part 1 §3). */
import { defineRoute } from './define.ts'
import { authMode, captchaToken, emailAddress, loginCode } from './headers.ts'
import { authResponseSchema, successSchema } from './shared.ts'

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
          email: emailAddress,
          token: captchaToken,
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
          email: emailAddress,
          code: loginCode,
          mode: authMode,
        },
      },
      response: { 200: authResponseSchema },
    },
  }),
} as const

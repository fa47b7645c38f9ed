/** The signed-in user (spec part 1 §7). */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'
import { userObjectAnswer, wireUserSchema } from './shared.ts'

export const usersRoutes = {
  'GET /users/me': defineRoute({
    method: 'GET',
    path: '/users/me',
    schema: {
      summary: 'The signed-in user and a fresh identity token',
      headers: bearerHeaders,
      response: {
        200: {
          description: 'The user and a new identity token',
          type: 'object',
          required: ['identity_token', 'user'],
          properties: { identity_token: { type: 'string' }, user: wireUserSchema },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /users/me/accept_terms': defineRoute({
    method: 'POST',
    path: '/users/me/accept_terms',
    schema: {
      summary: 'Record that the signed-in user accepted the terms',
      headers: bearerHeaders,
      response: {
        200: userObjectAnswer('The user, terms accepted'),
      },
    },
  }),
} as const

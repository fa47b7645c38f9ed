/** The app's public configuration and token keys (spec part 1 §1). */
import { publicAppConfigSchema } from './app-config.ts'
import { defineRoute } from './define.ts'
import { appParams } from './headers.ts'

export const appsRoutes = {
  'GET /apps/:app_id': defineRoute({
    method: 'GET',
    path: '/apps/:app_id',
    schema: { summary: 'Public configuration of an app (what the widget needs)', params: appParams, response: { 200: publicAppConfigSchema } },
  }),
  'GET /apps/:app_id/jwks.json': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/jwks.json',
    schema: {
      summary: 'Public keys (JWKS) that verify access and identity tokens',
      params: appParams,
      response: {
        200: {
          description: 'The JSON Web Key Set (public keys only)',
          type: 'object',
          required: ['keys'],
          properties: {
            keys: {
              type: 'array',
              items: {
                type: 'object',
                properties: { kty: { type: 'string' }, kid: { type: 'string' }, alg: { type: 'string' }, use: { type: 'string' } },
                // The key's own parameters (crv, x, y, …) by its type.
                additionalProperties: true,
              },
            },
          },
          additionalProperties: false,
        },
      },
    },
  }),
} as const

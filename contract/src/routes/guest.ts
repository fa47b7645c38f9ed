/** Guest login: a browser-held 32-byte credential, no identity. */
import { defineRoute } from './define.ts'
import { authResponseSchema } from './shared.ts'

export const guestRoutes = {
  'POST /guest/authenticate': defineRoute({
    method: 'POST',
    path: '/guest/authenticate',
    schema: {
      summary: 'Log in as the guest named by its credential (a new guest user the first time) → auth response',
      // 32 bytes in base64url are 43 characters (no padding).
      body: { type: 'object', required: ['guest_credential'], properties: { guest_credential: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } } },
      response: { 200: authResponseSchema },
    },
  }),
} as const

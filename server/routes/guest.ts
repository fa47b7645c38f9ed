/**
 * Guest login: the browser keeps a 32-byte random credential per app and presents it;
 * the same credential is the same guest user. Only its SHA-256 is stored (it is a bearer secret).
 * Guests cannot link (AccountService.link) and may later log in to a real account. Guest login is
 * the app's `loginMethods.guest` switch (off by default), enforced by the login gate like every
 * method's; guests are not counted by the user limit.
 */
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { sha256 } from '../crypto/hash.js'

// 32 bytes in base64url are 43 characters (no padding).
const authenticateSchema = {
  summary: 'Log in as the guest named by its credential (a new guest user the first time) → auth response',
  body: { type: 'object', required: ['guest_credential'], properties: { guest_credential: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } } },
} as const

export default async function guestRoutes(app: ApiInstance) {
  const { accounts } = app.gatehouse
  app.post('/guest/authenticate', { schema: authenticateSchema, config: LOGIN_ROUTE }, async (request) =>
    accounts.authenticate(request.gatehouseApp!, request.ip, () => ({ type: 'guest', address: sha256(request.body.guest_credential) }), { isGuest: true }),
  )
}

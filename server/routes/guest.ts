/**
 * Guest login: the browser keeps a 32-byte random credential per app and presents it;
 * the same credential is the same guest user. Only its SHA-256 is stored (it is a bearer secret).
 * Guests cannot link (AccountService.link) and may later log in to a real account. Guest login is
 * the app's `loginMethods.guest` switch (off by default), enforced by the login gate like every
 * method's; guests are not counted by the user limit.
 */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, type ApiInstance, LOGIN_ROUTE } from '../context.js'
import { sha256 } from '../crypto/hash.js'

const authenticate = ROUTES['POST /guest/authenticate']

export default async function guestRoutes(app: ApiInstance) {
  const { accounts } = app.gatehouse
  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    accounts.authenticate(appOf(request), request.ip, () => ({ type: 'guest', address: sha256(request.body.guest_credential) }), { isGuest: true }),
  )
}

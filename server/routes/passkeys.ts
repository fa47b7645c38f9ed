/** Passkey sign-up, login, link and unlink; the WebAuthn work is in services/passkeys.ts. */
import { assertionFromWire, registrationFromWire } from '@gatehouse/contract'
import { ROUTES } from '@gatehouse/contract/routes'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { appOf, type ApiInstance, emptyBody, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'
import { PASSKEY_TYPE } from '../services/passkeys.js'
import { accountRoutes } from './account-routes.js'

const registerInit = ROUTES['POST /passkeys/register/init']
const register = ROUTES['POST /passkeys/register']
const authenticateInit = ROUTES['POST /passkeys/authenticate/init']
const authenticate = ROUTES['POST /passkeys/authenticate']
const linkInit = ROUTES['POST /passkeys/link/init']

// The credential arrives in the spec's snake_case (or the older camelCase); @simplewebauthn checks
// the inside of WebAuthn's own JSON, so it is turned into that here, at the edge, and nowhere else.
const registration = (credential: Parameters<typeof registrationFromWire>[0]) => registrationFromWire(credential) as RegistrationResponseJSON
const assertion = (credential: Parameters<typeof assertionFromWire>[0]) => assertionFromWire(credential) as AuthenticationResponseJSON

export default async function passkeyRoutes(app: ApiInstance) {
  const { passkeys } = app.gatehouse
  const init = { config: HEADER_APP, preValidation: emptyBody }

  app.post(registerInit.path, { ...init, schema: registerInit.schema }, async (request) =>
    passkeys.registrationOptions(appOf(request), request.headers.origin, request.ip, null, request.body?.token),
  )

  app.post(register.path, { schema: register.schema, config: LOGIN_ROUTE }, async (request) =>
    passkeys.register(appOf(request), registration(request.body.authenticator_response), request.body.mode, request.headers['user-agent']),
  )

  app.post(authenticateInit.path, { ...init, schema: authenticateInit.schema }, async (request) =>
    passkeys.authenticationOptions(appOf(request), request.headers.origin, request.ip, request.body?.token),
  )

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    passkeys.authenticate(appOf(request), request.body.challenge, assertion(request.body.authenticator_response), request.body.mode, request.ip),
  )

  app.post(linkInit.path, { ...init, schema: linkInit.schema }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passkeys.registrationOptions(appOf(request), request.headers.origin, request.ip, userId)
  })

  const routes = { link: ROUTES['POST /passkeys/link'], unlink: ROUTES['POST /passkeys/unlink'] }
  accountRoutes(app, routes, {
    link: (target, userId, request) => passkeys.link(target, userId, registration(request.body.authenticator_response), request.headers['user-agent']),
    type: PASSKEY_TYPE,
    address: (body) => body.credentialId,
  })
}

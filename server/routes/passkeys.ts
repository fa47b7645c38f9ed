/** Passkey sign-up, login, link and unlink; the WebAuthn work is in services/passkeys.ts. */
import { assertionFromWire, registrationFromWire } from '@gatehouse/contract'
import { ROUTES } from '@gatehouse/contract/routes'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { type ApiInstance, emptyBody, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'
import { PASSKEY_TYPE } from '../services/passkeys.js'

const registerInit = ROUTES['POST /passkeys/register/init']
const register = ROUTES['POST /passkeys/register']
const authenticateInit = ROUTES['POST /passkeys/authenticate/init']
const authenticate = ROUTES['POST /passkeys/authenticate']
const linkInit = ROUTES['POST /passkeys/link/init']
const link = ROUTES['POST /passkeys/link']
const unlink = ROUTES['POST /passkeys/unlink']

// The credential arrives in the spec's snake_case (or the older camelCase); @simplewebauthn checks
// the inside of WebAuthn's own JSON, so it is turned into that here, at the edge, and nowhere else.
const registration = (credential: Parameters<typeof registrationFromWire>[0]) => registrationFromWire(credential) as RegistrationResponseJSON
const assertion = (credential: Parameters<typeof assertionFromWire>[0]) => assertionFromWire(credential) as AuthenticationResponseJSON

export default async function passkeyRoutes(app: ApiInstance) {
  const { passkeys, accounts } = app.gatehouse
  const init = { config: HEADER_APP, preValidation: emptyBody }

  app.post(registerInit.path, { ...init, schema: registerInit.schema }, async (request) =>
    passkeys.registrationOptions(request.gatehouseApp!, request.headers.origin, request.ip, null, request.body?.token),
  )

  app.post(register.path, { schema: register.schema, config: LOGIN_ROUTE }, async (request) =>
    passkeys.register(request.gatehouseApp!, registration(request.body.authenticator_response), request.body.mode, request.headers['user-agent']),
  )

  app.post(authenticateInit.path, { ...init, schema: authenticateInit.schema }, async (request) =>
    passkeys.authenticationOptions(request.gatehouseApp!, request.headers.origin, request.ip, request.body?.token),
  )

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    passkeys.authenticate(request.gatehouseApp!, request.body.challenge, assertion(request.body.authenticator_response), request.body.mode, request.ip),
  )

  app.post(linkInit.path, { ...init, schema: linkInit.schema }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passkeys.registrationOptions(request.gatehouseApp!, request.headers.origin, request.ip, userId)
  })

  app.post(link.path, { schema: link.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passkeys.link(request.gatehouseApp!, userId, registration(request.body.authenticator_response), request.headers['user-agent'])
  })

  app.post(unlink.path, { schema: unlink.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, PASSKEY_TYPE, request.body.credentialId)
  })
}

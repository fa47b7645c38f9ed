/** Passkey sign-up, login, link and unlink; the WebAuthn work is in services/passkeys.ts. */
import { type ApiInstance, emptyBody, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'
import { PASSKEY_TYPE } from '../services/passkeys.js'

const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const
const mode = { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } as const
/** The browser's PublicKeyCredential as JSON (@simplewebauthn/browser's shape); the library checks the inside. */
const credential = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 1024 },
    rawId: { type: 'string', maxLength: 1024 },
    type: { type: 'string', const: 'public-key' },
    response: { type: 'object' },
  },
} as const
const relyingParty = { type: 'string', maxLength: 512, description: 'the page origin (informational; the Origin header is what is checked)' } as const
const initBody = { type: 'object', properties: { token: { type: ['string', 'null'], description: 'captcha token' } } } as const

const registerInitSchema = { summary: 'Creation options for a passkey sign-up (rp, user, challenge, pub_key_cred_params, …)', body: initBody } as const
const registerSchema = {
  summary: 'Sign up (or log in) with a newly created passkey → auth response',
  body: { type: 'object', required: ['authenticator_response'], properties: { relying_party: relyingParty, authenticator_response: credential, mode } },
} as const
const authenticateInitSchema = {
  summary: 'Request options for a passkey login (rp_id, challenge, allow_credentials, timeout, user_verification)',
  body: initBody,
} as const
const authenticateSchema = {
  summary: 'Log in with a passkey assertion → auth response',
  body: {
    type: 'object',
    required: ['challenge', 'authenticator_response'],
    properties: { relying_party: relyingParty, challenge: { type: 'string', minLength: 1, maxLength: 256 }, authenticator_response: credential, mode },
  },
} as const
const linkInitSchema = { summary: 'Creation options for a passkey linked to the signed-in user', headers: bearerHeaders, body: initBody } as const
const linkSchema = {
  summary: 'Link a newly created passkey to the signed-in user → the user',
  headers: bearerHeaders,
  body: { type: 'object', required: ['authenticator_response'], properties: { relying_party: relyingParty, authenticator_response: credential } },
} as const
const unlinkSchema = {
  summary: "Unlink one of the signed-in user's passkeys → the user",
  headers: bearerHeaders,
  body: { type: 'object', required: ['credentialId'], properties: { credentialId: { type: 'string', minLength: 1, maxLength: 1024 } } },
} as const

export default async function passkeyRoutes(app: ApiInstance) {
  const { passkeys, accounts } = app.gatehouse
  const init = { config: HEADER_APP, preValidation: emptyBody }

  app.post('/passkeys/register/init', { ...init, schema: registerInitSchema }, async (request) =>
    passkeys.registrationOptions(request.gatehouseApp!, request.headers.origin, request.ip, null, request.body?.token),
  )

  // The credential's inside is @simplewebauthn's to check: the schema only bounds its outer shape.
  app.post('/passkeys/register', { schema: registerSchema, config: LOGIN_ROUTE }, async (request) =>
    passkeys.register(request.gatehouseApp!, request.body.authenticator_response as never, request.body.mode, request.headers['user-agent']),
  )

  app.post('/passkeys/authenticate/init', { ...init, schema: authenticateInitSchema }, async (request) =>
    passkeys.authenticationOptions(request.gatehouseApp!, request.headers.origin, request.ip, request.body?.token),
  )

  app.post('/passkeys/authenticate', { schema: authenticateSchema, config: LOGIN_ROUTE }, async (request) =>
    passkeys.authenticate(request.gatehouseApp!, request.body.challenge, request.body.authenticator_response as never, request.body.mode, request.ip),
  )

  app.post('/passkeys/link/init', { ...init, schema: linkInitSchema }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passkeys.registrationOptions(request.gatehouseApp!, request.headers.origin, request.ip, userId)
  })

  app.post('/passkeys/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passkeys.link(request.gatehouseApp!, userId, request.body.authenticator_response as never, request.headers['user-agent'])
  })

  app.post('/passkeys/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, PASSKEY_TYPE, request.body.credentialId)
  })
}

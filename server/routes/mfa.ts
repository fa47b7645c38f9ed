/**
 * `/mfa/*` (api-paths.md). Verify, enroll and unenroll come from the wallet frame only (its Origin
 * and a DPoP proof by the session's device key, like key material): the MFA proof they leave on the
 * session is then bound to that device. Sending an SMS code for verification and passkey options
 * come from the host page (bearer only), which runs the WebAuthn ceremony on its own origin.
 */
import { assertionFromWire } from '@gatehouse/contract'
import { ROUTES } from '@gatehouse/contract/routes'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { FastifyRequest } from 'fastify'
import { HEADER_APP, type ApiInstance } from '../context.js'
import { requireBearer } from '../services/bearer.js'
import type { MfaCaller } from '../services/mfa.js'

const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const
const code = { type: 'string', pattern: '^[0-9]{6}$' } as const
const phone = { type: 'string', minLength: 3, maxLength: 32 } as const
const obj = { type: 'object', additionalProperties: false } as const

const codeSchema = {
  summary: 'Verify or enroll with a 6-digit code (wallet frame only)',
  headers: bearerHeaders,
  body: { ...obj, required: ['code'], properties: { code } },
} as const
const emptySchema = { summary: 'MFA call without input', headers: bearerHeaders } as const
const smsInitSchema = {
  summary: "Send an MFA code by SMS: 'verify' to the enrolled number, 'enroll' to a new one",
  headers: bearerHeaders,
  body: { ...obj, required: ['action'], properties: { action: { type: 'string', enum: ['verify', 'enroll'] }, phone_number: phone } },
} as const
const smsEnrollSchema = {
  summary: 'Enroll a phone number with the code sent to it (wallet frame only)',
  headers: bearerHeaders,
  body: { ...obj, required: ['phone_number', 'code'], properties: { phone_number: phone, code } },
} as const
const passkeyInit = ROUTES['POST /mfa/passkeys/init']
const passkeyVerify = ROUTES['POST /mfa/passkeys/verify']
const passkeyEnrollment = ROUTES['POST /mfa/passkeys/enrollment']

export default async function mfaRoutes(app: ApiInstance) {
  const { sessions, wallets, mfa, mfaPasskeys } = app.gatehouse

  /** The frame of the session's own device: Origin, bound session and its proof (as for key material). */
  async function frame(request: FastifyRequest): Promise<MfaCaller> {
    const claims = await requireBearer(request)
    // The proof was verified (and spent) by the API's hook: services/device-gate.ts.
    const found = await wallets.frameDevice({ ...claims, origin: request.headers.origin, device: request.device })
    return { appId: request.gatehouseApp!.id, userId: claims.userId, session: found.session }
  }
  async function bearer(request: FastifyRequest): Promise<MfaCaller> {
    const claims = await requireBearer(request)
    const session = await sessions.activeSession(claims.sessionId, claims.userId)
    return { appId: request.gatehouseApp!.id, userId: claims.userId, session }
  }

  app.post('/mfa/totp/init', { schema: emptySchema, config: HEADER_APP }, async (request) => {
    const caller = await frame(request)
    const user = await sessions.userForSession(caller.session.id, caller.userId)
    const label = String(user.linked_accounts.find((a) => a.type === 'email')?.address ?? user.id)
    return mfa.initTotp(caller, request.gatehouseApp!, label)
  })
  app.post('/mfa/totp/enroll', { schema: codeSchema, config: HEADER_APP }, async (request) => ({
    user: await mfa.enrollTotp(await frame(request), request.body.code),
  }))
  app.post('/mfa/totp/verify', { schema: codeSchema, config: HEADER_APP }, async (request) => mfa.verifyTotp(await frame(request), request.body.code))
  app.post('/mfa/totp/unenroll', { schema: emptySchema, config: HEADER_APP }, async (request) => ({ user: await mfa.unenroll(await frame(request), 'totp') }))

  app.post('/mfa/passwordless_sms/init', { schema: smsInitSchema, config: HEADER_APP }, async (request) => {
    const { action, phone_number } = request.body
    // Enrolling a number is a change of methods: the frame's; a verification code may be asked for by the host.
    const caller = action === 'enroll' ? await frame(request) : await bearer(request)
    await mfa.initSms(caller, request.gatehouseApp!, action, phone_number, request.ip)
    return { success: true }
  })
  app.post('/mfa/passwordless_sms/enroll', { schema: smsEnrollSchema, config: HEADER_APP }, async (request) => ({
    user: await mfa.enrollSms(await frame(request), request.body.phone_number, request.body.code),
  }))
  app.post('/mfa/passwordless_sms/verify', { schema: codeSchema, config: HEADER_APP }, async (request) =>
    mfa.verifySms(await frame(request), request.body.code),
  )
  app.post('/mfa/passwordless_sms/unenroll', { schema: emptySchema, config: HEADER_APP }, async (request) => ({
    user: await mfa.unenroll(await frame(request), 'sms'),
  }))

  app.post(passkeyInit.path, { schema: passkeyInit.schema, config: HEADER_APP }, async (request) => {
    const caller = await bearer(request)
    return { options: await mfaPasskeys.init(request.gatehouseApp!, caller.userId, request.headers.origin) }
  })
  // The assertion as WebAuthn's JSON, for @simplewebauthn (the spec's snake_case or the older camelCase: routes/passkeys.ts).
  app.post(passkeyVerify.path, { schema: passkeyVerify.schema, config: HEADER_APP }, async (request) =>
    mfaPasskeys.verify(await frame(request), assertionFromWire(request.body.authenticator_response) as AuthenticationResponseJSON),
  )
  app.post(passkeyEnrollment.path, { schema: passkeyEnrollment.schema, config: HEADER_APP }, async (request) => ({
    user: await mfaPasskeys.enrollment(await frame(request), request.gatehouseApp!, request.body.credential_ids, Boolean(request.body.remove_for_login)),
  }))
}

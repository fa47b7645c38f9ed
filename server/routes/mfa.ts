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
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import { requireBearer } from '../services/bearer.js'
import type { MfaCaller } from '../services/mfa.js'

const totpInit = ROUTES['POST /mfa/totp/init']
const totpEnroll = ROUTES['POST /mfa/totp/enroll']
const totpVerify = ROUTES['POST /mfa/totp/verify']
const totpUnenroll = ROUTES['POST /mfa/totp/unenroll']
const smsInit = ROUTES['POST /mfa/passwordless_sms/init']
const smsEnroll = ROUTES['POST /mfa/passwordless_sms/enroll']
const smsVerify = ROUTES['POST /mfa/passwordless_sms/verify']
const smsUnenroll = ROUTES['POST /mfa/passwordless_sms/unenroll']

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
    return { appId: appOf(request).id, userId: claims.userId, session: found.session }
  }
  async function bearer(request: FastifyRequest): Promise<MfaCaller> {
    const claims = await requireBearer(request)
    const session = await sessions.activeSession(claims.sessionId, claims.userId)
    return { appId: appOf(request).id, userId: claims.userId, session }
  }

  app.post(totpInit.path, { schema: totpInit.schema, config: HEADER_APP }, async (request) => {
    const caller = await frame(request)
    const user = await sessions.userForSession(caller.session.id, caller.userId)
    const label = String(user.linked_accounts.find((a) => a.type === 'email')?.address ?? user.id)
    return mfa.initTotp(caller, appOf(request), label)
  })
  app.post(totpEnroll.path, { schema: totpEnroll.schema, config: HEADER_APP }, async (request) => ({
    user: await mfa.enrollTotp(await frame(request), request.body.code),
  }))
  app.post(totpVerify.path, { schema: totpVerify.schema, config: HEADER_APP }, async (request) => mfa.verifyTotp(await frame(request), request.body.code))
  app.post(totpUnenroll.path, { schema: totpUnenroll.schema, config: HEADER_APP }, async (request) => ({
    user: await mfa.unenroll(await frame(request), 'totp'),
  }))

  app.post(smsInit.path, { schema: smsInit.schema, config: HEADER_APP }, async (request) => {
    const { action, phone_number } = request.body
    // Enrolling a number is a change of methods: the frame's; a verification code may be asked for by the host.
    const caller = action === 'enroll' ? await frame(request) : await bearer(request)
    await mfa.initSms(caller, appOf(request), action, phone_number, request.ip)
    return { success: true } as const
  })
  app.post(smsEnroll.path, { schema: smsEnroll.schema, config: HEADER_APP }, async (request) => ({
    user: await mfa.enrollSms(await frame(request), request.body.phone_number, request.body.code),
  }))
  app.post(smsVerify.path, { schema: smsVerify.schema, config: HEADER_APP }, async (request) => mfa.verifySms(await frame(request), request.body.code))
  app.post(smsUnenroll.path, { schema: smsUnenroll.schema, config: HEADER_APP }, async (request) => ({
    user: await mfa.unenroll(await frame(request), 'sms'),
  }))

  app.post(passkeyInit.path, { schema: passkeyInit.schema, config: HEADER_APP }, async (request) => {
    const caller = await bearer(request)
    return { options: await mfaPasskeys.init(appOf(request), caller.userId, request.headers.origin) }
  })
  // The assertion as WebAuthn's JSON, for @simplewebauthn (the spec's snake_case or the older camelCase: routes/passkeys.ts).
  app.post(passkeyVerify.path, { schema: passkeyVerify.schema, config: HEADER_APP }, async (request) =>
    mfaPasskeys.verify(await frame(request), assertionFromWire(request.body.authenticator_response) as AuthenticationResponseJSON),
  )
  app.post(passkeyEnrollment.path, { schema: passkeyEnrollment.schema, config: HEADER_APP }, async (request) => ({
    user: await mfaPasskeys.enrollment(await frame(request), appOf(request), request.body.credential_ids, Boolean(request.body.remove_for_login)),
  }))
}

/**
 * `/mfa/totp/*` and `/mfa/passwordless_sms/*` (spec part 1 §6). Verify, enroll and unenroll come
 * from the wallet frame only (its Origin and a DPoP proof by the session's device key); sending an
 * SMS code for verification comes from the host page (bearer only).
 */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'
import { mfaProofAnswer, successSchema, userObjectAnswer } from './shared.ts'

const code = { type: 'string', pattern: '^[0-9]{6}$' } as const
const phone = { type: 'string', minLength: 3, maxLength: 32 } as const
const obj = { type: 'object', additionalProperties: false } as const
const codeBody = { ...obj, required: ['code'], properties: { code } } as const

/** `{ user }`: the answer of an enrollment or unenrollment (the user's `mfa_methods` changed). */
export const mfaUserResponseSchema = userObjectAnswer('The user, with the change to their MFA methods applied')
/** A passed verification: the session's MFA proof holds until `mfa_verified_until` (epoch ms). */
export const mfaProofResponseSchema = mfaProofAnswer("Verified: the session's MFA proof and until when it holds")

const CODE_SUMMARY = 'Verify or enroll with a 6-digit code (wallet frame only)'

export const mfaRoutes = {
  'POST /mfa/totp/init': defineRoute({
    method: 'POST',
    path: '/mfa/totp/init',
    schema: {
      summary: 'Start enrolling an authenticator app: a new pending key (wallet frame only)',
      headers: bearerHeaders,
      response: {
        200: {
          description: 'The pending key, in base32 and as the otpauth:// URL of its QR code',
          type: 'object',
          required: ['secret', 'auth_url'],
          properties: { secret: { type: 'string' }, auth_url: { type: 'string' } },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /mfa/totp/enroll': defineRoute({
    method: 'POST',
    path: '/mfa/totp/enroll',
    schema: { summary: CODE_SUMMARY, headers: bearerHeaders, body: codeBody, response: { 200: mfaUserResponseSchema } },
  }),
  'POST /mfa/totp/verify': defineRoute({
    method: 'POST',
    path: '/mfa/totp/verify',
    schema: { summary: CODE_SUMMARY, headers: bearerHeaders, body: codeBody, response: { 200: mfaProofResponseSchema } },
  }),
  'POST /mfa/totp/unenroll': defineRoute({
    method: 'POST',
    path: '/mfa/totp/unenroll',
    schema: { summary: 'Remove the authenticator app (wallet frame only)', headers: bearerHeaders, response: { 200: mfaUserResponseSchema } },
  }),
  'POST /mfa/passwordless_sms/init': defineRoute({
    method: 'POST',
    path: '/mfa/passwordless_sms/init',
    schema: {
      summary: "Send an MFA code by SMS: 'verify' to the enrolled number, 'enroll' to a new one",
      headers: bearerHeaders,
      body: { ...obj, required: ['action'], properties: { action: { type: 'string', enum: ['verify', 'enroll'] }, phone_number: phone } },
      response: { 200: successSchema },
    },
  }),
  'POST /mfa/passwordless_sms/enroll': defineRoute({
    method: 'POST',
    path: '/mfa/passwordless_sms/enroll',
    schema: {
      summary: 'Enroll a phone number with the code sent to it (wallet frame only)',
      headers: bearerHeaders,
      body: { ...obj, required: ['phone_number', 'code'], properties: { phone_number: phone, code } },
      response: { 200: mfaUserResponseSchema },
    },
  }),
  'POST /mfa/passwordless_sms/verify': defineRoute({
    method: 'POST',
    path: '/mfa/passwordless_sms/verify',
    schema: { summary: CODE_SUMMARY, headers: bearerHeaders, body: codeBody, response: { 200: mfaProofResponseSchema } },
  }),
  'POST /mfa/passwordless_sms/unenroll': defineRoute({
    method: 'POST',
    path: '/mfa/passwordless_sms/unenroll',
    schema: { summary: 'Remove the SMS second factor (wallet frame only)', headers: bearerHeaders, response: { 200: mfaUserResponseSchema } },
  }),
} as const

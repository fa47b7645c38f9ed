/** SMS code login, link, unlink, update and transfer (spec part 1 §3, §5). */
import { defineRoute } from './define.ts'
import { authMode, bearerHeaders, captchaToken, loginCode as code, transferBody, TRANSFER_SUMMARY } from './headers.ts'
import { authResponseSchema, successSchema, userResponseSchema } from './shared.ts'

const phone = { type: 'string', minLength: 1, maxLength: 40 } as const

export const passwordlessSmsRoutes = {
  'POST /passwordless_sms/init': defineRoute({
    method: 'POST',
    path: '/passwordless_sms/init',
    schema: {
      summary: 'Send a 6-digit login code by SMS (or WhatsApp)',
      body: {
        type: 'object',
        required: ['phoneNumber'],
        properties: {
          phoneNumber: phone,
          token: captchaToken,
          channel: { type: 'string', enum: ['sms', 'whatsapp'] },
        },
      },
      response: { 200: successSchema },
    },
  }),
  'POST /passwordless_sms/authenticate': defineRoute({
    method: 'POST',
    path: '/passwordless_sms/authenticate',
    schema: {
      summary: 'Trade an SMS code for a session (auth response)',
      body: {
        type: 'object',
        required: ['phoneNumber', 'code'],
        properties: { phoneNumber: phone, code, mode: authMode },
      },
      response: { 200: authResponseSchema },
    },
  }),
  'POST /passwordless_sms/link': defineRoute({
    method: 'POST',
    path: '/passwordless_sms/link',
    schema: {
      summary: 'Link a phone number (proven by its code) to the signed-in user → the user',
      headers: bearerHeaders,
      body: { type: 'object', required: ['phoneNumber', 'code'], properties: { phoneNumber: phone, code } },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /passwordless_sms/unlink': defineRoute({
    method: 'POST',
    path: '/passwordless_sms/unlink',
    schema: {
      summary: "Unlink one of the signed-in user's phone numbers → the user",
      headers: bearerHeaders,
      body: { type: 'object', required: ['phoneNumber'], properties: { phoneNumber: phone } },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /passwordless_sms/update': defineRoute({
    method: 'POST',
    path: '/passwordless_sms/update',
    schema: {
      summary: "Replace the signed-in user's phone; the code was sent to the new number → the user",
      headers: bearerHeaders,
      body: {
        type: 'object',
        required: ['old_phone_number', 'new_phone_number', 'code'],
        properties: { old_phone_number: phone, new_phone_number: phone, code },
      },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /passwordless_sms/transfer': defineRoute({
    method: 'POST',
    path: '/passwordless_sms/transfer',
    schema: { summary: TRANSFER_SUMMARY, headers: bearerHeaders, body: transferBody, response: { 200: userResponseSchema } },
  }),
} as const

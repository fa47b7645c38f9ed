/** SMS code login, link, unlink, update and transfer. */
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'
import { normalizePhone } from '../services/passwordless-sms.js'
import { transferSchema } from './passwordless-link.js'

const phone = { type: 'string', minLength: 1, maxLength: 40 } as const
const code = { type: 'string', minLength: 1, maxLength: 64 } as const
const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const

const initSchema = {
  summary: 'Send a 6-digit login code by SMS (or WhatsApp)',
  body: {
    type: 'object',
    required: ['phoneNumber'],
    properties: {
      phoneNumber: phone,
      token: { type: ['string', 'null'], description: 'captcha token' },
      channel: { type: 'string', enum: ['sms', 'whatsapp'] },
    },
  },
} as const
const authenticateSchema = {
  summary: 'Trade an SMS code for a session (auth response)',
  body: {
    type: 'object',
    required: ['phoneNumber', 'code'],
    properties: { phoneNumber: phone, code, mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } },
  },
} as const
const linkSchema = {
  summary: 'Link a phone number (proven by its code) to the signed-in user → the user',
  headers: bearerHeaders,
  body: { type: 'object', required: ['phoneNumber', 'code'], properties: { phoneNumber: phone, code } },
} as const
const unlinkSchema = {
  summary: "Unlink one of the signed-in user's phone numbers → the user",
  headers: bearerHeaders,
  body: { type: 'object', required: ['phoneNumber'], properties: { phoneNumber: phone } },
} as const
const updateSchema = {
  summary: "Replace the signed-in user's phone; the code was sent to the new number → the user",
  headers: bearerHeaders,
  body: { type: 'object', required: ['old_phone_number', 'new_phone_number', 'code'], properties: { old_phone_number: phone, new_phone_number: phone, code } },
} as const

export default async function passwordlessSmsRoutes(app: ApiInstance) {
  const { passwordlessSms, accounts } = app.gatehouse

  app.post('/passwordless_sms/init', { schema: initSchema, config: HEADER_APP }, async (request) => {
    await passwordlessSms.init(request.gatehouseApp!, request.body, request.ip)
    return { success: true }
  })

  app.post('/passwordless_sms/authenticate', { schema: authenticateSchema, config: LOGIN_ROUTE }, async (request) =>
    passwordlessSms.authenticate(request.gatehouseApp!, request.body, request.ip),
  )

  app.post('/passwordless_sms/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passwordlessSms.link(request.gatehouseApp!, userId, request.body, request.ip)
  })

  app.post('/passwordless_sms/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, 'phone', normalizePhone(request.body.phoneNumber))
  })

  app.post('/passwordless_sms/update', { schema: updateSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passwordlessSms.update(request.gatehouseApp!, userId, request.body, request.ip)
  })

  app.post('/passwordless_sms/transfer', { schema: transferSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, 'phone', request.body.nonce)
  })
}

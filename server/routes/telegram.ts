/** Telegram login, link, unlink and transfer; the checks and throttles are in services/telegram.ts. */
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'
import { transferSchema } from './passwordless-link.js'

const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const
const short = { type: 'string', maxLength: 512 } as const
/** Telegram sends numbers; the redirect mode's query string gives strings. */
const numberOrString = { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]{1,20}$' }] } as const
const authResult = {
  type: ['object', 'null'],
  required: ['id', 'auth_date', 'hash'],
  additionalProperties: false,
  properties: {
    id: numberOrString,
    first_name: short,
    last_name: short,
    username: short,
    photo_url: { type: 'string', maxLength: 2048 },
    auth_date: numberOrString,
    hash: { type: 'string', maxLength: 128 },
  },
} as const
const proof = {
  captcha_token: { type: ['string', 'null'] },
  telegram_auth_result: authResult,
  telegram_web_app_data: { type: ['string', 'null'], maxLength: 8192 },
} as const
const authenticateSchema = {
  summary: 'Log in with a Telegram login-widget result or Mini App initData → auth response',
  body: { type: 'object', properties: { ...proof, mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } } },
} as const
const linkSchema = {
  summary: 'Link a Telegram account to the signed-in user → the user',
  headers: bearerHeaders,
  body: { type: 'object', properties: proof },
} as const
const unlinkSchema = {
  summary: "Unlink the signed-in user's Telegram account → the user",
  headers: bearerHeaders,
  body: { type: 'object', required: ['telegram_user_id'], properties: { telegram_user_id: numberOrString } },
} as const

export default async function telegramRoutes(app: ApiInstance) {
  const { accounts, telegram } = app.gatehouse

  app.post('/telegram/authenticate', { schema: authenticateSchema, config: LOGIN_ROUTE }, async (request) =>
    telegram.authenticate(request.gatehouseApp!, request.body, request.ip),
  )

  app.post('/telegram/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return telegram.link(request.gatehouseApp!, userId, request.body)
  })

  app.post('/telegram/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, 'telegram', String(request.body.telegram_user_id))
  })

  app.post('/telegram/transfer', { schema: transferSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, 'telegram', request.body.nonce)
  })
}

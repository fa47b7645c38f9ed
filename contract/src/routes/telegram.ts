/** Telegram login, link, unlink and transfer (spec part 1 §3, §5). */
import { defineRoute } from './define.ts'
import { authMode, bearerHeaders, transferBody, TRANSFER_SUMMARY } from './headers.ts'
import { authResponseSchema, userResponseSchema } from './shared.ts'

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

export const telegramRoutes = {
  'POST /telegram/authenticate': defineRoute({
    method: 'POST',
    path: '/telegram/authenticate',
    schema: {
      summary: 'Log in with a Telegram login-widget result or Mini App initData → auth response',
      body: { type: 'object', properties: { ...proof, mode: authMode } },
      response: { 200: authResponseSchema },
    },
  }),
  'POST /telegram/link': defineRoute({
    method: 'POST',
    path: '/telegram/link',
    schema: {
      summary: 'Link a Telegram account to the signed-in user → the user',
      headers: bearerHeaders,
      body: { type: 'object', properties: proof },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /telegram/unlink': defineRoute({
    method: 'POST',
    path: '/telegram/unlink',
    schema: {
      summary: "Unlink the signed-in user's Telegram account → the user",
      headers: bearerHeaders,
      body: { type: 'object', required: ['telegram_user_id'], properties: { telegram_user_id: numberOrString } },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /telegram/transfer': defineRoute({
    method: 'POST',
    path: '/telegram/transfer',
    schema: { summary: TRANSFER_SUMMARY, headers: bearerHeaders, body: transferBody, response: { 200: userResponseSchema } },
  }),
} as const

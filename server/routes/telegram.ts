/** Telegram login, link, unlink and transfer (issue #4); the checks are in services/telegram.ts. */
import type { FastifyInstance } from 'fastify'
import { requireCaptcha } from '../services/captcha.js'
import { HEADER_APP } from '../context.js'
import type { AuthMode, ProvenAccount } from '../services/accounts.js'
import type { App } from '../services/app-config.js'
import { requireSignedInUser } from '../services/bearer.js'
import { verifyTelegram, type TelegramAuthResult } from '../services/telegram.js'
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
const linkSchema = { summary: 'Link a Telegram account to the signed-in user → the user', headers: bearerHeaders, body: { type: 'object', properties: proof } } as const
const unlinkSchema = {
  summary: "Unlink the signed-in user's Telegram account → the user",
  headers: bearerHeaders,
  body: { type: 'object', required: ['telegram_user_id'], properties: { telegram_user_id: numberOrString } },
} as const

type Proof = { captcha_token?: string | null; telegram_auth_result?: TelegramAuthResult | null; telegram_web_app_data?: string | null }

export default async function telegramRoutes(app: FastifyInstance) {
  const { accounts, throttle, now } = app.gatehouse

  /** Verifies the proof, then counts it against its Telegram account (spec §8 'Request limit reached for Telegram'). */
  async function verified(gatehouseApp: App, body: Proof): Promise<ProvenAccount> {
    const proven = verifyTelegram(gatehouseApp, body, now())
    await throttle.hit(`telegram:${gatehouseApp.id}:${proven.address}`, throttle.limits.telegramAccount, { provider_rate_limited: true })
    return proven
  }

  app.post<{ Body: Proof & { mode?: AuthMode } }>('/api/v1/telegram/authenticate', { schema: authenticateSchema, config: HEADER_APP }, async (request) => {
    await throttle.hit(`auth:ip:${request.ip}`, throttle.limits.ipAuthenticate)
    await requireCaptcha(request, request.body.captcha_token)
    const proven = await verified(request.gatehouseApp!, request.body)
    return accounts.loginOrSignUp(request.gatehouseApp!, proven, { mode: request.body.mode })
  })

  app.post<{ Body: Proof }>('/api/v1/telegram/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.link(request.gatehouseApp!, userId, await verified(request.gatehouseApp!, request.body))
  })

  app.post<{ Body: { telegram_user_id: string | number } }>('/api/v1/telegram/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, 'telegram', String(request.body.telegram_user_id))
  })

  app.post<{ Body: { nonce: string } }>('/api/v1/telegram/transfer', { schema: transferSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, 'telegram', request.body.nonce)
  })
}

import type { FastifyInstance } from 'fastify'
import { requireCaptcha } from '../services/captcha.js'
import { HEADER_APP } from '../context.js'
import { requireBearer } from '../services/bearer.js'
import { SiwsService, type SiwsSignedInput } from '../services/siws.js'
import { walletAuthFor, type AuthMode } from '../services/wallet-auth.js'
import { registerWalletTransfer } from './wallet-transfer.js'

const address = { type: 'string', minLength: 1, maxLength: 128 } as const
const signed = {
  message: { type: 'string', minLength: 1, maxLength: 8192 },
  signature: { type: 'string', minLength: 1, maxLength: 256, description: 'base64 ed25519 signature' },
  message_type: { type: 'string', enum: ['plain', 'transaction'], description: "default 'plain'; 'transaction': message is a base64 transaction message with the text in a memo" },
  walletClientType: { type: ['string', 'null'], maxLength: 64 },
  connectorType: { type: ['string', 'null'], maxLength: 64 },
} as const
const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const

const initSchema = {
  summary: 'SIWS: a single-use nonce for the address (expires in 10 minutes)',
  body: { type: 'object', required: ['address'], properties: { address, token: { type: ['string', 'null'], description: 'captcha token' } } },
} as const
const authenticateSchema = {
  summary: 'SIWS: trade a signed Sign-In With Solana message (or memo transaction) for a session (auth response)',
  body: {
    type: 'object',
    required: ['message', 'signature'],
    properties: { ...signed, mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } },
  },
} as const
const linkSchema = {
  summary: "SIWS: link the signing wallet to the signed-in user (answers the user)",
  headers: bearerHeaders,
  body: { type: 'object', required: ['message', 'signature'], properties: signed },
} as const
const unlinkSchema = {
  summary: "SIWS: unlink an external Solana wallet from the signed-in user (answers the user)",
  headers: bearerHeaders,
  body: { type: 'object', required: ['address'], properties: { address } },
} as const

export default async function siwsRoutes(app: FastifyInstance) {
  const wallets = () => walletAuthFor(app.gatehouse)
  let service: SiwsService | null = null
  const siws = () => (service ??= new SiwsService(wallets(), app.gatehouse.now))

  app.post<{ Body: { address: string; token?: string | null } }>('/api/v1/siws/init', { schema: initSchema, config: HEADER_APP }, async (request) => {
    await requireCaptcha(request, request.body.token)
    return siws().init(request.gatehouseApp!, request.body.address, request.ip)
  }
  )

  app.post<{ Body: SiwsSignedInput & { mode?: AuthMode } }>(
    '/api/v1/siws/authenticate',
    { schema: authenticateSchema, config: HEADER_APP },
    (request) => siws().authenticate(request.gatehouseApp!, request.body, request.headers.origin, request.ip),
  )

  app.post<{ Body: SiwsSignedInput }>('/api/v1/siws/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    await app.gatehouse.sessions.userForSession(sessionId, userId)
    return siws().link(request.gatehouseApp!, userId, request.body, request.headers.origin, request.ip)
  })

  app.post<{ Body: { address: string } }>('/api/v1/siws/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    await app.gatehouse.sessions.userForSession(sessionId, userId)
    return wallets().unlink(request.gatehouseApp!, userId, request.body.address)
  })

  registerWalletTransfer(app, 'solana')
}

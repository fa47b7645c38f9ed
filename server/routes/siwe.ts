import type { FastifyInstance } from 'fastify'
import { requireCaptcha } from '../services/captcha.js'
import { HEADER_APP } from '../context.js'
import { requireBearer } from '../services/bearer.js'
import { SiweService, type SiweSignedInput } from '../services/siwe.js'
import { walletAuthFor, type AuthMode } from '../services/wallet-auth.js'
import { registerWalletTransfer } from './wallet-transfer.js'

const address = { type: 'string', minLength: 1, maxLength: 128 } as const
const signed = {
  message: { type: 'string', minLength: 1, maxLength: 4096 },
  signature: { type: 'string', minLength: 1, maxLength: 16384, description: '0x-hex; long for EIP-6492 wrapped signatures' },
  chainId: { anyOf: [{ type: 'string', maxLength: 64 }, { type: 'integer' }, { type: 'null' }], description: "CAIP-2 ('eip155:1'); must match the message" },
  walletClientType: { type: ['string', 'null'], maxLength: 64 },
  connectorType: { type: ['string', 'null'], maxLength: 64 },
} as const
const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const

const initSchema = {
  summary: 'SIWE: a single-use nonce for the address (expires in 10 minutes)',
  body: { type: 'object', required: ['address'], properties: { address, token: { type: ['string', 'null'], description: 'captcha token' } } },
} as const
const authenticateSchema = {
  summary: 'SIWE: trade a signed EIP-4361 message for a session (auth response)',
  body: {
    type: 'object',
    required: ['message', 'signature'],
    properties: { ...signed, mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } },
  },
} as const
const linkSchema = {
  summary: "SIWE: link the signing wallet to the signed-in user (answers the user)",
  headers: bearerHeaders,
  body: { type: 'object', required: ['message', 'signature'], properties: signed },
} as const
const unlinkSchema = {
  summary: "SIWE: unlink an external Ethereum wallet from the signed-in user (answers the user)",
  headers: bearerHeaders,
  body: { type: 'object', required: ['address'], properties: { address } },
} as const

export default async function siweRoutes(app: FastifyInstance) {
  const wallets = () => walletAuthFor(app.gatehouse)
  let service: SiweService | null = null
  const siwe = () => (service ??= new SiweService(wallets(), app.gatehouse.now))

  app.post<{ Body: { address: string; token?: string | null } }>('/api/v1/siwe/init', { schema: initSchema, config: HEADER_APP }, async (request) => {
    await requireCaptcha(request, request.body.token)
    return siwe().init(request.gatehouseApp!, request.body.address, request.ip)
  }
  )

  app.post<{ Body: SiweSignedInput & { mode?: AuthMode } }>(
    '/api/v1/siwe/authenticate',
    { schema: authenticateSchema, config: HEADER_APP },
    (request) => siwe().authenticate(request.gatehouseApp!, request.body, request.headers.origin, request.ip),
  )

  app.post<{ Body: SiweSignedInput }>('/api/v1/siwe/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    await app.gatehouse.sessions.userForSession(sessionId, userId)
    return siwe().link(request.gatehouseApp!, userId, request.body, request.headers.origin, request.ip)
  })

  app.post<{ Body: { address: string } }>('/api/v1/siwe/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    await app.gatehouse.sessions.userForSession(sessionId, userId)
    return wallets().unlink(request.gatehouseApp!, userId, siwe().normalise(request.body.address))
  })

  registerWalletTransfer(app, 'ethereum')
}

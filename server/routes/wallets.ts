import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HEADER_APP } from '../context.js'
import { ApiError } from '../errors.js'
import { requireBearer } from '../services/bearer.js'
import { RECOVERY_METHODS, type AddWalletInput, type SharesInput } from '../services/embedded-wallets.js'

const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const
const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const
const sharesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['share_set', 'auth_share', 'recovery_method', 'recovery_share'],
  properties: {
    share_set: text(64),
    auth_share: text(512),
    recovery_method: { type: 'string', enum: RECOVERY_METHODS },
    recovery_share: text(4096),
  },
} as const
const addressParams = { type: 'object', required: ['address'], properties: { address: text(64) } } as const

const listSchema = { summary: "The signed-in user's embedded wallets", headers: bearerHeaders } as const
const createSchema = {
  summary: 'Register a wallet the wallet frame derived (frame origin only)',
  headers: bearerHeaders,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['chain_type', 'address', 'wallet_index', 'entropy_id', 'entropy_id_verifier', 'proof'],
    properties: {
      chain_type: { type: 'string', enum: ['ethereum', 'solana'] },
      address: text(64),
      wallet_index: { type: 'integer' },
      imported: { type: 'boolean' },
      entropy_id: text(64),
      entropy_id_verifier: { type: 'string', enum: ['ethereum-address-verifier', 'solana-address-verifier'] },
      shares: sharesSchema,
      /** Signature of the contract's registrationMessage by the wallet's own key. */
      proof: text(256),
    },
  },
} as const
const keyMaterialSchema = {
  summary: "The server's shares of a wallet secret, for the wallet frame only",
  headers: bearerHeaders,
  params: addressParams,
  body: { type: 'object', additionalProperties: false, properties: { include_recovery: { type: 'boolean' } } },
} as const
const setRecoverySchema = {
  summary: 'Replace the server shares after a new split under another recovery method (frame origin only)',
  headers: bearerHeaders,
  params: addressParams,
  body: sharesSchema,
} as const

export default async function walletRoutes(app: FastifyInstance) {
  const frameOrigin = new URL(app.gatehouse.config.publicUrl).origin

  /**
   * Shares go only to the wallet frame: a page of this origin. Browsers set Origin themselves, so
   * script on a host page (which holds the access token too) cannot ask for them.
   */
  async function frameCaller(request: FastifyRequest) {
    const caller = await requireBearer(request)
    if (request.headers.origin !== frameOrigin) throw new ApiError('forbidden_origin', 'Only the wallet frame may call this')
    await app.gatehouse.sessions.userForSession(caller.sessionId, caller.userId)
    return caller
  }

  app.get('/api/v1/wallets', { schema: listSchema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    const user = await app.gatehouse.sessions.userForSession(sessionId, userId)
    const data = user.linked_accounts.filter((a) => a.type === 'wallet' && a.wallet_client_type === 'privy')
    return { data }
  })

  app.post<{ Body: AddWalletInput }>('/api/v1/wallets', { schema: createSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await frameCaller(request)
    return app.gatehouse.wallets.addWallet(request.gatehouseApp!.id, userId, request.body)
  })

  app.post<{ Params: { address: string }; Body: { include_recovery?: boolean } }>(
    '/api/v1/embedded_wallets/:address/recovery/key_material',
    { schema: keyMaterialSchema, config: HEADER_APP },
    async (request, reply) => {
      const { userId } = await frameCaller(request)
      // Per user, not per IP: the shares belong to the user, and a stolen token may come from anywhere.
      const { throttle } = app.gatehouse
      await throttle.hit(`key-material:${request.gatehouseApp!.id}:${userId}`, throttle.limits.keyMaterial)
      reply.header('cache-control', 'no-store')
      return app.gatehouse.wallets.keyMaterial(request.gatehouseApp!.id, userId, request.params.address, Boolean(request.body?.include_recovery))
    },
  )

  app.post<{ Params: { address: string }; Body: SharesInput }>(
    '/api/v1/embedded_wallets/:address/recovery',
    { schema: setRecoverySchema, config: HEADER_APP },
    async (request) => {
      const { userId } = await frameCaller(request)
      const user = await app.gatehouse.wallets.setRecovery(request.gatehouseApp!.id, userId, request.params.address, request.body)
      return { user }
    },
  )
}

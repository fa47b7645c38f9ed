import type { FastifyRequest } from 'fastify'
import { HEADER_APP, type ApiInstance } from '../context.js'
import { requireBearer } from '../services/bearer.js'
import { RECOVERY_METHODS, type FrameCaller } from '../services/embedded-wallets.js'

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
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      /** Older form of `purpose: 'recover'`. */
      include_recovery: { type: 'boolean' },
      purpose: { type: 'string', enum: ['connect', 'recover', 'export'] },
    },
  },
} as const
const setRecoverySchema = {
  summary: 'Replace the server shares after a new split under another recovery method (frame origin only)',
  headers: bearerHeaders,
  params: addressParams,
  body: {
    ...sharesSchema,
    properties: {
      ...sharesSchema.properties,
      /** Signature of the contract's shareSetMessage by the key of the entropy id; refused with invalid_share_set_proof when absent. */
      proof: text(256),
    },
  },
} as const

/**
 * The bearer's user, the request's Origin and its device proof (bound to this access token by
 * `ath`, verified by the API's hook): the wallet service decides whether the frame of an enrolled
 * device is calling.
 */
async function frameCaller(request: FastifyRequest): Promise<FrameCaller> {
  const claims = await requireBearer(request)
  return { ...claims, origin: request.headers.origin, device: request.device }
}

export default async function walletRoutes(app: ApiInstance) {
  const { sessions, wallets } = app.gatehouse

  app.get('/wallets', { schema: listSchema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    const user = await sessions.userForSession(sessionId, userId)
    const data = user.linked_accounts.filter((a) => a.type === 'wallet' && a.wallet_client_type === 'privy')
    return { data }
  })

  app.post('/wallets', { schema: createSchema, config: HEADER_APP }, async (request) =>
    wallets.addWallet(request.gatehouseApp!.id, await frameCaller(request), request.body),
  )

  app.post('/embedded_wallets/:address/recovery/key_material', { schema: keyMaterialSchema, config: HEADER_APP }, async (request, reply) => {
    // Every answer of this route, refusals included, stays out of caches.
    reply.header('cache-control', 'no-store')
    const body = request.body ?? {}
    const purpose = body.purpose ?? (body.include_recovery ? 'recover' : 'connect')
    return wallets.keyMaterial(request.gatehouseApp!.id, await frameCaller(request), request.params.address, purpose)
  })

  app.post('/embedded_wallets/:address/recovery', { schema: setRecoverySchema, config: HEADER_APP }, async (request) => {
    const user = await wallets.setRecovery(request.gatehouseApp!.id, await frameCaller(request), request.params.address, request.body)
    return { user }
  })
}

/**
 * The server-side wallet API (issue #29): the host's backend reads a user's embedded wallets, sets
 * their policy and allowed signers, and signs with a wallet its owner delegated (`POST
 * /wallets/:wallet_id/rpc` with the app secret AND an authorization signature; the route's widget
 * half is in wallet-rpc.ts). Authorization keys are the app owner's: `/admin/apps/:app_id/authorization-keys`.
 */
import { defineRoute } from './define.ts'

/** The methods a backend may ask a delegated wallet for, and a policy may allow. */
export const SERVER_WALLET_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'signMessage',
  'signTransaction',
  'signAndSendTransaction',
] as const

/** The headers a request signature covers besides the method, URL and body (services/authorization-keys.ts). */
export const AUTHORIZATION_SIGNATURE_HEADER = 'privy-authorization-signature'
export const REQUEST_EXPIRY_HEADER = 'privy-request-expiry'
export const IDEMPOTENCY_KEY_HEADER = 'privy-idempotency-key'
/** How far ahead `privy-request-expiry` may lie: a signed request is good for at most this long. */
export const MAX_REQUEST_LIFETIME_MS = 5 * 60 * 1000

const id = { type: 'string', minLength: 1, maxLength: 64 } as const
const evmAddress = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const
const base58 = { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' } as const
/** An amount in the asset's base unit (wei, token units, lamports), as a decimal string. */
const amount = { type: 'string', pattern: '^[0-9]{1,78}$' } as const
const limits = { type: 'object', additionalProperties: false, properties: { per_transaction: amount, per_day: amount } } as const
const hexData = { type: 'string', pattern: '^0x([0-9a-fA-F]{2}){0,65536}$' } as const
const quantity = {
  oneOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$' },
  ],
} as const
const base64 = { type: 'string', minLength: 1, maxLength: 16384, pattern: '^[A-Za-z0-9+/]*={0,2}$' } as const

/**
 * A wallet's policy. Default deny: no policy, or a method not in `methods`, is refused. Every other
 * field narrows further when present (absent: that dimension is not limited). Amounts per day are
 * over the last 24 hours, counted from what the server signed.
 */
export const walletPolicySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['methods'],
  properties: {
    methods: { type: 'array', items: { type: 'string', enum: SERVER_WALLET_METHODS }, uniqueItems: true, maxItems: SERVER_WALLET_METHODS.length },
    /** Ethereum chains a transaction (or typed data's domain) may name. */
    chain_ids: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 50 },
    /** Who may receive value: a native transfer's `to`, an ERC-20 transfer's recipient. */
    recipients: { type: 'array', items: evmAddress, maxItems: 500 },
    /** Contracts a call (a transaction with data) or typed data's verifyingContract may name. */
    contracts: { type: 'array', items: evmAddress, maxItems: 500 },
    /** When present, a call must match one entry; with an ABI its arguments are decoded and checked. */
    functions: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['selector'],
        properties: {
          contract: evmAddress,
          selector: { type: 'string', pattern: '^0x[0-9a-fA-F]{8}$' },
          /** The function's ABI item (`{ type: 'function', name, inputs }`), to decode the arguments. */
          abi: { type: 'object', additionalProperties: true },
          /** Per argument name: allowed values (`in`, compared case-insensitively) or a maximum (`max`, integers). */
          args: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              additionalProperties: false,
              properties: { in: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 500 }, max: amount },
            },
          },
        },
      },
    },
    native_value: limits,
    erc20_value: {
      type: 'array',
      maxItems: 50,
      items: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: evmAddress, ...limits.properties } },
    },
    /** Solana: every instruction's program must be listed. */
    solana_programs: { type: 'array', items: base58, maxItems: 100 },
    /** Solana: lamports moved by System program instructions. */
    lamports: limits,
  },
} as const

const additionalSignersSchema = {
  type: 'array',
  maxItems: 20,
  description: 'The authorization keys allowed to sign for this wallet (empty: every key of the app not limited to other wallets)',
  items: { type: 'object', additionalProperties: false, required: ['signer_id'], properties: { signer_id: id } },
} as const

export const serverWalletSchema = {
  type: 'object',
  required: ['id', 'address', 'chain_type', 'owner_id', 'delegated', 'policy', 'additional_signers', 'created_at'],
  properties: {
    id: { type: 'string' },
    address: { type: 'string' },
    chain_type: { type: 'string', enum: ['ethereum', 'solana'] },
    /** The user who owns the wallet. */
    owner_id: { type: 'string' },
    /** Whether the owner enabled offline access (the server may sign for it). */
    delegated: { type: 'boolean' },
    policy: { anyOf: [walletPolicySchema, { type: 'null' }] },
    additional_signers: additionalSignersSchema,
    /** ms since the epoch. */
    created_at: { type: 'integer' },
  },
  additionalProperties: false,
} as const

const walletParams = { type: 'object', required: ['wallet_id'], properties: { wallet_id: id } } as const
const appParams = { type: 'object', required: ['app_id'], properties: { app_id: id } } as const
const keyParams = { type: 'object', required: ['app_id', 'key_id'], properties: { app_id: id, key_id: id } } as const
const dateTime = { type: 'string', format: 'date-time' } as const

/** A P-256 public key: base64 of its DER SubjectPublicKeyInfo (optionally with the `wallet-auth:` prefix), or PEM. */
const publicKey = { type: 'string', minLength: 40, maxLength: 1000 } as const
const keyInput = {
  type: 'object',
  additionalProperties: false,
  required: ['public_key'],
  properties: {
    public_key: publicKey,
    label: { type: 'string', maxLength: 100 },
    /** When present, the key signs only for these wallets. */
    wallet_ids: { type: 'array', items: id, minItems: 1, maxItems: 1000, uniqueItems: true },
  },
} as const
export const authorizationKeySchema = {
  type: 'object',
  required: ['id', 'public_key', 'label', 'wallet_ids', 'createdAt', 'revokedAt'],
  properties: {
    id: { type: 'string' },
    public_key: { type: 'string' },
    label: { type: ['string', 'null'] },
    wallet_ids: { type: ['array', 'null'], items: { type: 'string' } },
    createdAt: dateTime,
    revokedAt: { type: ['string', 'null'], format: 'date-time' },
  },
  additionalProperties: false,
} as const
const keyList = {
  description: 'The keys',
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: authorizationKeySchema } },
  additionalProperties: false,
} as const

/** The body of a server-side RPC call, one shape per method (the widget's sponsored send is wallet-rpc.ts's). */
const ethTransaction = {
  type: 'object',
  additionalProperties: false,
  properties: {
    to: evmAddress,
    value: quantity,
    data: hexData,
    chain_id: quantity,
    nonce: quantity,
    gas_limit: quantity,
    gas_price: quantity,
    max_fee_per_gas: quantity,
    max_priority_fee_per_gas: quantity,
    type: { enum: [0, 2] },
  },
} as const
const caip2Eth = { type: 'string', pattern: '^eip155:[0-9]{1,12}$' } as const
const caip2Sol = { type: 'string', pattern: '^solana:[A-Za-z0-9-]{1,44}$' } as const
const call = <const M extends string, const P extends object, const C extends 'ethereum' | 'solana', const X extends object = {}>(
  method: M,
  params: P,
  chain: C,
  extra?: X,
) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['method', 'params'],
    properties: {
      method: { type: 'string', const: method },
      chain_type: { type: 'string', const: chain },
      ...(extra as X),
      params: { type: 'object', additionalProperties: false, ...params },
    },
  }) as const
export const serverRpcBodySchemas = [
  call(
    'personal_sign',
    { required: ['message'], properties: { message: { type: 'string', maxLength: 65536 }, encoding: { enum: ['utf-8', 'hex'] } } },
    'ethereum',
  ),
  call(
    'eth_signTypedData_v4',
    {
      required: ['typed_data'],
      properties: {
        typed_data: {
          type: 'object',
          additionalProperties: false,
          required: ['types', 'message', 'primary_type'],
          properties: { domain: { type: 'object' }, types: { type: 'object' }, message: { type: 'object' }, primary_type: { type: 'string', maxLength: 200 } },
        },
      },
    },
    'ethereum',
  ),
  call('eth_signTransaction', { required: ['transaction'], properties: { transaction: ethTransaction } }, 'ethereum'),
  call('eth_sendTransaction', { required: ['transaction'], properties: { transaction: ethTransaction } }, 'ethereum', { caip2: caip2Eth }),
  call('signMessage', { required: ['message'], properties: { message: base64, encoding: { const: 'base64' } } }, 'solana'),
  call('signTransaction', { required: ['transaction'], properties: { transaction: base64, encoding: { const: 'base64' } } }, 'solana'),
  call('signAndSendTransaction', { required: ['transaction'], properties: { transaction: base64, encoding: { const: 'base64' } } }, 'solana', {
    caip2: caip2Sol,
  }),
] as const

const answer = <const M extends readonly string[], const D extends object>(methods: M, data: D) =>
  ({
    type: 'object',
    required: ['method', 'data'],
    properties: { method: { type: 'string', enum: methods }, data: { type: 'object', additionalProperties: false, ...data } },
    additionalProperties: false,
  }) as const
/** What the server-side RPC answers, as the API family shapes it. */
export const serverRpcResponseSchemas = [
  answer(['personal_sign', 'eth_signTypedData_v4', 'signMessage'] as const, {
    required: ['signature', 'encoding'],
    properties: { signature: { type: 'string' }, encoding: { type: 'string', enum: ['hex', 'base64'] } },
  }),
  answer(['eth_signTransaction', 'signTransaction'] as const, {
    required: ['signed_transaction', 'encoding'],
    properties: { signed_transaction: { type: 'string' }, encoding: { type: 'string', enum: ['rlp', 'base64'] } },
  }),
  answer(['signAndSendTransaction'] as const, {
    required: ['hash', 'caip2'],
    properties: { hash: { type: 'string' }, caip2: { type: ['string', 'null'] } },
  }),
] as const

/** The querystring of `GET /wallets` when the app's backend calls it (app secret): whose wallets. */
export const serverWalletListQuery = { user_id: id } as const

export const serverWalletsRoutes = {
  'GET /wallets/:wallet_id': defineRoute({
    method: 'GET',
    path: '/wallets/:wallet_id',
    schema: {
      summary: "An embedded wallet of the app's users (app secret: `Authorization: Basic` + `privy-app-id`)",
      params: walletParams,
      response: { 200: { ...serverWalletSchema, description: 'The wallet, its policy and allowed signers' } },
    },
  }),
  'PATCH /wallets/:wallet_id': defineRoute({
    method: 'PATCH',
    path: '/wallets/:wallet_id',
    schema: {
      summary: "Set a wallet's policy and the authorization keys allowed on it (app secret and an authorization signature)",
      params: walletParams,
      body: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: { policy: { anyOf: [walletPolicySchema, { type: 'null' }] }, additional_signers: additionalSignersSchema },
      },
      response: { 200: { ...serverWalletSchema, description: 'The wallet after the change' } },
    },
  }),
  'POST /wallets/:wallet_id/export': defineRoute({
    method: 'POST',
    path: '/wallets/:wallet_id/export',
    schema: {
      summary:
        "Server-side key export: refused, always (422 not_supported). A wallet's key is exported by its owner only, in the wallet frame's export screen; delegation lets the app's backend sign within a policy, never take the key (SECURITY.md 'Server-side key export')",
      params: walletParams,
      body: { type: 'object', maxProperties: 20 },
      response: {
        200: { description: 'Never answered: there is no server-side export', not: {} },
        422: {
          description: 'The refusal, whoever asks: not_supported',
          type: 'object',
          required: ['error', 'code'],
          properties: { error: { type: 'string' }, code: { type: 'string', const: 'not_supported' } },
        },
      },
    },
  }),
  'POST /admin/apps/:app_id/authorization-keys': defineRoute({
    method: 'POST',
    path: '/admin/apps/:app_id/authorization-keys',
    schema: {
      summary: 'Register authorization keys (P-256 public keys; several at once): the server-side wallet API needs a request signed by one of them',
      params: appParams,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['keys'],
        properties: { keys: { type: 'array', items: keyInput, minItems: 1, maxItems: 20 } },
      },
      response: { 201: { ...keyList, description: 'The registered keys' } },
    },
  }),
  'GET /admin/apps/:app_id/authorization-keys': defineRoute({
    method: 'GET',
    path: '/admin/apps/:app_id/authorization-keys',
    schema: { summary: "The app's live authorization keys", params: appParams, response: { 200: { ...keyList, description: 'The live keys' } } },
  }),
  'POST /admin/apps/:app_id/authorization-keys/:key_id/rotate': defineRoute({
    method: 'POST',
    path: '/admin/apps/:app_id/authorization-keys/:key_id/rotate',
    schema: {
      summary: 'Replace a key by a new public key with the same wallet limits: the old one stops working at once',
      params: keyParams,
      body: { type: 'object', additionalProperties: false, required: ['public_key'], properties: { public_key: publicKey, label: keyInput.properties.label } },
      response: { 201: { ...authorizationKeySchema, description: 'The new key' } },
    },
  }),
  'DELETE /admin/apps/:app_id/authorization-keys/:key_id': defineRoute({
    method: 'DELETE',
    path: '/admin/apps/:app_id/authorization-keys/:key_id',
    schema: {
      summary: 'Revoke an authorization key: it stops working at once',
      params: keyParams,
      response: { 200: { ...authorizationKeySchema, description: 'The revoked key' } },
    },
  }),
} as const

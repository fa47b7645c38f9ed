/**
 * Smart wallets (ERC-4337, ARCHITECTURE.md 'Smart wallets'): our ERC-7677 paymaster endpoint (the
 * signed-in user's user operations, JSON-RPC 2.0) and what the app's paymaster spent (the owner's
 * analytics; the console shows it).
 */
import { defineRoute } from './define.ts'
import { appParams, bearerHeaders } from './headers.ts'

/** JSON-RPC error codes of the paymaster's refusals (`error.data.reason`). */
export const PAYMASTER_ERROR_CODES = { outside_policy: -32010, budget_exhausted: -32011, invalid_params: -32602 } as const

const rpcId = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] } as const

const paymasterBody = {
  type: 'object',
  additionalProperties: false,
  required: ['jsonrpc', 'method', 'params'],
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    id: rpcId,
    method: { type: 'string', enum: ['pm_getPaymasterStubData', 'pm_getPaymasterData'] },
    /** [userOperation (v0.7 RPC form), entryPoint, chainId (hex), context] */
    params: { type: 'array', minItems: 3, maxItems: 4, items: {} },
  },
} as const

const hexQuantity = { type: 'string', pattern: '^0x[0-9a-fA-F]+$' } as const

const paymasterResult = {
  type: 'object',
  required: ['jsonrpc', 'id', 'result'],
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    id: rpcId,
    result: {
      type: 'object',
      required: ['paymaster', 'paymasterData'],
      properties: {
        paymaster: { type: 'string' },
        paymasterData: { type: 'string' },
        paymasterVerificationGasLimit: hexQuantity,
        paymasterPostOpGasLimit: hexQuantity,
        isFinal: { type: 'boolean' },
        sponsor: { type: 'object', required: ['name'], properties: { name: { type: 'string' } }, additionalProperties: false },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const

const paymasterError = {
  type: 'object',
  required: ['jsonrpc', 'id', 'error'],
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    id: rpcId,
    error: {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        data: {
          type: 'object',
          required: ['reason', 'detail'],
          properties: {
            reason: { type: 'string', enum: ['outside_policy', 'budget_exhausted', 'invalid_params'] },
            /** outside_policy: not_your_account, target_not_allowed, chain_not_sponsored, wrong_entry_point, wrong_factory, unknown_call, guest, account_too_new, transaction_limit; budget_exhausted: user_daily, app_daily */
            detail: { type: 'string' },
          },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const

const wei = { type: 'string', pattern: '^[0-9]+$' } as const

export const smartWalletsRoutes = {
  'POST /smart_wallets/paymaster': defineRoute({
    method: 'POST',
    path: '/smart_wallets/paymaster',
    schema: {
      summary:
        "ERC-7677 paymaster (pm_getPaymasterStubData, pm_getPaymasterData) for the signed-in user's smart wallet: paymaster data signed within the app's sponsorship policy and budgets, or a JSON-RPC error saying why not",
      headers: bearerHeaders,
      body: paymasterBody,
      response: {
        200: { description: 'A JSON-RPC answer: the paymaster fields, or an error with data.reason and data.detail', anyOf: [paymasterResult, paymasterError] },
      },
    },
  }),
  'GET /apps/:app_id/analytics/paymaster_spend': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/analytics/paymaster_spend',
    schema: {
      summary: "What the app's paymaster paid for its users' smart-wallet operations over the last 24 hours (totals per chain) and the latest operations",
      params: appParams,
      response: {
        200: {
          description:
            'Totals per chain over 24 hours (settled: what the EntryPoint charged; pending: the maximum of operations without a receipt yet) and the latest 100 operations',
          type: 'object',
          required: ['since', 'chains', 'operations'],
          properties: {
            since: { type: 'number', description: 'epoch milliseconds' },
            chains: {
              type: 'array',
              items: {
                type: 'object',
                required: ['chain_id', 'operations', 'settled_wei', 'pending_max_wei'],
                properties: { chain_id: { type: 'integer' }, operations: { type: 'integer' }, settled_wei: wei, pending_max_wei: wei },
                additionalProperties: false,
              },
            },
            operations: {
              type: 'array',
              items: {
                type: 'object',
                required: ['user_op_hash', 'chain_id', 'user_id', 'sender', 'max_wei', 'actual_wei', 'tx_hash', 'created_at'],
                properties: {
                  user_op_hash: { type: 'string' },
                  chain_id: { type: 'integer' },
                  user_id: { type: 'string' },
                  sender: { type: 'string' },
                  max_wei: wei,
                  actual_wei: { type: ['string', 'null'], pattern: '^[0-9]+$' },
                  tx_hash: { type: ['string', 'null'] },
                  created_at: { type: 'number' },
                },
                additionalProperties: false,
              },
            },
          },
          additionalProperties: false,
        },
      },
    },
  }),
} as const

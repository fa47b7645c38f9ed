/**
 * Smart wallets (ARCHITECTURE.md 'Smart wallets'): the ERC-7677 paymaster endpoint for the
 * signed-in user (services/paymaster.ts) and the owner's view of what the paymaster spent.
 * Refusals are JSON-RPC errors (HTTP 200) so viem's paymaster client reports their code and data.
 */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, HEADER_APP, NO_APP, type ApiInstance } from '../context.js'
import { listPaymasterSpend } from '../db/paymaster-spend.js'
import { ApiError } from '../errors.js'
import { requireSignedInUser } from '../services/bearer.js'
import { authorizeOwner } from '../services/owner-auth.js'
import { PaymasterRefusal, paymasterCall, settleOpenSpend } from '../services/paymaster.js'
import { SiweService } from '../services/siwe.js'
import { linkSmartWallet } from '../services/smart-wallet-link.js'
import { walletAuthFor } from '../services/wallet-auth.js'
import { requireLiveBearer } from '../services/bearer.js'

const paymasterRoute = ROUTES['POST /smart_wallets/paymaster']
const spendRoute = ROUTES['GET /apps/:app_id/analytics/paymaster_spend']
const linkRoute = ROUTES['POST /siwe/link_smart_wallet']
const DAY_MS = 24 * 60 * 60 * 1000

export default async function smartWalletRoutes(app: ApiInstance) {
  let siwe: SiweService | null = null
  app.post(linkRoute.path, { schema: linkRoute.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireLiveBearer(request)
    siwe ??= new SiweService(walletAuthFor(app.gatehouse), app.gatehouse.now)
    const { db, now } = app.gatehouse
    return linkSmartWallet({ db, now, siwe }, appOf(request), userId, request.body, request.headers.origin, request.ip)
  })

  app.post(paymasterRoute.path, { schema: paymasterRoute.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    const { db, now, config } = app.gatehouse
    if (!config.paymasterSignerKey) throw new ApiError('not_supported', 'This server has no paymaster key (GATEHOUSE_PAYMASTER_SIGNER_KEY)')
    const body = request.body
    const id = body.id ?? null
    try {
      const result = await paymasterCall({
        db,
        now,
        signerKey: config.paymasterSignerKey,
        app: appOf(request),
        userId,
        method: body.method,
        params: body.params,
      })
      return { jsonrpc: '2.0', id, result } as never
    } catch (error) {
      if (!(error instanceof PaymasterRefusal)) throw error
      request.log.info({ appId: appOf(request).id, reason: error.reason, detail: error.detail }, 'paymaster refused')
      return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, data: { reason: error.reason, detail: error.detail } } } as never
    }
  })

  app.get(spendRoute.path, { schema: spendRoute.schema, config: NO_APP }, async (request) => {
    const { app_id } = request.params
    await authorizeOwner(request, app_id, 'read')
    const target = await app.gatehouse.apps.get(app_id)
    if (!target) throw new ApiError('not_found', 'App not found')
    const { db, now } = app.gatehouse
    // What the bundler already knows is settled first: the console shows charged amounts, not maxima.
    await settleOpenSpend(db, target, null, now()).catch((error: unknown) =>
      request.log.warn({ appId: app_id, error: String(error) }, 'paymaster spend: bundler unreachable'),
    )
    const since = now() - DAY_MS
    const rows = await listPaymasterSpend(db, app_id, since, 10_000)
    const chains = new Map<number, { chain_id: number; operations: number; settled: bigint; pending: bigint }>()
    for (const r of rows) {
      const c = chains.get(r.chain_id) ?? { chain_id: r.chain_id, operations: 0, settled: 0n, pending: 0n }
      c.operations++
      if (r.actual_wei === null) c.pending += BigInt(r.max_wei)
      else c.settled += BigInt(r.actual_wei)
      chains.set(r.chain_id, c)
    }
    return {
      since,
      chains: [...chains.values()].map((c) => ({
        chain_id: c.chain_id,
        operations: c.operations,
        settled_wei: c.settled.toString(),
        pending_max_wei: c.pending.toString(),
      })),
      operations: rows.slice(0, 100).map((r) => ({
        user_op_hash: r.user_op_hash,
        chain_id: r.chain_id,
        user_id: r.user_id,
        sender: r.sender,
        max_wei: r.max_wei,
        actual_wei: r.actual_wei,
        tx_hash: r.tx_hash,
        created_at: Number(r.created_at),
      })),
    }
  })
}

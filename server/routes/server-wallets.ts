/**
 * The server-side wallet API's own routes (contract/src/routes/server-wallets.ts): a wallet read and
 * changed by the app's backend, and the owner's authorization keys. The RPC itself shares its path
 * with the widget's sponsored send (routes/wallet-rpc.ts, dispatched on the Authorization scheme),
 * and `GET /wallets?user_id=` shares the user's wallet list (routes/wallets.ts).
 */
import { ROUTES } from '@gatehouse/contract/routes'
import type { FastifyRequest } from 'fastify'
import { appOf, HEADER_APP, NO_APP, type ApiInstance } from '../context.js'
import { randomId } from '../crypto/hash.js'
import {
  findAuthorizationKey,
  insertAuthorizationKeys,
  liveAuthorizationKeys,
  revokeAuthorizationKey,
  upsertWalletPolicy,
  type AuthorizationKeysTable,
} from '../services/server-wallet-store.js'
import { ApiError } from '../errors.js'
import { normalizePublicKey, verifyAuthorizationSignature } from '../services/authorization-keys.js'
import { auditOwner } from '../services/owner-audit.js'
import { authorizeOwner, ownerGate, type OwnerPermission } from '../services/owner-auth.js'
import { findServerWallet, walletSettings, walletView, type ServerWallet, type WalletSettings } from '../services/server-wallets.js'

const r = {
  get: ROUTES['GET /wallets/:wallet_id'],
  patch: ROUTES['PATCH /wallets/:wallet_id'],
  exportKey: ROUTES['POST /wallets/:wallet_id/export'],
  createKeys: ROUTES['POST /admin/apps/:app_id/authorization-keys'],
  listKeys: ROUTES['GET /admin/apps/:app_id/authorization-keys'],
  rotateKey: ROUTES['POST /admin/apps/:app_id/authorization-keys/:key_id/rotate'],
  revokeKey: ROUTES['DELETE /admin/apps/:app_id/authorization-keys/:key_id'],
}

export const EXPORT_REFUSAL =
  "Wallet keys are not exported by the server: only the wallet's owner exports it, in the wallet's export screen. A delegated wallet signs for your backend within its policy; it is never handed over."

/** Whether the request speaks for the app's backend (`Authorization: Basic appId:secret`) rather than a user (Bearer). */
export const isAppSecretCall = (request: FastifyRequest) => /^Basic\s/i.test(request.headers.authorization ?? '')

/** The app's backend on its own app: the app secret (never the admin token or an operator: those sign nothing). */
export async function requireAppSecret(request: FastifyRequest, permission: OwnerPermission): Promise<string | null> {
  const caller = await authorizeOwner(request, appOf(request).id, permission)
  if (caller.type !== 'app_secret') throw new ApiError('missing_or_invalid_token', "Only the app's secret (Basic auth) may use a wallet")
  return caller.id
}

/**
 * The wallet the path names, for a caller holding the app secret AND a valid, unused authorization
 * signature of a key allowed on it. Answers the wallet, its settings, and who asked.
 */
export async function authorizeWalletCall(request: FastifyRequest, walletId: string) {
  const { db, now, config } = request.server.gatehouse
  const secretId = await requireAppSecret(request, 'write')
  const app = appOf(request)
  const wallet = await findServerWallet(db, app.id, walletId)
  // Another app's wallet answers as a missing one: an app's secret learns nothing of other apps.
  if (!wallet) throw new ApiError('embedded_wallet_not_found', 'No embedded wallet of this app has this id')
  const settings = await walletSettings(db, wallet.id)
  const { keyId } = await verifyAuthorizationSignature(request, {
    db,
    appId: app.id,
    walletId: wallet.id,
    allowedSigners: settings.additionalSigners,
    publicUrl: config.publicUrl,
    now: now(),
  })
  return { app, wallet, settings, secretId, keyId }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString())
const keyView = (k: AuthorizationKeysTable) => ({
  id: k.id,
  public_key: k.public_key,
  label: k.label,
  wallet_ids: k.wallet_ids ? (JSON.parse(k.wallet_ids) as string[]) : null,
  createdAt: iso(k.created_at)!,
  revokedAt: iso(k.revoked_at),
})

export default async function serverWalletRoutes(app: ApiInstance) {
  const { db, now } = app.gatehouse

  app.get(r.get.path, { schema: r.get.schema, config: HEADER_APP }, async (request) => {
    await authorizeOwner(request, appOf(request).id, 'read')
    const wallet = await findServerWallet(db, appOf(request).id, request.params.wallet_id)
    if (!wallet) throw new ApiError('embedded_wallet_not_found', 'No embedded wallet of this app has this id')
    return walletView(db, app.gatehouse.delegatedSigner, wallet)
  })

  app.patch(r.patch.path, { schema: r.patch.schema, config: HEADER_APP }, async (request) => {
    const call = await authorizeWalletCall(request, request.params.wallet_id)
    const body = request.body
    const next: WalletSettings = {
      policy: body.policy !== undefined ? (body.policy as WalletSettings['policy']) : call.settings.policy,
      additionalSigners: body.additional_signers ? body.additional_signers.map((s) => s.signer_id) : call.settings.additionalSigners,
    }
    if (body.additional_signers) {
      const live = new Set((await liveAuthorizationKeys(db, call.app.id)).map((k) => k.id))
      const unknown = next.additionalSigners.find((id) => !live.has(id))
      if (unknown) throw new ApiError('invalid_data', `additional_signers: ${unknown} is not a live authorization key of the app`)
    }
    await db.transaction().execute(async (trx) => {
      await upsertWalletPolicy(trx, {
        wallet_id: call.wallet.id,
        app_id: call.app.id,
        policy: next.policy ? JSON.stringify(next.policy) : null,
        additional_signers: JSON.stringify(next.additionalSigners),
        updated_at: now(),
      })
      await auditOwner(
        request,
        call.app.id,
        'wallet.update',
        {
          userId: call.wallet.userId,
          details: { walletId: call.wallet.id, authorizationKeyId: call.keyId, policy: next.policy, additionalSigners: next.additionalSigners },
        },
        trx,
      )
    })
    return walletView(db, app.gatehouse.delegatedSigner, call.wallet as ServerWallet, next)
  })

  // No server-side export (SECURITY.md 'Server-side key export'): the same refusal for every caller,
  // before any lookup, so it tells nothing about the wallet either.
  app.post(r.exportKey.path, { schema: r.exportKey.schema, config: NO_APP }, async () => {
    throw new ApiError('not_supported', EXPORT_REFUSAL)
  })

  /** The app named by the path, or 404 (the caller was admitted for this id already). */
  async function existingApp(appId: string) {
    if (!(await app.gatehouse.apps.get(appId))) throw new ApiError('not_found', 'App not found')
    return appId
  }

  // Authorization keys are 'secrets': the admin token or an owner operator, never an app secret (a leaked secret cannot add its own key).
  app.post(r.createKeys.path, { schema: r.createKeys.schema, config: NO_APP, onRequest: ownerGate('secrets') }, async (request, reply) => {
    const appId = await existingApp(request.params.app_id)
    const t = now()
    const rows: AuthorizationKeysTable[] = request.body.keys.map((k) => ({
      id: `ak_${randomId()}`,
      app_id: appId,
      public_key: normalizePublicKey(k.public_key),
      label: k.label ?? null,
      wallet_ids: k.wallet_ids ? JSON.stringify(k.wallet_ids) : null,
      created_at: t,
      revoked_at: null,
    }))
    await db.transaction().execute(async (trx) => {
      await insertAuthorizationKeys(trx, rows)
      await auditOwner(request, appId, 'authorization_key.create', { details: { keyIds: rows.map((k) => k.id) } }, trx)
    })
    return reply.code(201).send({ data: rows.map(keyView) })
  })

  app.get(r.listKeys.path, { schema: r.listKeys.schema, config: NO_APP, onRequest: ownerGate('secrets') }, async (request) => ({
    data: (await liveAuthorizationKeys(db, await existingApp(request.params.app_id))).map(keyView),
  }))

  app.post(r.rotateKey.path, { schema: r.rotateKey.schema, config: NO_APP, onRequest: ownerGate('secrets') }, async (request, reply) => {
    const appId = await existingApp(request.params.app_id)
    const old = await findAuthorizationKey(db, appId, request.params.key_id)
    if (!old || old.revoked_at !== null) throw new ApiError('not_found', 'No live authorization key has this id')
    const t = now()
    const row: AuthorizationKeysTable = {
      id: `ak_${randomId()}`,
      app_id: appId,
      public_key: normalizePublicKey(request.body.public_key),
      label: request.body.label ?? old.label,
      wallet_ids: old.wallet_ids,
      created_at: t,
      revoked_at: null,
    }
    await db.transaction().execute(async (trx) => {
      if (!(await revokeAuthorizationKey(trx, appId, old.id, t))) throw new ApiError('not_found', 'No live authorization key has this id')
      await insertAuthorizationKeys(trx, [row])
      // Wallets that named the old key as an allowed signer now name the new one.
      const named = await trx.selectFrom('wallet_policies').select(['wallet_id', 'additional_signers']).where('app_id', '=', appId).execute()
      for (const w of named) {
        const signers = JSON.parse(w.additional_signers) as string[]
        if (signers.includes(old.id))
          await trx
            .updateTable('wallet_policies')
            .set({ additional_signers: JSON.stringify(signers.map((s) => (s === old.id ? row.id : s))), updated_at: t })
            .where('wallet_id', '=', w.wallet_id)
            .execute()
      }
      await auditOwner(request, appId, 'authorization_key.rotate', { details: { keyId: row.id, replaced: old.id } }, trx)
    })
    return reply.code(201).send(keyView(row))
  })

  app.delete(r.revokeKey.path, { schema: r.revokeKey.schema, config: NO_APP, onRequest: ownerGate('secrets') }, async (request) => {
    const appId = await existingApp(request.params.app_id)
    const t = now()
    const key = await db.transaction().execute(async (trx) => {
      if (!(await revokeAuthorizationKey(trx, appId, request.params.key_id, t))) throw new ApiError('not_found', 'No live authorization key has this id')
      await auditOwner(request, appId, 'authorization_key.revoke', { details: { keyId: request.params.key_id } }, trx)
      return (await findAuthorizationKey(trx, appId, request.params.key_id))!
    })
    return keyView(key)
  })
}

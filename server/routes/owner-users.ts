/**
 * The app owner's users (issue #27, point 2), `/apps/:app_id/users…`. Every handler asks
 * `authorizeOwner` first (before the app is looked up, so a stranger learns nothing about which
 * apps exist), then works through services/owner-users.ts.
 */
import { Readable } from 'node:stream'
import { OWNER_IMPORT_MAX_LINES, ROUTES } from '@gatehouse/contract/routes'
import type { FastifyRequest } from 'fastify'
import { NO_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { authorizeOwner, type OwnerCaller, type OwnerPermission } from '../services/owner-auth.js'
import { ImportParseError, OwnerUserService, type OwnerActor, type WalletPolicy } from '../services/owner-users.js'

const list = ROUTES['GET /apps/:app_id/users']
const search = ROUTES['GET /apps/:app_id/users/search']
const exportUsers = ROUTES['GET /apps/:app_id/users/export']
const importUsers = ROUTES['POST /apps/:app_id/users/import']
const create = ROUTES['POST /apps/:app_id/users']
const read = ROUTES['GET /apps/:app_id/users/:user_id']
const metadata = ROUTES['PUT /apps/:app_id/users/:user_id/custom_metadata']
const remove = ROUTES['DELETE /apps/:app_id/users/:user_id']

/** The OpenAPI document names the credential these routes take (the admin token; app secrets per owner-auth.ts). */
const documented = <S extends object>(schema: S) => ({ ...schema, security: [{ adminToken: [] }] })

/** Room for OWNER_IMPORT_MAX_LINES lines of a few accounts each. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024

const SECONDS = 1000

export default async function ownerUsersRoutes(app: ApiInstance) {
  const users = new OwnerUserService(app.gatehouse.db, app.gatehouse.now, app.gatehouse.wallets)

  // authorizeOwner before parsing and validation (as the admin routes do), so strangers learn nothing about the schema.
  const callers = new WeakMap<FastifyRequest, OwnerCaller>()
  app.addHook('onRequest', async (request) => {
    const appId = (request.params as { app_id?: string }).app_id ?? null
    const permission: OwnerPermission = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write'
    callers.set(request, await authorizeOwner(request, appId, permission))
  })

  /** The caller authorizeOwner named, once the app is known to exist: the actor of the audit row. */
  async function owner(request: FastifyRequest, appId: string): Promise<OwnerActor> {
    return (await ownerAndPolicy(request, appId)).by
  }

  /** The actor, and what the app's settings ask of wallets made in advance. */
  async function ownerAndPolicy(request: FastifyRequest, appId: string): Promise<{ by: OwnerActor; policy: WalletPolicy }> {
    const caller = callers.get(request)
    if (!caller) throw new ApiError('missing_or_invalid_token', 'Missing or invalid admin token')
    const found = await app.gatehouse.apps.get(appId)
    if (!found) throw new ApiError('not_found', 'App not found')
    return {
      by: { actor: { type: caller.type, id: caller.id }, ip: request.ip },
      policy: { userOwnedRecoveryOnCreate: Boolean(found.config.embeddedWallets?.requireUserOwnedRecoveryOnCreate) },
    }
  }

  // JSON lines: each line parsed on its own, so one bad line is that line's failure in the report.
  app.addContentTypeParser(['application/x-ndjson', 'application/jsonl'], { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => {
    const lines = String(body)
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
    if (lines.length > OWNER_IMPORT_MAX_LINES) {
      done(new ApiError('payload_too_large', `At most ${OWNER_IMPORT_MAX_LINES} lines per import`), undefined)
      return
    }
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as unknown
      } catch {
        return new ImportParseError('The line is not JSON')
      }
    })
    done(null, { users: parsed })
  })

  app.get(list.path, { schema: documented(list.schema), config: NO_APP }, async (request) => {
    const { app_id } = request.params
    await owner(request, app_id)
    const q = request.query
    const bool = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true')
    const filter = {
      createdAfter: q.created_after === undefined ? undefined : Number(q.created_after) * SECONDS,
      createdBefore: q.created_before === undefined ? undefined : Number(q.created_before) * SECONDS,
      linkedAccountType: q.linked_account_type,
      hasEmbeddedWallet: bool(q.has_embedded_wallet),
      hasMfa: bool(q.has_mfa),
    }
    return users.list(app_id, filter, q.cursor, q.limit === undefined ? 50 : Number(q.limit))
  })

  app.get(search.path, { schema: documented(search.schema), config: NO_APP }, async (request) => {
    await owner(request, request.params.app_id)
    return users.search(request.params.app_id, request.query as Record<string, unknown>)
  })

  app.get(exportUsers.path, { schema: documented(exportUsers.schema), config: NO_APP }, async (request, reply) => {
    await owner(request, request.params.app_id)
    const format = request.query.format ?? 'jsonl'
    reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="users-${request.params.app_id}.${format === 'csv' ? 'csv' : 'jsonl'}"`)
      .header('cache-control', 'no-store')
    // A pull stream: the next page is read only when the client has taken the one before.
    // The schema types the body as the text it becomes; Fastify sends the stream as it comes.
    return reply.send(Readable.from(users.export(request.params.app_id, format)) as unknown as string)
  })

  app.post(importUsers.path, { schema: documented(importUsers.schema), config: NO_APP, bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const { by, policy } = await ownerAndPolicy(request, request.params.app_id)
    return users.importLines(request.params.app_id, request.body.users, by, policy)
  })

  app.post(create.path, { schema: documented(create.schema), config: NO_APP }, async (request, reply) => {
    const { by, policy } = await ownerAndPolicy(request, request.params.app_id)
    return reply.code(201).send(await users.create(request.params.app_id, request.body, by, policy))
  })

  app.get(read.path, { schema: documented(read.schema), config: NO_APP }, async (request) => {
    await owner(request, request.params.app_id)
    return users.get(request.params.app_id, request.params.user_id)
  })

  app.put(metadata.path, { schema: documented(metadata.schema), config: NO_APP }, async (request) => {
    const by = await owner(request, request.params.app_id)
    return users.setMetadata(request.params.app_id, request.params.user_id, request.body.custom_metadata, by)
  })

  app.delete(remove.path, { schema: documented(remove.schema), config: NO_APP }, async (request) => {
    const by = await owner(request, request.params.app_id)
    return users.delete(request.params.app_id, request.params.user_id, request.query.confirm_wallet_deletion === 'true', by)
  })
}

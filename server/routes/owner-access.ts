/**
 * The owner's API, access part (contract/src/routes/owner.ts): app secrets, operator roles, a
 * user's sessions and the audit log. Every route is gated by `ownerGate` (services/owner-auth.ts:
 * `authorizeOwner` decides) before its body is parsed, and every change leaves an audit row.
 */
import { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { ROUTES } from '@gatehouse/contract/routes'
import { NO_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { consoleUserByEmail } from '../services/console-owners.js'
import {
  createAppSecret,
  grantOperatorRole,
  keepAnOwner,
  listAppSecrets,
  operatorRole,
  listOperatorRoles,
  revokeAppSecret,
  revokeOperatorRole,
  type OperatorRole,
} from '../services/owner-access.js'
import { auditFiltersOf, auditOwner, exportAudit, listAudit } from '../services/owner-audit.js'
import { authorizeOwner, ownerGate, ownerOf } from '../services/owner-auth.js'
import { listUserSessions, requireAppUser, revokeUserSessions } from '../services/owner-sessions.js'

const r = {
  createSecret: ROUTES['POST /admin/apps/:app_id/secrets'],
  listSecrets: ROUTES['GET /admin/apps/:app_id/secrets'],
  revokeSecret: ROUTES['DELETE /admin/apps/:app_id/secrets/:secret_id'],
  listOperators: ROUTES['GET /admin/apps/:app_id/operators'],
  grantOperator: ROUTES['PUT /admin/apps/:app_id/operators/:user_id'],
  inviteOperator: ROUTES['POST /admin/apps/:app_id/operators'],
  revokeOperator: ROUTES['DELETE /admin/apps/:app_id/operators/:user_id'],
  listSessions: ROUTES['GET /admin/apps/:app_id/users/:user_id/sessions'],
  revokeSessions: ROUTES['DELETE /admin/apps/:app_id/users/:user_id/sessions'],
  revokeSession: ROUTES['DELETE /admin/apps/:app_id/users/:user_id/sessions/:session_id'],
  appAudit: ROUTES['GET /admin/apps/:app_id/audit-log'],
  appAuditExport: ROUTES['GET /admin/apps/:app_id/audit-log/export'],
  audit: ROUTES['GET /admin/audit-log'],
  auditExport: ROUTES['GET /admin/audit-log/export'],
}

/** The `limit` query (digits: the query is not coerced), bounded. */
const pageSize = (limit: string | undefined) => Math.min(500, Number(limit ?? 100))

/** A stream of JSON lines; the route's schema documents its lines, which Fastify's typing takes for the body. */
const ndjson = (lines: AsyncGenerator<string>) => Readable.from(lines) as never

export default async function ownerAccessRoutes(app: ApiInstance) {
  const { db, now } = app.gatehouse

  /** The app named by the path, or 404 (the caller was admitted for this id already). */
  async function existingApp(appId: string) {
    if (!(await app.gatehouse.apps.get(appId))) throw new ApiError('not_found', 'App not found')
    return appId
  }

  // App secrets: 'secrets' (the admin token, an owner operator), never an app secret itself.
  app.post(r.createSecret.path, { schema: r.createSecret.schema, config: NO_APP, onRequest: ownerGate('secrets') }, async (request, reply) => {
    const appId = await existingApp(request.params.app_id)
    const created = await db.transaction().execute(async (trx) => {
      const secret = await createAppSecret(trx, appId, now())
      await auditOwner(request, appId, 'app_secret.create', { details: { secretId: secret.id, last4: secret.last4 } }, trx)
      return secret
    })
    reply.header('cache-control', 'no-store')
    return reply.code(201).send(created)
  })

  app.get(r.listSecrets.path, { schema: r.listSecrets.schema, config: NO_APP, onRequest: ownerGate('secrets') }, async (request) => ({
    data: await listAppSecrets(db, await existingApp(request.params.app_id)),
  }))

  app.delete(r.revokeSecret.path, { schema: r.revokeSecret.schema, config: NO_APP, onRequest: ownerGate('secrets') }, async (request) => {
    const { app_id: appId, secret_id: secretId } = request.params
    return db.transaction().execute(async (trx) => {
      const revoked = await revokeAppSecret(trx, appId, secretId, now())
      if (!revoked) throw new ApiError('not_found', 'App secret not found')
      await auditOwner(request, appId, 'app_secret.revoke', { details: { secretId, last4: revoked.last4 } }, trx)
      return revoked
    })
  })

  // Operator roles: who may use the console on this app is the owner's decision ('secrets').
  app.get(r.listOperators.path, { schema: r.listOperators.schema, config: NO_APP, onRequest: ownerGate('read') }, async (request) => ({
    data: await listOperatorRoles(db, await existingApp(request.params.app_id)),
  }))

  /**
   * Who may change whose role ('write' let the caller in): the admin token and owners (with MFA, the
   * 'secrets' check) any; admins only viewers and admins, never to or from owner (an admin who could
   * would make themselves owner); app secrets none (a backend does not pick the console's operators).
   */
  async function mayChangeRole(request: FastifyRequest, appId: string, userId: string, next: OperatorRole | null) {
    const caller = ownerOf(request)
    if (caller.type === 'app_secret') throw new ApiError('insufficient_permission', 'An app secret may not change operator roles')
    if (caller.type !== 'operator') return
    if (caller.role === 'owner') return void (await authorizeOwner(request, appId, 'secrets'))
    const current = userId ? await operatorRole(db, appId, userId) : null
    if (next === 'owner' || current === 'owner') throw new ApiError('insufficient_permission', 'Only an owner may grant, change or remove the owner role')
  }

  /** Grants or changes a role (an app that has owners keeps one), with its audit row; the operator's view. */
  async function grant(request: FastifyRequest, appId: string, userId: string, role: OperatorRole) {
    await mayChangeRole(request, appId, userId, role)
    await keepAnOwner(db, appId, userId, role)
    const before = await grantOperatorRole(db, appId, userId, role, now())
    const [view] = (await listOperatorRoles(db, appId)).filter((o) => o.userId === userId)
    await auditOwner(request, appId, 'operator.grant', { details: { operator: userId, email: view.email, before: { role: before }, after: { role } } })
    return view
  }

  // Roles: owners and admins ('write'); mayChangeRole narrows it (admins never touch owners; owners need MFA).
  app.put(r.grantOperator.path, { schema: r.grantOperator.schema, config: NO_APP, onRequest: ownerGate('write') }, async (request) =>
    grant(request, await existingApp(request.params.app_id), request.params.user_id, request.body.role),
  )

  // Inviting by e-mail: the console account is made when missing; its holder signs in with an e-mail code.
  app.post(r.inviteOperator.path, { schema: r.inviteOperator.schema, config: NO_APP, onRequest: ownerGate('write') }, async (request) => {
    const appId = await existingApp(request.params.app_id)
    const consoleAppId = app.gatehouse.config.consoleAppId
    if (!consoleAppId) throw new ApiError('invalid_data', 'This server has no console app')
    await mayChangeRole(request, appId, '', request.body.role) // before an account is made for the address
    const caller = ownerOf(request)
    const userId = await consoleUserByEmail(db, consoleAppId, request.body.email, now, {
      type: caller.type === 'app_secret' ? 'system' : caller.type,
      id: caller.id,
    })
    return grant(request, appId, userId, request.body.role)
  })

  app.delete(r.revokeOperator.path, { schema: r.revokeOperator.schema, config: NO_APP, onRequest: ownerGate('write') }, async (request) => {
    const { app_id: appId, user_id: userId } = request.params
    await mayChangeRole(request, appId, userId, null)
    const [view] = (await listOperatorRoles(db, appId)).filter((o) => o.userId === userId)
    if (!view) throw new ApiError('not_found', 'Operator not found')
    await keepAnOwner(db, appId, userId, null)
    if (!(await revokeOperatorRole(db, appId, userId))) throw new ApiError('not_found', 'Operator not found')
    await auditOwner(request, appId, 'operator.revoke', {
      details: { operator: userId, email: view.email, before: { role: view.role }, after: { role: null } },
    })
    return view
  })

  // A user's sessions.
  app.get(r.listSessions.path, { schema: r.listSessions.schema, config: NO_APP, onRequest: ownerGate('read') }, async (request) => {
    const { app_id: appId, user_id: userId } = request.params
    await requireAppUser(db, appId, userId)
    return { data: await listUserSessions(db, appId, userId, now()) }
  })

  app.delete(r.revokeSessions.path, { schema: r.revokeSessions.schema, config: NO_APP, onRequest: ownerGate('write') }, async (request) => {
    const { app_id: appId, user_id: userId } = request.params
    await requireAppUser(db, appId, userId)
    const revoked = await db.transaction().execute(async (trx) => {
      const count = await revokeUserSessions(trx, appId, userId, null, now())
      await auditOwner(request, appId, 'session.revoke_all', { userId, details: { revoked: count } }, trx)
      return count
    })
    return { revoked }
  })

  app.delete(r.revokeSession.path, { schema: r.revokeSession.schema, config: NO_APP, onRequest: ownerGate('write') }, async (request) => {
    const { app_id: appId, user_id: userId, session_id: sessionId } = request.params
    await requireAppUser(db, appId, userId)
    return db.transaction().execute(async (trx) => {
      const revoked = await revokeUserSessions(trx, appId, userId, sessionId, now())
      if (revoked === 0) throw new ApiError('not_found', 'Session not found or already revoked')
      await auditOwner(request, appId, 'session.revoke', { userId, details: { sessionId } }, trx)
      return { revoked }
    })
  })

  // The audit log: per app (its owner's callers), or of every app (the admin token).
  app.get(r.appAudit.path, { schema: r.appAudit.schema, config: NO_APP, onRequest: ownerGate('read') }, async (request) => {
    const { cursor, limit } = request.query
    return listAudit(db, auditFiltersOf(request.query, request.params.app_id), cursor, pageSize(limit))
  })

  app.get(r.appAuditExport.path, { schema: r.appAuditExport.schema, config: NO_APP, onRequest: ownerGate('read') }, async (request, reply) =>
    reply
      .type('application/x-ndjson')
      .header('cache-control', 'no-store')
      .send(ndjson(exportAudit(db, auditFiltersOf(request.query, request.params.app_id)))),
  )

  app.get(r.audit.path, { schema: r.audit.schema, config: NO_APP, onRequest: ownerGate('read', 'all') }, async (request) => {
    const { cursor, limit } = request.query
    return listAudit(db, auditFiltersOf(request.query), cursor, pageSize(limit))
  })

  app.get(r.auditExport.path, { schema: r.auditExport.schema, config: NO_APP, onRequest: ownerGate('read', 'all') }, async (request, reply) =>
    reply
      .type('application/x-ndjson')
      .header('cache-control', 'no-store')
      .send(ndjson(exportAudit(db, auditFiltersOf(request.query)))),
  )
}

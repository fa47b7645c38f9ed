import { CONSOLE_APP_ID, ROUTES } from '@gatehouse/contract/routes'
import { NO_APP, type ApiInstance } from '../context.js'
import { isUniqueViolation } from '../db/connect.js'
import { ApiError } from '../errors.js'
import type { App } from '../services/app-config.js'
import { maskSettings } from '../services/app-secrets.js'
import { auditOwner } from '../services/owner-audit.js'
import { grantOperatorRole, operatorApps } from '../services/owner-access.js'
import { ownerGate, ownerOf } from '../services/owner-auth.js'
import { auditAdminChange } from './admin-log.js'

const create = ROUTES['POST /admin/apps']
const read = ROUTES['GET /admin/apps/:app_id']
const update = ROUTES['PATCH /admin/apps/:app_id']
const list = ROUTES['GET /admin/apps']
const remove = ROUTES['DELETE /admin/apps/:app_id']

/** What the admin API shows: the public configuration plus the server-only settings, secrets masked. */
function adminView(app: App) {
  return { ...app.config, ...maskSettings(app.settings), createdAt: new Date(app.createdAt).toISOString() }
}

export default async function adminRoutes(app: ApiInstance) {
  // Who may call is decided by authorizeOwner (ownerGate runs it before parsing and validation, so
  // strangers learn nothing about the schema): creating an app spans every app, the admin token only.
  app.post(create.path, { schema: create.schema, config: NO_APP, onRequest: ownerGate('write', 'all') }, async (request, reply) => {
    try {
      const created = await app.gatehouse.apps.create(request.body ?? {}, (trx, made) => auditAdminChange(request, 'app.create', null, made, trx))
      // Its creator owns it by name too, so the app keeps an owner whoever else is added.
      const caller = ownerOf(request)
      if (caller.type === 'operator' && caller.id) await grantOperatorRole(app.gatehouse.db, created.id, caller.id, 'owner', app.gatehouse.now())
      return reply.code(201).send(adminView(created))
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('invalid_data', 'An app with this id already exists')
      throw error
    }
  })

  app.get(read.path, { schema: read.schema, config: NO_APP, onRequest: ownerGate('read') }, async (request) => {
    const found = await app.gatehouse.apps.get(request.params.app_id)
    if (!found) throw new ApiError('not_found', 'App not found')
    return adminView(found)
  })

  app.patch(update.path, { schema: update.schema, config: NO_APP, onRequest: ownerGate('write') }, async (request) => {
    // The audit row compares the stored row with what is written, in the update's transaction.
    const updated = await app.gatehouse.apps.update(request.params.app_id, request.body ?? {}, (trx, before, after) =>
      auditAdminChange(request, 'app.update', before, after, trx),
    )
    if (!updated) throw new ApiError('not_found', 'App not found')
    return adminView(updated)
  })

  // Every app for the admin token and a server owner; an operator's own apps (with the role) otherwise.
  app.get(list.path, { schema: list.schema, config: NO_APP, onRequest: ownerGate('read', 'self') }, async (request) => {
    const caller = ownerOf(request)
    const apps = await app.gatehouse.apps.list()
    const roles = caller.type === 'operator' && !caller.serverOwner ? await operatorApps(app.gatehouse.db, caller.id!) : null
    const role = (id: string) => (caller.type !== 'operator' ? null : roles ? (roles.get(id) ?? null) : 'owner')
    return {
      data: apps
        .filter((a) => !roles || roles.has(a.id))
        .map((a) => ({ id: a.id, name: a.config.name, createdAt: new Date(a.createdAt).toISOString(), reserved: a.id === CONSOLE_APP_ID, role: role(a.id) })),
    }
  })

  // Deleting an app destroys its users and wallets: the admin token or the app's owner, with the id typed again.
  app.delete(remove.path, { schema: remove.schema, config: NO_APP, onRequest: ownerGate('secrets') }, async (request) => {
    const id = request.params.app_id
    if (request.query.confirm !== id) throw new ApiError('invalid_data', 'confirm must repeat the app id')
    if (id === CONSOLE_APP_ID) throw new ApiError('invalid_data', "The console's own app cannot be deleted")
    const deleted = await app.gatehouse.apps.delete(id, (trx, before) => auditOwner(request, id, 'app.delete', { details: { name: before.config.name } }, trx))
    if (!deleted) throw new ApiError('not_found', 'App not found')
    return { deleted: true as const, id }
  })
}

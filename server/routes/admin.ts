import { CONSOLE_APP_ID, ROUTES } from '@gatehouse/contract/routes'
import type { FastifyRequest } from 'fastify'
import { bearerToken } from '../services/bearer.js'
import { NO_APP, type ApiInstance } from '../context.js'
import { constantTimeEqual } from '../crypto/hash.js'
import { isUniqueViolation } from '../db/connect.js'
import { ApiError } from '../errors.js'
import type { App } from '../services/app-config.js'
import { maskSettings } from '../services/app-secrets.js'
import { logAdminChange } from './admin-log.js'

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
  const expected = app.gatehouse.config.adminToken

  function authorize(request: FastifyRequest) {
    const token = bearerToken(request)
    if (!expected || !token || !constantTimeEqual(token, expected)) {
      throw new ApiError('missing_or_invalid_token', 'Missing or invalid admin token')
    }
  }

  // Checked before parsing and validation, so strangers learn nothing about the schema.
  app.addHook('onRequest', async (request) => authorize(request))

  app.post(create.path, { schema: create.schema, config: NO_APP }, async (request, reply) => {
    try {
      const created = await app.gatehouse.apps.create(request.body ?? {})
      logAdminChange(request, 'app.create', null, created)
      return reply.code(201).send(adminView(created))
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('invalid_data', 'An app with this id already exists')
      throw error
    }
  })

  app.get(read.path, { schema: read.schema, config: NO_APP }, async (request) => {
    const found = await app.gatehouse.apps.get(request.params.app_id)
    if (!found) throw new ApiError('not_found', 'App not found')
    return adminView(found)
  })

  app.patch(update.path, { schema: update.schema, config: NO_APP }, async (request) => {
    app.gatehouse.apps.invalidate(request.params.app_id) // the log compares with the stored row, not a cached one
    const before = await app.gatehouse.apps.get(request.params.app_id)
    const updated = before && (await app.gatehouse.apps.update(request.params.app_id, request.body ?? {}))
    if (!updated) throw new ApiError('not_found', 'App not found')
    logAdminChange(request, 'app.update', before, updated)
    return adminView(updated)
  })

  app.get(list.path, { schema: list.schema, config: NO_APP }, async () => {
    const apps = await app.gatehouse.apps.list()
    return {
      data: apps.map((a) => ({ id: a.id, name: a.config.name, createdAt: new Date(a.createdAt).toISOString(), reserved: a.id === CONSOLE_APP_ID })),
    }
  })

  app.delete(remove.path, { schema: remove.schema, config: NO_APP }, async (request) => {
    const id = request.params.app_id
    if (request.query.confirm !== id) throw new ApiError('invalid_data', 'confirm must repeat the app id')
    if (id === CONSOLE_APP_ID) throw new ApiError('invalid_data', "The console's own app cannot be deleted")
    const before = await app.gatehouse.apps.get(id)
    if (!before || !(await app.gatehouse.apps.delete(id))) throw new ApiError('not_found', 'App not found')
    logAdminChange(request, 'app.delete', before, before)
    return { deleted: true as const, id }
  })
}

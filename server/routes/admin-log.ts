/**
 * Every admin change leaves one structured log line (`adminChange`): who (the admin token, from
 * which address), which app, and which top-level fields changed. Never values: many are secrets,
 * and comparing is done in memory on the opened settings, so a replaced secret still shows as changed.
 */
import type { FastifyRequest } from 'fastify'
import type { App } from '../services/app-config.js'

export type AdminAction = 'app.create' | 'app.update' | 'app.delete'

// The public configuration carries the name too.
const fields = (app: App | null): Record<string, unknown> => (app ? { ...app.config, ...app.settings } : {})

/** The top-level fields whose value differs between `before` and `after`. */
export function changedFields(before: App | null, after: App): string[] {
  const a = fields(before)
  const b = fields(after)
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).sort()
}

export function logAdminChange(request: FastifyRequest, action: AdminAction, before: App | null, after: App) {
  const fieldsChanged = action === 'app.delete' ? [] : changedFields(before, after)
  // At info whatever the configured level (warn by default): an audit line must not be filtered out.
  request.log
    .child({}, { level: 'info' })
    .info({ adminChange: { actor: 'admin-token', ip: request.ip, action, appId: after.id, fields: fieldsChanged } }, 'admin change')
}

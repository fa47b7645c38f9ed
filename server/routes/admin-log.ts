/**
 * Every admin change of an app leaves one audit row (services/audit.ts): who (the admin token, an
 * app secret's id or an operator), from which address, which app, and before → after for each
 * top-level field that changed. Secrets appear masked (maskSettings: '****' and the last 4), and
 * comparing is done on the opened settings, so a replaced secret still shows as changed.
 */
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/schema.js'
import type { App } from '../services/app-config.js'
import { maskSettings } from '../services/app-secrets.js'
import { auditOwner } from '../services/owner-audit.js'

export type AdminAction = 'app.create' | 'app.update'

// The public configuration carries the name too.
const fields = (app: App | null): Record<string, unknown> => (app ? { ...app.config, ...app.settings } : {})
const masked = (app: App | null): Record<string, unknown> => (app ? { ...app.config, ...maskSettings(app.settings) } : {})

/** The top-level fields whose value differs between `before` and `after`. */
export function changedFields(before: App | null, after: App): string[] {
  const a = fields(before)
  const b = fields(after)
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).sort()
}

/** The audit row's details: the changed fields with their values before and after, secrets masked. */
export function changeDetails(before: App | null, after: App) {
  const changed = changedFields(before, after)
  const [a, b] = [masked(before), masked(after)]
  const pick = (values: Record<string, unknown>) => Object.fromEntries(changed.filter((k) => k in values).map((k) => [k, values[k]]))
  return { fields: changed, before: before ? pick(a) : null, after: pick(b) }
}

export function auditAdminChange(request: FastifyRequest, action: AdminAction, before: App | null, after: App, db?: Db): Promise<string> {
  return auditOwner(request, after.id, action, { details: changeDetails(before, after) }, db)
}

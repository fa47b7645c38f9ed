import { NO_APP, type ApiInstance } from '../context.js'

const outboxSchema = {
  summary: 'Development only: messages sent by this instance, newest first',
  querystring: { type: 'object', properties: { to: { type: 'string', maxLength: 320 } } },
} as const

/** Registered only when not in production (see app.ts). */
export default async function devRoutes(app: ApiInstance) {
  app.get('/dev/outbox', { schema: outboxSchema, config: NO_APP }, async (request) => app.gatehouse.mailer.outbox?.list(request.query.to) ?? [])
}

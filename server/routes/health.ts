import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { NO_APP } from '../context.js'

export default async function healthRoutes(app: FastifyInstance) {
  // Touches the database so a load balancer takes out an instance that lost it.
  const schema = {
    summary: 'Liveness: the instance answers and reaches its database',
    response: { 200: { description: 'Up, database reachable', type: 'object', required: ['ok'], properties: { ok: { type: 'boolean', const: true } } } },
  } as const
  app.get('/healthz', { schema, config: NO_APP }, async () => {
    await sql`select 1`.execute(app.gatehouse.db)
    return { ok: true }
  })
}

/**
 * Holds every answer to the schema its route declares (contract/src/routes/). Off in production
 * (answers are serialized with JSON.stringify, as before schemas were declared: a schema never
 * drops or reshapes a field there); on in every test run (server/testing.ts, test/stack.ts), where
 * a success answer that carries a field its schema does not declare, lacks a required one or comes
 * with a status the route does not declare fails the request with a 500 naming the route and field.
 *
 * An object schema that lists `properties` and says nothing of `additionalProperties` is read as
 * closed here: an undeclared field is drift between the server and the contract. A schema that
 * means to be open says `additionalProperties: true`.
 */
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifyInstance, RouteOptions } from 'fastify'

/** A copy of `schema` in which every object with `properties` and no `additionalProperties` is closed. */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed)
  if (!schema || typeof schema !== 'object') return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    // Property names are data, not schema keywords: close their schemas, not the map itself.
    out[key] =
      key === 'properties' && value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closed(v)])) : closed(value)
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false
  return out
}

const SUCCESS = (status: number) => status >= 200 && status < 300

export class ResponseSchemaError extends Error {}

/** Installs the check on `app`: call before any route is registered. */
export function checkResponses(app: FastifyInstance): void {
  // The formats Fastify's own validator knows (date-time, uri, …), so a declared format is checked too.
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }))
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response
    const byStatus = new Map<number, ValidateFunction | null>()
    for (const [status, schema] of Object.entries(response ?? {})) {
      const code = Number(status)
      if (!Number.isInteger(code)) continue
      // A 204 or a page (text/html) declares its status with no JSON body to check.
      const body = schema as { type?: unknown; content?: unknown }
      byStatus.set(code, body.type === 'null' || body.content ? null : ajv.compile(closed(schema) as object))
    }
    route.config = { ...(route.config as object), responseChecks: byStatus } as typeof route.config
  })

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!SUCCESS(reply.statusCode)) return payload
    const checks = (request.routeOptions.config as { responseChecks?: Map<number, ValidateFunction | null> }).responseChecks
    const where = `${request.method} ${request.routeOptions.url}`
    // A route with no response schema at all is server/openapi.test.ts's finding, made for every route at once.
    if (!checks || checks.size === 0) return payload
    if (!checks.has(reply.statusCode)) throw new ResponseSchemaError(`${where} answered ${reply.statusCode}, a status its schema does not declare`)
    const validate = checks.get(reply.statusCode)
    if (validate && !validate(payload)) {
      const problems = (validate.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` '${String(e.params.additionalProperty)}'` : ''}`,
      )
      throw new ResponseSchemaError(`${where} answered outside its response schema: ${problems.join('; ')}`)
    }
    return payload
  })
}

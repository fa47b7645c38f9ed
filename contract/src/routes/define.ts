/**
 * How the contract describes one route of the API (`/api/v1` + `path`): its method, path and the
 * JSON Schemas of what goes in and what comes back. The server registers the route from this
 * object (server/routes/*.ts pass `route.path` and `route.schema` to Fastify); the widget's API
 * client takes the body and answer types derived from it (type-only imports: the schemas
 * themselves never reach the widget's bundle).
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts'

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export interface RouteSchema {
  summary?: string
  description?: string
  body?: JSONSchema
  querystring?: JSONSchema
  params?: JSONSchema
  headers?: JSONSchema
  /** Every answer by status; the success status is required (server/openapi.test.ts). */
  response: Readonly<Record<number, JSONSchema>>
}

export interface RouteDef {
  method: HttpMethod
  /** Relative to API_PREFIX, in Fastify's syntax (`/apps/:app_id`). */
  path: string
  schema: RouteSchema
}

/** Keeps the literal types of a route so its body and answer types can be derived. */
export const defineRoute = <const R extends RouteDef>(route: R): R => route

type SuccessStatus<R extends RouteDef> = Extract<keyof R['schema']['response'], 200 | 201 | 204>

/** The body a route accepts (undefined when it takes none). */
export type RouteBody<R extends RouteDef> = R['schema']['body'] extends JSONSchema ? FromSchema<R['schema']['body']> : undefined
/** The query a route accepts. */
export type RouteQuery<R extends RouteDef> = R['schema']['querystring'] extends JSONSchema ? FromSchema<R['schema']['querystring']> : undefined
/** The answer of a route's success status (undefined for 204). */
export type RouteResponse<R extends RouteDef> = R['schema']['response'][SuccessStatus<R>] extends infer S
  ? S extends JSONSchema
    ? FromSchema<S>
    : undefined
  : undefined

export { API_PREFIX } from './prefix.ts'

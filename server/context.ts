/** What route handlers reach through `app.gatehouse`, and the per-route options they set. */
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { Gatehouse } from './create-services.js'
import { ApiError } from './errors.js'
import type { App } from './services/app-config.js'
import type { DeviceBinding } from './services/device-proofs.js'

/** The services (composed in create-services.ts, without HTTP). */
export type { Gatehouse } from './create-services.js'

/**
 * What a route file receives: `request.body`, `params`, `querystring` and `headers` are typed from
 * the route's `as const` JSON schema (json-schema-to-ts), so no body interface is written twice.
 */
export type ApiInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, JsonSchemaToTsProvider>

/**
 * Where a route finds its app id: the `privy-app-id` header (most routes), the `:app_id`
 * path parameter, or nowhere (health, dev, admin).
 */
export type AppIdSource = 'header' | 'param' | 'none'

export interface GatehouseRouteConfig {
  appId: AppIdSource
  /** A login route: a DPoP proof on it binds the session it creates to that device (services/device-proofs.ts). */
  issuesSession?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    gatehouse: Gatehouse
  }
  interface FastifyRequest {
    /** The app named by the request; set by the app-id hook before any handler runs. Handlers read it through `appOf(request)`. */
    gatehouseApp: App | null
    /** The device proof of a bound session's call, verified and spent once by the API's hook (services/device-gate.ts). */
    device: DeviceBinding | null
  }
  interface FastifyContextConfig {
    appId?: AppIdSource
    issuesSession?: boolean
  }
}

/** Where every API route lives (route files name their paths relative to it): the contract's. */
export { API_PREFIX } from '@gatehouse/contract/routes/prefix'

/** Route options' `appId` for routes that read the `privy-app-id` header (most API routes). */
export const HEADER_APP = { appId: 'header' } as const
export const PARAM_APP = { appId: 'param' } as const
/** `HEADER_APP` for the routes that end a login ceremony in a new session. */
export const LOGIN_ROUTE = { appId: 'header', issuesSession: true } as const
export const NO_APP = { appId: 'none' } as const

/**
 * The app the request names, as the app-id hook found it (app.ts). Every route whose `appId` is
 * 'header' or 'param' has one before its handler runs; asked on a route without one, it answers
 * what a missing id answers (400 `missing_or_invalid_app_id`) rather than failing on null.
 */
export function appOf(request: FastifyRequest): App {
  const app = request.gatehouseApp
  if (!app) throw new ApiError('missing_or_invalid_app_id', 'Missing or invalid app id')
  return app
}

/** preValidation hook for routes whose body is optional: a bare POST counts as {}. */
export async function emptyBody(request: FastifyRequest) {
  request.body ??= {}
}

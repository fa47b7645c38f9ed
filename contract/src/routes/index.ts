/**
 * The route map: every route of the API by `'METHOD /path'`, each with its request and response
 * schemas. One file per area; the server registers from these objects, the widget's client is
 * typed by them (server/routes/*.ts, src/api/client.ts).
 */
import { passwordlessRoutes } from './passwordless.ts'
import { passkeyRoutes } from './passkeys.ts'

export * from './define.ts'
export * from './shared.ts'

export const ROUTES = {
  ...passwordlessRoutes,
  ...passkeyRoutes,
} as const

export type Routes = typeof ROUTES
export type RouteKey = keyof Routes

/**
 * The OpenAPI 3.1 document of the API, gathered by @fastify/swagger (dynamic mode) from the
 * schema every route is registered with (the contract's route map), and served at `GET /api/v1/openapi.json`
 * so host backends and other clients can read the contract. Development routes are left out.
 */
import { existsSync, readFileSync } from 'node:fs'
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { API_PREFIX, NO_APP } from './context.js'
import { isOwnerRoute } from '@gatehouse/contract/routes'

/** Where the document is served, relative to the API prefix. */
export const OPENAPI_ROUTE = '/openapi.json'

type Schema = Record<string, unknown> & { headers?: HeadersSchema; hide?: boolean; security?: { [label: string]: string[] }[] }
type HeadersSchema = { type?: string; required?: readonly string[]; properties?: Record<string, unknown> }

/** The server's own version: its package.json once the server is a workspace package, else the repository's. */
function serverVersion(): string {
  for (const candidate of ['./package.json', '../package.json']) {
    const file = new URL(candidate, import.meta.url)
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0'
  }
  return '0.0.0'
}

const APP_ID_HEADER = {
  type: 'string',
  pattern: '^[a-z0-9]{25}$',
  description: 'The app id; a missing or unknown one answers 400 missing_or_invalid_app_id',
}

/**
 * Per route, what the schema cannot say itself: which token the Authorization header carries
 * (a security scheme instead of a bare header), and the app-id header the app gate reads.
 */
function transform({ schema, url, route }: { schema: unknown; url: string; route: { config?: unknown } }) {
  const source = (schema ?? {}) as Schema
  if (!url.startsWith(`${API_PREFIX}/`)) {
    // Pages and health stay documented; development routes (outbox, local IdP) are not the API.
    return { schema: url.startsWith('/dev/') || url === '/dev' ? { ...source, hide: true } : source, url }
  }
  const out: Schema = { ...source }
  const headers = source.headers
  const path = url.slice(API_PREFIX.length)
  // The owner area (services/owner-auth.ts): a route about one app also takes that app's secret or an operator's token.
  if (isOwnerRoute(path) && path.includes(':app_id')) out.security = [{ adminToken: [] }, { appSecret: [] }, { operatorToken: [] }]
  else if (isOwnerRoute(path)) out.security = [{ adminToken: [] }]
  else if (headers?.properties?.authorization) {
    out.security = [{ [url.startsWith(`${API_PREFIX}/farcaster/relay/`) ? 'channelToken' : 'accessToken']: [] }]
  }
  if ((route.config as { appId?: string } | undefined)?.appId === 'header') {
    out.headers = {
      type: 'object',
      ...headers,
      required: [...(headers?.required ?? []), 'privy-app-id'],
      properties: { 'privy-app-id': APP_ID_HEADER, ...headers?.properties },
    }
  }
  return { schema: out, url }
}

export const OPENAPI_OPTIONS: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse API',
      version: serverVersion(),
      description:
        'Login and embedded-wallet API of a self-hosted Gatehouse server. Every failure answers `{ error, code }` with a code from the shared error table. Most routes name their app in the `privy-app-id` header.',
    },
    components: {
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of an auth response (ES256, 1 hour)' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'GATEHOUSE_ADMIN_TOKEN: the admin API' },
        appSecret: {
          type: 'http',
          scheme: 'basic',
          description:
            "An app secret: `Basic base64(appId:appSecret)` with the `privy-app-id` header naming the same app; reaches that app's owner routes only",
        },
        operatorToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A console operator: an access token of the console app (GATEHOUSE_CONSOLE_APP_ID); its role in the app decides (viewer, admin, owner)',
        },
        channelToken: { type: 'http', scheme: 'bearer', description: 'A Sign In With Farcaster channel token (relay routes, AuthKit wire format)' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'GATEHOUSE_METRICS_TOKEN: GET /metrics (Prometheus)' },
      },
    },
  },
  transform,
}

/** Registers the document builder; call before any route is added (it collects routes as they come). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, OPENAPI_OPTIONS)
}

/** `GET /api/v1/openapi.json` (registered under the API prefix). */
export async function openApiRoutes(app: FastifyInstance) {
  app.get(
    OPENAPI_ROUTE,
    {
      schema: {
        summary: 'This document: the OpenAPI 3.1 description of the API',
        response: { 200: { description: 'The OpenAPI 3.1 document', type: 'object', additionalProperties: true } },
      },
      config: NO_APP,
    },
    async () => app.swagger(),
  )
}

/**
 * Development only: a local OpenID provider under /dev/idp, so the demo's social
 * buttons work offline ('Google (local dev)'). Its client is `DEV_IDP_CLIENT`; the development
 * app is configured to use it (server/main.ts). Registered only when not in production.
 */
import type { FastifyInstance } from 'fastify'
import { NO_APP } from '../context.js'
import { createDevIdp, type DevIdp } from '../dev-idp.js'
import { CALLBACK_PATH } from '../services/oauth.js'

export const DEV_IDP_PATH = '/dev/idp'
export const DEV_IDP_CLIENT = { clientId: 'gatehouse-dev', clientSecret: 'gatehouse-dev-idp-secret' }

export default async function devIdpRoutes(app: FastifyInstance) {
  const { publicUrl } = app.gatehouse.config
  let idp: Promise<DevIdp> | null = null
  // Created on first use: oidc-provider is a development dependency and takes a moment to load.
  const get = () =>
    (idp ??= createDevIdp(publicUrl + DEV_IDP_PATH, [
      { client_id: DEV_IDP_CLIENT.clientId, client_secret: DEV_IDP_CLIENT.clientSecret, redirect_uris: [publicUrl + CALLBACK_PATH] },
    ]))

  await app.register(async (scope) => {
    // oidc-provider reads its own request bodies (sign-in forms, token requests).
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const { callback } = await get()
      reply.hijack()
      // Mounted like Express does it: oidc-provider finds its mount path through originalUrl.
      const raw = request.raw as typeof request.raw & { originalUrl?: string }
      raw.originalUrl = raw.url
      raw.url = raw.url!.slice(DEV_IDP_PATH.length) || '/'
      callback(request.raw, reply.raw)
    }
    scope.all(DEV_IDP_PATH, { config: NO_APP }, handler)
    scope.all(`${DEV_IDP_PATH}/*`, { config: NO_APP }, handler)
  })
}

/**
 * The wallet frame's pages, served on the API origin so the key material they hold lives in an
 * origin no host page can script. `frame-ancestors` lets only the app's allowed origins (and any
 * localhost page in development) embed them; the frame itself also checks every message's origin
 * against the same list, which it reads from the page.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { appOf, NO_APP, PARAM_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'

const DEV_ANCESTORS = ['http://localhost:*', 'http://127.0.0.1:*']
const ASSETS = new Set(['wallet-frame.js', 'export.js'])
const appParams = { type: 'object', required: ['app_id'], properties: { app_id: { type: 'string' } } } as const
const assetParams = { type: 'object', required: ['file'], properties: { file: { type: 'string' } } } as const
const page200 = (description: string) => ({ 200: { description, content: { 'text/html': { schema: { type: 'string' } } } } }) as const
const frameSchema = { summary: 'Hidden wallet frame', params: appParams, response: page200('The wallet frame page (HTML)') } as const
const exportSchema = { summary: 'Key export page', params: appParams, response: page200('The key export page (HTML)') } as const
const assetSchema = {
  summary: 'Wallet frame scripts',
  params: assetParams,
  response: { 200: { description: 'The script (JavaScript)', content: { 'text/javascript': { schema: { type: 'string' } } } } },
} as const

/**
 * The export page fills the modal's 44 px frame (spec part 3 §9): one row, 'Loading...' until the
 * copy buttons replace it. The colours are the modal's, passed in the query (frame/src/exportQuery.ts);
 * the buttons darken the accent as the modal's primary buttons do, for AA contrast with their text.
 */
const EXPORT_BODY = `<style>
html,body{margin:0;height:100%;overflow:hidden;background:var(--background,#fff);color:var(--foreground,#040217);font:14px ui-sans-serif,system-ui,sans-serif}
#export{box-sizing:border-box;height:44px;display:flex;align-items:center;gap:8px;padding:0 6px}
#export button{flex:1;height:32px;border:1px solid var(--border,#e2e3f0);border-radius:8px;background:color-mix(in srgb,var(--accent,#676fff) 85%,#000);color:var(--accent_foreground,#fff);font:inherit;font-weight:600;cursor:pointer}
#status{margin:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
</style><main id="export"><p id="status">Loading...</p></main>`

export const FRAME_ASSET_DIR = fileURLToPath(new URL('../../dist/frame/', import.meta.url))

/** What the frame script reads from its page: whom to answer. */
export interface FrameConfig {
  appId: string
  allowedOrigins: string[]
  allowLocalhost: boolean
  sessionCheckMs: number
  /** Cloud recovery (frame/src/cloud.ts): the Drive and CloudKit origins, and the app's iCloud container. */
  cloud: {
    googleDriveUrl: string
    cloudKitUrl: string
    icloud: { containerId: string; environment: 'development' | 'production'; apiToken: string } | null
  }
}

function page(title: string, script: string, config: FrameConfig, body: string): string {
  // `<` escaped so no value can close the data block.
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${title}</title>
<script type="application/json" id="gatehouse-frame-config">${json}</script>
<script type="module" src="/embedded-wallets/assets/${script}"></script>
</head><body>${body}</body></html>`
}

export default async function walletFrameRoutes(app: ApiInstance) {
  const { dev } = app.gatehouse.config

  function send(request: FastifyRequest, reply: FastifyReply, title: string, script: string, body: string) {
    const target = appOf(request)
    // A cross-app provider's popup pages run on this origin with the provider's own wallet (routes/cross-app-pages.ts).
    const own = target.settings.crossAppProvider ? [new URL(app.gatehouse.config.publicUrl).origin] : []
    const allowed = [...target.settings.allowedOrigins, ...own]
    const ancestors = [...allowed, ...(dev ? DEV_ANCESTORS : [])]
    const { googleDriveUrl, cloudKitUrl } = app.gatehouse.config
    // CloudKit's web API token is a browser credential by design (CloudKit JS carries it too).
    const icloud = target.settings.recoveryOAuth?.icloud ?? null
    const config: FrameConfig = {
      appId: target.id,
      allowedOrigins: allowed,
      allowLocalhost: dev,
      sessionCheckMs: app.gatehouse.config.frameSessionCheckMs,
      cloud: { googleDriveUrl, cloudKitUrl, icloud: icloud ? { ...icloud, environment: icloud.environment ?? 'production' } : null },
    }
    reply
      .header(
        'content-security-policy',
        [
          "default-src 'none'",
          "script-src 'self'",
          // The cloud recovery stores the frame writes to and reads from, in the user's own accounts.
          `connect-src 'self' ${new URL(googleDriveUrl).origin} ${new URL(cloudKitUrl).origin}`,
          "style-src 'unsafe-inline'",
          "base-uri 'none'",
          "form-action 'none'",
          `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
        ].join('; '),
      )
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
    return page(title, script, config, body)
  }

  app.get('/apps/:app_id/embedded-wallets', { schema: frameSchema, config: PARAM_APP }, async (request, reply) =>
    send(request, reply, 'Gatehouse wallet', 'wallet-frame.js', ''),
  )

  app.get('/apps/:app_id/embedded-wallets/export', { schema: exportSchema, config: PARAM_APP }, async (request, reply) =>
    send(request, reply, 'Export wallet', 'export.js', EXPORT_BODY),
  )

  app.get('/embedded-wallets/assets/:file', { schema: assetSchema, config: NO_APP }, async (request, reply) => {
    const { file } = request.params
    if (!ASSETS.has(file)) throw new ApiError('not_found', 'No such asset')
    const body = await readFile(FRAME_ASSET_DIR + file, 'utf8').catch(() => null)
    if (!body) throw new ApiError('not_found', 'The wallet frame is not built: run npm run build')
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(body)
  })
}

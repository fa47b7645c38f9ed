/**
 * The cross-app provider's popup pages, served on its API origin (spec part 3 §1; api-paths.md
 * `page /oauth/transact`): the connect page (`/apps/:app_id/cross-app/connect`, login and consent)
 * and the transact page (`/oauth/transact`, the request in the fragment). Both run the provider's
 * own widget, so its users log in with its own modal and its own wallet frame signs: no key, and no
 * provider session, ever reaches the requester. They may not be framed (the consent is a click a
 * framing page could steal), and they answer only by postMessage (./cross-app-popup.ts).
 */
import type { FastifyReply } from 'fastify'
import { appOf, NO_APP, PARAM_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { CROSS_APP_POPUP_SCRIPT } from './cross-app-popup.js'

const appParams = { type: 'object', required: ['app_id'], properties: { app_id: { type: 'string' } } } as const
const page200 = (description: string) => ({ 200: { description, content: { 'text/html': { schema: { type: 'string' } } } } }) as const

const STYLE = `<style>
html,body{margin:0;font:15px ui-sans-serif,system-ui,sans-serif;color:#040217;background:#fff}
main{box-sizing:border-box;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:24px;text-align:center}
h1{font-size:18px;margin:0}
button{min-width:200px;height:44px;border-radius:12px;border:1px solid #e2e3f0;font:inherit;font-weight:600;cursor:pointer;background:#fff}
#approve{background:#676fff;color:#fff;border-color:#676fff}
</style>`

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(reply: FastifyReply, mode: 'connect' | 'transact', title: string, appId = '') {
  reply
    .header('content-security-policy', "frame-ancestors 'none'; object-src 'none'; base-uri 'none'; form-action 'none'")
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>${STYLE}
<script type="module" src="/cross-app/assets/popup.js"></script>
</head><body data-mode="${mode}" data-app-id="${escapeHtml(appId)}"><main><h1>${escapeHtml(title)}</h1><p id="status" role="status">Loading...</p>
<button id="approve" type="button" hidden></button><button id="deny" type="button" hidden></button></main></body></html>`
}

export default async function crossAppPageRoutes(app: ApiInstance) {
  app.get(
    '/apps/:app_id/cross-app/connect',
    { schema: { summary: 'Cross-app connect page (provider login and consent)', params: appParams, response: page200('The page (HTML)') }, config: PARAM_APP },
    async (request, reply) => {
      const provider = appOf(request)
      const { name } = app.gatehouse.crossApp.details(provider)
      return page(reply, 'connect', name, provider.id)
    },
  )
  app.get(
    '/oauth/transact',
    { schema: { summary: 'Cross-app transact page (the provider wallet signs)', response: page200('The page (HTML)') }, config: NO_APP },
    async (_request, reply) => page(reply, 'transact', 'Wallet request'),
  )
  app.get(
    '/cross-app/assets/popup.js',
    {
      schema: {
        summary: 'Cross-app popup script',
        response: { 200: { description: 'The script', content: { 'text/javascript': { schema: { type: 'string' } } } } },
      },
      config: NO_APP,
    },
    async (_request, reply) => {
      if (!CROSS_APP_POPUP_SCRIPT) throw new ApiError('not_found', 'No such asset')
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(CROSS_APP_POPUP_SCRIPT)
    },
  )
}

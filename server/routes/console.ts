/**
 * The operator console (console/, built into console/dist/ by `npm run build`), served from the API
 * origin at /console/: its page is an app of this server (services/console-app.ts) that logs in with
 * the widget this server serves (/widget/<version>/elements.js) and calls the owner API on the same
 * origin. The two HTML pages are filled in as they are served (the widget's URL, the console's app
 * id); the scripts and styles under assets/ carry a content hash and are immutable. Without a built
 * console every path answers 404 saying so, and the API is unaffected.
 */
import { readFile } from 'node:fs/promises'
import { constantTimeEqual } from '../crypto/hash.js'
import { fileURLToPath } from 'node:url'
import { NO_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { bearerToken } from '../services/bearer.js'
import { CONSOLE_APP_ID } from '../services/console-app.js'
import { grantServerOwner } from '../services/console-owners.js'
import { LATEST, WIDGET_PREFIX, widgetVersion } from './widget.js'

/** console/dist/ beside the server: two levels up from server/routes/ (source) and server/dist/ (bundle). */
export const CONSOLE_DIR = fileURLToPath(new URL('../../console/dist/', import.meta.url))
export const CONSOLE_PREFIX = '/console'

const PAGES = new Set(['index.html', 'preview.html'])
const ASSET = /^assets\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.(js|css|map)$/
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
}
const NOT_BUILT = 'This server has no built console: run npm run build'

const schema = {
  summary: 'Operator console',
  description: "The operator console's pages and assets. 404 when the server has no built console.",
  params: { type: 'object', required: ['*'], properties: { '*': { type: 'string' } } },
  response: { 200: { description: 'The file', content: { 'text/html': { schema: { type: 'string' } } } } },
} as const

const redirectSchema = { summary: 'Operator console', response: { 302: { description: 'On to /console/' } } } as const

const claimSchema = {
  summary: 'Development only: spend the one-time console sign-in link, making the signed-in operator the first owner',
  description: "Bearer: the operator's console access token. Refused once any owner exists.",
  body: { type: 'object', required: ['claim'], properties: { claim: { type: 'string', maxLength: 200 } }, additionalProperties: false },
} as const

const SPENT = "This sign-in link was used already or is not this server's: restart npm start for a new one"
const OWNED = 'This server has an owner already: ask them to invite you from the console'

export interface ConsoleOptions {
  dir?: string
  version?: string | null
  /**
   * Development only: the secret of the one-time sign-in link `npm start` prints
   * (`/console/#claim=…`). The operator who signs in through it and spends it becomes the first
   * owner of the server (services/console-owners.ts); once any owner exists it is dead.
   */
  claim?: string | null
}

export default async function consoleRoutes(app: ApiInstance, options: ConsoleOptions = {}) {
  let claim = app.gatehouse.config.dev ? (options.claim ?? null) : null
  if (claim) {
    app.post('/dev/console-claim', { schema: claimSchema, config: NO_APP }, async (request) => {
      const { config, db, keys, sessions, now } = app.gatehouse
      if (!claim || !constantTimeEqual(request.body.claim, claim)) throw new ApiError('missing_or_invalid_token', SPENT)
      const token = bearerToken(request)
      const claims = token && config.consoleAppId ? await keys.verifyAccessToken(token, config.consoleAppId).catch(() => null) : null
      if (!claims) throw new ApiError('missing_or_invalid_token', 'Sign in to the console first, then open the link again')
      await sessions.activeSession(claims.sid, claims.sub)
      const granted = await grantServerOwner(db, claims.sub, 'claim', now(), true)
      claim = null
      if (!granted) throw new ApiError('insufficient_permission', OWNED)
      return { owner: true }
    })
  }

  const dir = options.dir ?? CONSOLE_DIR
  const version = options.version === undefined ? widgetVersion() : options.version
  const widgetUrl = `${WIDGET_PREFIX}/${version ?? LATEST}/elements.js`

  app.get(CONSOLE_PREFIX, { config: NO_APP, schema: redirectSchema }, async (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`, 302))

  app.get(`${CONSOLE_PREFIX}/*`, { schema, config: NO_APP }, async (request, reply) => {
    const file = request.params['*'] || 'index.html'
    if (PAGES.has(file)) {
      const page = await readFile(dir + file, 'utf8').catch(() => null)
      if (!page) throw new ApiError('not_found', NOT_BUILT)
      const body = page.replaceAll('%WIDGET_URL%', widgetUrl).replaceAll('%CONSOLE_APP_ID%', CONSOLE_APP_ID)
      return reply
        .type(TYPES.html)
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-security-policy', "frame-ancestors 'self'; object-src 'none'; base-uri 'none'")
        .send(body)
    }
    const match = ASSET.exec(file)
    const body = match && (await readFile(dir + file, match[1] === 'map' || match[1] === 'js' || match[1] === 'css' ? 'utf8' : 'utf8').catch(() => null))
    if (!match || !body) throw new ApiError('not_found', `No console file ${file}`)
    return reply.type(TYPES[match[1]]).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(body)
  })
}

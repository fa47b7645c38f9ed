/**
 * The built widget (dist/: elements.js, fund-button.js, gatehouse.js and their chunks), served from
 * the API origin so a host page needs nothing but a script tag (README, 'Using the tag'):
 *
 *   /widget/<version>/elements.js   the version this server was built with; cached for a year
 *                                    (immutable): a new release is a new URL
 *   /widget/latest/elements.js      the same files under a short cache, for pages that follow releases
 *
 * The entry files import their chunks by relative path ('./chunks/…-hash.js'), so both prefixes serve
 * them; chunk names carry a content hash and are immutable under either. A module script from
 * another origin is fetched in CORS mode: these public files answer `access-control-allow-origin: *`
 * (no credentials). The server runs without the widget (dist/ not built, or deployed apart): then
 * every path answers 404 saying so, and the API is unaffected.
 */
import { readFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { NO_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'

/** dist/ beside the server: the same two levels up from server/routes/ (source) and server/dist/ (bundle). */
export const WIDGET_DIR = fileURLToPath(new URL('../../dist/', import.meta.url))
const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url))

export const WIDGET_PREFIX = '/widget'
export const LATEST = 'latest'
const YEAR = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=300'

/** A top-level bundle file or a chunk: one directory level, no dot files, no way up. */
const FILE = /^(?:chunks\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*\.(js|map|txt)$/
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
}

/** The widget package's version (the root package.json, which dist/ was built from), or null when absent. */
export function widgetVersion(file = PACKAGE_JSON): string | null {
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
    return pkg.name === 'gatehouse' && typeof pkg.version === 'string' ? pkg.version : null
  } catch {
    return null
  }
}

const params = {
  type: 'object',
  required: ['version', '*'],
  properties: { version: { type: 'string' }, '*': { type: 'string' } },
} as const
const schema = {
  summary: 'Widget bundle',
  description:
    "The built widget's files (elements.js, fund-button.js, gatehouse.js, chunks/…) under the server's widget version, or under 'latest' with a short cache. 404 when the server has no built widget.",
  params,
  response: { 200: { description: 'The file (JavaScript, or its source map)', content: { 'text/javascript': { schema: { type: 'string' } } } } },
} as const

export default async function widgetRoutes(app: ApiInstance, options: { dir?: string; version?: string | null } = {}) {
  const dir = options.dir ?? WIDGET_DIR
  const version = options.version === undefined ? widgetVersion() : options.version
  const { dev } = app.gatehouse.config

  app.get(`${WIDGET_PREFIX}/:version/*`, { schema, config: NO_APP }, async (request, reply) => {
    const asked = request.params.version
    const file = request.params['*']
    if (!version) throw new ApiError('not_found', 'This server has no built widget: run npm run build, or host dist/ yourself')
    if (asked !== version && asked !== LATEST) {
      throw new ApiError('not_found', `This server serves widget version ${version} (${WIDGET_PREFIX}/${version}/elements.js), not ${asked}`)
    }
    const match = FILE.exec(file)
    if (!match) throw new ApiError('not_found', `No widget file ${file}`)
    const body = await readFile(dir + file, 'utf8').catch(() => null)
    if (!body) {
      const built = await readFile(dir + 'elements.js').then(
        () => true,
        () => false,
      )
      throw new ApiError('not_found', built ? `No widget file ${file}` : 'This server has no built widget: run npm run build, or host dist/ yourself')
    }
    // Chunks are named by their content. An entry file keeps its name across builds: immutable only
    // under a released version, and revalidated in development, where `npm run build` changes it in place.
    const hashed = file.startsWith('chunks/')
    const cache = hashed ? YEAR : asked === LATEST ? SHORT : dev ? 'no-cache' : YEAR
    return reply
      .type(TYPES[match[1]])
      .header('cache-control', cache)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(body)
  })
}

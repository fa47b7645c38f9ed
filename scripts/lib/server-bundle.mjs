// The API server as one ES module (server/dist/main.mjs): server/main.ts with the contract and its
// npm dependencies bundled in by esbuild, native and optional drivers left to node_modules. The
// same code as `tsx server/main.ts`, started several times faster: Node parses one file instead of
// resolving and loading some two thousand modules through tsx's loader (on a slow 2-core machine,
// 20 s against 35 s a start). The end-to-end stacks start servers from it.
//
// Lives two folders below the root like server/routes/*.ts, so the paths the server finds its
// files by (dist/frame/ and its package.json, relative to import.meta.url) hold in both forms.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { root } from './server-process.mjs'

export const SERVER_BUNDLE = join(root, 'server/dist/main.mjs')

/** What the bundle is made of: a change to any of these makes it stale. */
const SOURCES = ['server', 'contract/src']
// Native addons, optional peers, and what loads files beside itself: resolved from node_modules at run time.
const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native', 'pino-pretty', 'bufferutil', 'utf-8-validate']

function newestSource(dir, newest = 0) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = newestSource(path, newest)
    else if (/\.(ts|mts|js|mjs|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

/** True when the bundle is missing or older than a source file of the server or the contract, or the lockfile. */
export function serverBundleStale() {
  if (!existsSync(SERVER_BUNDLE) || !existsSync(SIGNER_BUNDLE)) return true
  const built = statSync(SERVER_BUNDLE).mtimeMs
  // The bundle carries the dependencies too: a changed lockfile (an upgrade) makes it stale.
  if (statSync(join(root, 'package-lock.json')).mtimeMs > built) return true
  return SOURCES.some((dir) => newestSource(join(root, dir)) > built)
}

const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
  external: EXTERNAL,
  // CommonJS dependencies bundled into an ES module still call require() for Node's built-ins.
  banner: { js: "import { createRequire as __gatehouseRequire } from 'node:module'; const require = __gatehouseRequire(import.meta.url);" },
}

/** The signer process's entry beside it (server/services/delegation/signer-client.ts starts it from there). */
export const SIGNER_BUNDLE = join(root, 'server/dist/signer.mjs')

/** Builds server/dist/main.mjs and server/dist/signer.mjs. */
export async function buildServerBundle() {
  await build({ ...bundleOptions, entryPoints: [join(root, 'server/services/delegation/signer-main.ts')], outfile: SIGNER_BUNDLE })
  await build({
    ...bundleOptions,
    entryPoints: [join(root, 'server/main.ts')],
    outfile: SERVER_BUNDLE,
  })
  return SERVER_BUNDLE
}

/** The bundle's path, built first when missing or stale. */
export async function ensureServerBundle() {
  if (serverBundleStale()) await buildServerBundle()
  return SERVER_BUNDLE
}

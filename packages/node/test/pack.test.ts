/**
 * The published shape: build, `npm pack`, install the tarball into an empty folder (offline: its
 * dependencies are packed from this repository's node_modules), then import it from a plain Node
 * script and type-check a TypeScript consumer against the shipped declarations alone.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const pkgDir = fileURLToPath(new URL('..', import.meta.url))
const repo = join(pkgDir, '../..')
const work = mkdtempSync(join(tmpdir(), 'gatehouse-node-pack-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const run = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

/** The package's runtime dependencies and theirs, as installed in this repository (name → folder). */
function dependencyClosure(): Map<string, string> {
  const found = new Map<string, string>()
  const visit = (name: string, from: string) => {
    if (found.has(name)) return
    const nested = join(from, 'node_modules', name)
    const dir = existsSync(nested) ? nested : join(repo, 'node_modules', name)
    found.set(name, dir)
    const deps = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {}
    for (const dep of Object.keys(deps)) visit(dep, dir)
  }
  for (const dep of Object.keys(JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).dependencies)) visit(dep, pkgDir)
  return found
}

it('npm pack installs into an empty folder, imports in plain Node, and its declarations type-check on their own', () => {
  run(process.execPath, [join(pkgDir, 'build.mjs')], repo)
  const tarballs = join(work, 'tarballs')
  mkdirSync(tarballs)
  const [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tarballs], pkgDir))
  expect(packed.files.map((f: { path: string }) => f.path).sort()).toEqual(['README.md', 'dist/index.d.ts', 'dist/index.js', 'package.json'])
  for (const dir of dependencyClosure().values()) run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', tarballs, dir], work)

  const app = join(work, 'app')
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'host-backend', private: true, type: 'module' }))
  const files = execFileSync('ls', [tarballs], { encoding: 'utf8' }).trim().split('\n')
  run('npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', ...files.map((f) => join(tarballs, f))], app)
  // Nothing of the workspace came along: the contract is bundled, not a dependency.
  expect(existsSync(join(app, 'node_modules/@gatehouse/contract'))).toBe(false)

  writeFileSync(
    join(app, 'check.mjs'),
    `import { createHmac } from 'node:crypto'
import * as sdk from '@gatehouse/node'
const key = sdk.generateAuthorizationKeyPair()
const gatehouse = sdk.createGatehouseClient({ appId: 'app', apiUrl: 'http://127.0.0.1:1', authorizationPrivateKey: key.privateKey })
const secret = 'whsec_' + Buffer.from('0123456789abcdef01234567').toString('base64')
const body = JSON.stringify({ type: 'user.created', timestamp: new Date().toISOString(), data: {} })
const ts = Math.floor(Date.now() / 1000)
const sig = 'v1,' + createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update('m1.' + ts + '.' + body).digest('base64')
const event = gatehouse.webhooks.verify(body, { 'webhook-id': 'm1', 'webhook-timestamp': String(ts), 'webhook-signature': sig }, secret)
const signature = sdk.signAuthorization(key.privateKey, { method: 'POST', url: 'https://x/api/v1/wallets/w/rpc', body: {}, headers: {} })
console.log(JSON.stringify({ exports: Object.keys(sdk).sort(), event: event.type, signature: signature.length > 60, users: typeof gatehouse.users.get }))
`,
  )
  const out = JSON.parse(run(process.execPath, ['check.mjs'], app))
  expect(out).toEqual({
    exports: expect.arrayContaining(['createGatehouseClient', 'verifyWebhook', 'generateAuthorizationKeyPair', 'GatehouseApiError', 'GatehouseTokenError']),
    event: 'user.created',
    signature: true,
    users: 'function',
  })

  // The declarations on their own (no workspace beside them): a consumer type-checks, and a wrong call does not.
  writeFileSync(
    join(app, 'consumer.ts'),
    `import { createGatehouseClient, type User, type IdentityTokenClaims } from '@gatehouse/node'
const gatehouse = createGatehouseClient({ appId: 'a', apiUrl: 'http://x', appSecret: 's' })
export async function f(token: string): Promise<[string, User, IdentityTokenClaims['linkedAccounts']]> {
  const { userId } = await gatehouse.verifyAccessToken(token)
  const user = await gatehouse.users.get(userId)
  const created: string = (await gatehouse.users.create({ linked_accounts: [{ type: 'email', address: 'a@b.c' }] })).id
  return [created, user, (await gatehouse.verifyIdentityToken(token)).linkedAccounts]
}
// @ts-expect-error: a linked account type the contract does not know
gatehouse.users.create({ linked_accounts: [{ type: 'fax' }] })
export async function g(walletId: string): Promise<string> {
  const wallet = await gatehouse.wallets.update(walletId, { policy: { methods: ['personal_sign'], native_value: { per_day: '1000' } } })
  const { data } = await gatehouse.wallets.rpc(wallet.id, { method: 'personal_sign', params: { message: 'hi' } })
  return data.signature
}
// @ts-expect-error: a method the contract's policy does not know
gatehouse.wallets.update('w', { policy: { methods: ['eth_sign'] } })
`,
  )
  const tsc = join(repo, 'node_modules/typescript/bin/tsc')
  const options = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node']
  run(process.execPath, [tsc, ...options, '--typeRoots', join(repo, 'node_modules/@types'), 'consumer.ts'], app)
})

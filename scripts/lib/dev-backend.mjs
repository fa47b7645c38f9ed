// What `npm start` gives the demo's host backend (demo/backend/) so that its scheduled payments work
// out of the box: an app secret and an authorization key (P-256) registered for the development
// app through the admin API, kept in <stateDir>/dev-backend.json (0600) and reused while both are
// still live; a new pair when the app changed or either was revoked (in the console, say). The
// wallet's policy (a daily cap) is set by the backend when a user subscribes (demo/backend/payments.mjs).
import { generateKeyPairSync } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The admin token `npm start`'s server uses: GATEHOUSE_ADMIN_TOKEN, else the development one it stored. */
export async function devAdminToken(stateDir) {
  if (process.env.GATEHOUSE_ADMIN_TOKEN) return process.env.GATEHOUSE_ADMIN_TOKEN
  return (await readFile(join(stateDir, 'admin-token'), 'utf8')).trim()
}

/**
 * @param {{ apiUrl: string, adminToken: string, appId: string, stateDir: string }} o
 * @returns {Promise<{ appSecret: string, authorizationKey: string, created: boolean }>}
 */
export async function ensureDevBackendCredentials(o) {
  const file = join(o.stateDir, 'dev-backend.json')
  const admin = async (method, path, body) => {
    const res = await fetch(`${o.apiUrl}/api/v1/admin/apps/${encodeURIComponent(o.appId)}${path}`, {
      method,
      headers: { authorization: `Bearer ${o.adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (!res.ok) throw new Error(`admin ${method} ${path} failed: ${res.status} ${await res.text()}`)
    return res.json()
  }
  const stored = await readFile(file, 'utf8').then(JSON.parse, () => null)
  if (stored?.appId === o.appId) {
    const [secrets, keys] = await Promise.all([admin('GET', '/secrets'), admin('GET', '/authorization-keys')])
    const live = secrets.data.some((s) => s.id === stored.secretId) && keys.data.some((k) => k.id === stored.keyId)
    if (live) return { appSecret: stored.appSecret, authorizationKey: stored.authorizationKey, created: false }
  }
  const { id: secretId, secret } = await admin('POST', '/secrets')
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const { data } = await admin('POST', '/authorization-keys', {
    keys: [{ public_key: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'), label: 'demo backend (npm start)' }],
  })
  const authorizationKey = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')
  const saved = { appId: o.appId, secretId, appSecret: secret, keyId: data[0].id, authorizationKey }
  await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 })
  return { appSecret: secret, authorizationKey, created: true }
}

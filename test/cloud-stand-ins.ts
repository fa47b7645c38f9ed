/**
 * Stand-ins for the cloud stores of cloud recovery (frame/src/cloud.ts), which cannot run here,
 * each speaking its service's documented wire format on loopback, with CORS as the real services
 * answer browsers:
 *
 * - Google Drive API v3: `POST /upload/drive/v3/files?uploadType=multipart` (a multipart/related
 *   body: JSON metadata, then the media), `GET /drive/v3/files?spaces=…&q=…` (a `drive#fileList`;
 *   the `q` subset: `name = '…'`, `trashed = false`, joined by `and`), `GET /drive/v3/files/{id}`
 *   (`?alt=media`: the content), `DELETE /drive/v3/files/{id}`; errors as Google's JSON error
 *   (`{ error: { code, message, errors: [{ domain, reason, message }], status } }`). Bearer tokens
 *   are checked by `verifyToken` (the e2e tests ask the OpenID provider's userinfo, as Google checks
 *   its own tokens); an app-data-only grant sees the `appDataFolder` space only.
 * - CloudKit Web Services: `GET …/public/users/current` answers 421 AUTHENTICATION_REQUIRED with
 *   the sign-in page (`redirectURL`) until a `ckWebAuthToken` is given; the sign-in page redirects
 *   to the API token's sign-in callback URL with `ckWebAuthToken` and `ckSession`; the private
 *   database takes `records/modify` (operations create, update, forceUpdate, replace, forceReplace,
 *   delete, forceDelete) and `records/query` (`filterBy` with EQUALS), each with `ckAPIToken` and
 *   `ckWebAuthToken`; errors as `{ uuid, serverErrorCode, reason }`.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { listen } from './funding-stand-ins.ts'

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
}
const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=UTF-8') =>
  res.writeHead(status, { 'content-type': type, ...CORS }).end(typeof body === 'string' ? body : JSON.stringify(body))

// ---------------------------------------------------------------- Google Drive v3

export interface DriveFile {
  id: string
  name: string
  parents: string[]
  mimeType: string
  createdTime: string
  modifiedTime: string
  trashed: boolean
  content: string
}

const driveError = (res: ServerResponse, code: number, status: string, reason: string, message: string) =>
  send(res, code, { error: { code, message, errors: [{ message, domain: 'global', reason }], status } })

/** The multipart/related parts of an upload: [metadata JSON, media]. */
function multipartParts(contentType: string, body: string): { headers: string; body: string }[] | null {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1]
  if (!/^multipart\/related/i.test(contentType) || !boundary) return null
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => {
      const trimmed = part.replace(/^\r\n/, '').replace(/\r\n$/, '')
      const at = trimmed.indexOf('\r\n\r\n')
      return { headers: trimmed.slice(0, at), body: trimmed.slice(at + 4) }
    })
}

/** The `q` subset the frame sends: `name = '…'` and `trashed = false`, joined by `and`. */
function matchesQuery(q: string, file: DriveFile): boolean {
  if (!q.trim()) return true
  return q.split(/\s+and\s+/i).every((term) => {
    const name = /^name\s*=\s*'((?:[^'\\]|\\.)*)'$/.exec(term.trim())
    if (name) return file.name === name[1].replace(/\\(.)/g, '$1')
    const trashed = /^trashed\s*=\s*(true|false)$/.exec(term.trim())
    if (trashed) return String(file.trashed) === trashed[1]
    throw new Error(`unsupported query term: ${term}`)
  })
}

export async function startDriveStandIn() {
  /** Files per user (the key `verifyToken` answers for a token). */
  const files = new Map<string, DriveFile[]>()
  let verifyToken: (token: string) => Promise<string | null> = async () => null
  const requests: { method: string; path: string }[] = []
  /** While set, downloads (`alt=media`) wait for it: a test sees the widget's progress state, then releases. */
  let downloadGate: Promise<void> | null = null
  let heldDownloads = 0
  const server = await listen(async (req, res, url, body) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end()
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search })
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const user = token ? await verifyToken(token) : null
    if (!user) return driveError(res, 401, 'UNAUTHENTICATED', 'authError', 'Request had invalid authentication credentials.')
    const mine = files.get(user) ?? []
    files.set(user, mine)
    if (req.method === 'POST' && url.pathname === '/upload/drive/v3/files') {
      if (url.searchParams.get('uploadType') !== 'multipart') return driveError(res, 400, 'INVALID_ARGUMENT', 'badRequest', 'Unsupported uploadType')
      const parts = multipartParts(String(req.headers['content-type'] ?? ''), body)
      if (!parts || parts.length !== 2) return driveError(res, 400, 'INVALID_ARGUMENT', 'badContent', 'Malformed multipart body.')
      const metadata = JSON.parse(parts[0].body) as { name?: string; parents?: string[]; mimeType?: string }
      // An app-data grant writes into the app's hidden folder only.
      if (!metadata.parents?.includes('appDataFolder')) {
        return driveError(res, 403, 'PERMISSION_DENIED', 'insufficientScopes', 'The granted scopes do not allow use of the Drive space outside appDataFolder.')
      }
      const now = new Date().toISOString()
      const file: DriveFile = {
        id: randomBytes(16).toString('base64url'),
        name: metadata.name ?? 'Untitled',
        parents: ['appDataFolder'],
        mimeType: metadata.mimeType ?? 'application/octet-stream',
        createdTime: now,
        modifiedTime: now,
        trashed: false,
        content: parts[1].body,
      }
      mine.push(file)
      const fields = url.searchParams.get('fields')
      return send(res, 200, fields === 'id' ? { id: file.id } : { kind: 'drive#file', id: file.id, name: file.name, mimeType: file.mimeType })
    }
    if (req.method === 'GET' && url.pathname === '/drive/v3/files') {
      if (url.searchParams.get('spaces') !== 'appDataFolder') {
        return driveError(res, 403, 'PERMISSION_DENIED', 'insufficientScopes', 'Request had insufficient authentication scopes.')
      }
      let found: DriveFile[]
      try {
        found = mine.filter((f) => matchesQuery(url.searchParams.get('q') ?? '', f))
      } catch (error) {
        return driveError(res, 400, 'INVALID_ARGUMENT', 'invalid', `Invalid Value: ${(error as Error).message}`)
      }
      if ((url.searchParams.get('orderBy') ?? '').startsWith('modifiedTime desc')) found = [...found].reverse()
      return send(res, 200, {
        kind: 'drive#fileList',
        incompleteSearch: false,
        files: found.map((f) => ({ kind: 'drive#file', id: f.id, name: f.name, mimeType: f.mimeType, modifiedTime: f.modifiedTime })),
      })
    }
    const one = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname)
    if (one) {
      const file = mine.find((f) => f.id === decodeURIComponent(one[1]))
      if (!file) return driveError(res, 404, 'NOT_FOUND', 'notFound', `File not found: ${one[1]}.`)
      if (req.method === 'DELETE') {
        mine.splice(mine.indexOf(file), 1)
        return void res.writeHead(204, CORS).end()
      }
      if (url.searchParams.get('alt') === 'media') {
        if (downloadGate) {
          heldDownloads++
          await downloadGate
        }
        return send(res, 200, file.content, file.mimeType)
      }
      return send(res, 200, { kind: 'drive#file', id: file.id, name: file.name, mimeType: file.mimeType })
    }
    driveError(res, 404, 'NOT_FOUND', 'notFound', 'Not Found')
  })
  return {
    url: server.url,
    close: server.close,
    requests,
    /** How bearer tokens are checked: answers the user a token belongs to, or null. */
    setTokenVerifier(verify: (token: string) => Promise<string | null>) {
      verifyToken = verify
    },
    filesOf: (user: string) => files.get(user) ?? [],
    /** Holds every download until the returned function is called; `held()` counts the ones waiting so far. */
    holdDownloads() {
      let release!: () => void
      downloadGate = new Promise((resolve) => (release = resolve))
      heldDownloads = 0
      return {
        held: () => heldDownloads,
        release: () => {
          downloadGate = null
          release()
        },
      }
    },
  }
}

/** Checks a bearer token at an OpenID provider's userinfo endpoint: the user is its `sub` (cached per token). */
export function userinfoVerifier(issuer: string): (token: string) => Promise<string | null> {
  const cache = new Map<string, string | null>()
  let endpoint: Promise<string> | null = null
  return async (token) => {
    if (cache.has(token)) return cache.get(token)!
    endpoint ??= fetch(`${issuer}/.well-known/openid-configuration`)
      .then((r) => r.json())
      .then((d: { userinfo_endpoint: string }) => d.userinfo_endpoint)
    const response = await fetch(await endpoint, { headers: { authorization: `Bearer ${token}` } })
    const sub = response.ok ? (((await response.json()) as { sub?: string }).sub ?? null) : null
    cache.set(token, sub)
    return sub
  }
}

// ---------------------------------------------------------------- CloudKit Web Services

export interface CloudKitContainer {
  containerId: string
  environment: 'development' | 'production'
  apiToken: string
  /** The API token's 'Sign in Callback' (URL Redirect): where Apple's sign-in sends the browser back. */
  signInCallback: string
}

interface CloudKitRecord {
  recordName: string
  recordType: string
  recordChangeTag: string
  fields: Record<string, { value: unknown; type?: string }>
  created: { timestamp: number; userRecordName: string; deviceID: string }
  modified: { timestamp: number; userRecordName: string; deviceID: string }
  deleted: boolean
}

const ckError = (res: ServerResponse, status: number, serverErrorCode: string, reason: string, extra: Record<string, unknown> = {}) =>
  send(res, status, { uuid: randomUUID(), serverErrorCode, reason, ...extra })

export async function startCloudKitStandIn() {
  const containers = new Map<string, CloudKitContainer>()
  /** Web auth tokens → the Apple ID they sign in. */
  const tokens = new Map<string, string>()
  /** Private databases: `${container}|${environment}|${appleId}` → records by name. */
  const databases = new Map<string, Map<string, CloudKitRecord>>()
  const base = { url: '' }
  const server = await listen(async (req, res, url, body) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end()
    // Apple's sign-in page (what `redirectURL` opens): any Apple ID, one button.
    if (url.pathname === '/signin') {
      const container = containers.get(url.searchParams.get('container') ?? '')
      if (!container) return send(res, 404, 'Unknown container', 'text/plain')
      if (req.method === 'GET') {
        return send(
          res,
          200,
          `<!doctype html><title>Sign in with Apple ID</title><h1>Sign in with your Apple ID</h1><form method="post"><label>Apple ID <input name="appleId" autocomplete="username"></label><button>Sign In</button></form>`,
          'text/html',
        )
      }
      const appleId = new URLSearchParams(body).get('appleId') || 'someone@icloud.com'
      const token = `${randomBytes(18).toString('base64')}+/=${randomBytes(6).toString('hex')}`
      tokens.set(token, appleId)
      const back = new URL(container.signInCallback)
      back.searchParams.set('ckWebAuthToken', token)
      back.searchParams.set('ckSession', token)
      return void res.writeHead(302, { location: back.href }).end()
    }
    const m = /^\/database\/1\/([^/]+)\/(development|production)\/(public|private)\/(.+)$/.exec(url.pathname)
    if (!m) return ckError(res, 404, 'NOT_FOUND', 'unknown endpoint')
    const [, containerId, environment, database, operation] = m
    const container = containers.get(decodeURIComponent(containerId))
    if (!container || container.environment !== environment || url.searchParams.get('ckAPIToken') !== container.apiToken) {
      return ckError(res, 401, 'AUTHENTICATION_FAILED', 'no auth method found')
    }
    const appleId = tokens.get(url.searchParams.get('ckWebAuthToken') ?? '')
    if (!appleId) {
      const redirectURL = `${base.url}/signin?container=${encodeURIComponent(container.containerId)}&oauth_token=${randomBytes(8).toString('hex')}`
      return ckError(res, 421, 'AUTHENTICATION_REQUIRED', 'request needs authorization', { redirectURL })
    }
    const userRecordName = `_${Buffer.from(appleId).toString('hex').slice(0, 32)}`
    if (database === 'public' && operation === 'users/current' && req.method === 'GET') return send(res, 200, { userRecordName })
    if (database !== 'private' || req.method !== 'POST') return ckError(res, 400, 'BAD_REQUEST', 'unsupported operation')
    const key = `${container.containerId}|${environment}|${appleId}`
    const records = databases.get(key) ?? new Map<string, CloudKitRecord>()
    databases.set(key, records)
    let request: Record<string, any>
    try {
      request = JSON.parse(body)
    } catch {
      return ckError(res, 400, 'BAD_REQUEST', 'malformed JSON')
    }
    const stamp = () => ({ timestamp: Date.now(), userRecordName, deviceID: '2' })
    if (operation === 'records/modify') {
      const answers = (request.operations as { operationType: string; record: Partial<CloudKitRecord> }[]).map(({ operationType, record }) => {
        const name = record.recordName ?? randomUUID()
        const existing = records.get(name)
        const reject = (serverErrorCode: string, reason: string) => ({ recordName: name, reason, serverErrorCode })
        if (operationType === 'delete' || operationType === 'forceDelete') {
          if (!existing) return reject('NOT_FOUND', 'record not found')
          records.delete(name)
          return { recordName: name, deleted: true }
        }
        if (operationType === 'create' && existing) return reject('CONFLICT', 'record to insert already exists')
        if ((operationType === 'update' || operationType === 'replace') && (!existing || existing.recordChangeTag !== record.recordChangeTag)) {
          return reject(existing ? 'CONFLICT' : 'NOT_FOUND', 'oplock error')
        }
        if (!record.recordType) return reject('BAD_REQUEST', 'recordType is required')
        const fields = operationType.endsWith('pdate') && existing ? { ...existing.fields, ...record.fields } : (record.fields ?? {})
        const saved: CloudKitRecord = {
          recordName: name,
          recordType: record.recordType,
          recordChangeTag: randomBytes(4).toString('hex'),
          fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { value: v.value, type: v.type ?? 'STRING' }])),
          created: existing?.created ?? stamp(),
          modified: stamp(),
          deleted: false,
        }
        records.set(name, saved)
        return saved
      })
      return send(res, 200, { records: answers })
    }
    if (operation === 'records/query') {
      const query = request.query as { recordType: string; filterBy?: { fieldName: string; comparator: string; fieldValue: { value: unknown } }[] }
      if (!query?.recordType) return ckError(res, 400, 'BAD_REQUEST', 'query.recordType is required')
      const found = [...records.values()].filter(
        (r) =>
          r.recordType === query.recordType &&
          (query.filterBy ?? []).every((f) => {
            if (f.comparator !== 'EQUALS') throw new Error(`unsupported comparator ${f.comparator}`)
            return r.fields[f.fieldName]?.value === f.fieldValue.value
          }),
      )
      return send(res, 200, { records: found.slice(0, request.resultsLimit ?? 200) })
    }
    ckError(res, 400, 'BAD_REQUEST', `unknown operation ${operation}`)
  })
  base.url = server.url
  return {
    url: server.url,
    close: server.close,
    /** Registers a container (as an owner does in CloudKit Console: the API token and its sign-in callback). */
    addContainer(container: CloudKitContainer) {
      containers.set(container.containerId, container)
    },
    /** The records in an Apple ID's private database of a container. */
    recordsOf(container: CloudKitContainer, appleId: string): CloudKitRecord[] {
      return [...(databases.get(`${container.containerId}|${container.environment}|${appleId}`)?.values() ?? [])]
    },
  }
}

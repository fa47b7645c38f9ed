/**
 * Cloud recovery in the wallet frame (spec part 2 §2: 'Back up to Google Drive', 'Back up to Apple
 * iCloud'). The recovery share goes to the user's own cloud storage, encrypted (AES-256-GCM) under
 * a fresh key per split; the server keeps only that key, as the split's `recovery_share`. So the
 * cloud alone holds ciphertext, the server alone holds a key and the auth share, and neither holds
 * two shares. The associated data names the app, the secret and the split, so a copy from another
 * split or wallet does not open.
 *
 * - Google Drive: the app-data folder (Drive v3 REST): multipart upload, list with
 *   `spaces=appDataFolder`, download with `alt=media`; bearer: the user's OAuth access token.
 * - iCloud: CloudKit Web Services, the container's private database: `records/modify`,
 *   `records/query`, with the container's API token and the user's `ckWebAuthToken`.
 *
 * One copy per split (its name carries the split id): a new copy is written before the server
 * switches to the new split, so a failure in between leaves the old split and its copy working.
 */
import { fromBase64, toBase64 } from './custody.ts'
import type { CloudRecoveryMethod } from './protocol.ts'

export interface CloudConfig {
  /** Drive API origin (https://www.googleapis.com). */
  googleDriveUrl: string
  /** CloudKit Web Services origin (https://api.apple-cloudkit.com). */
  cloudKitUrl: string
  icloud: { containerId: string; environment: 'development' | 'production'; apiToken: string } | null
}

/** What lands in the cloud: the encrypted share and what it belongs to (no key). */
export interface CloudCopy {
  v: 1
  app_id: string
  entropy_id: string
  share_set: string
  iv: string
  ciphertext: string
}

export class CloudError extends Error {}

/** A copy on a plain ArrayBuffer, as WebCrypto's types want. */
const bytes = (b: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(b)

const aad = (appId: string, entropyId: string, shareSet: string) => new TextEncoder().encode(`gatehouse-cloud-recovery:${appId}:${entropyId}:${shareSet}`)

/** Encrypts the share under a fresh key: the copy goes to the cloud, the key to the server. */
export async function sealForCloud(
  share: Uint8Array,
  ids: { appId: string; entropyId: string; shareSet: string },
): Promise<{ key: Uint8Array; copy: CloudCopy }> {
  const key = crypto.getRandomValues(new Uint8Array(32))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cryptoKey = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt'])
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(ids.appId, ids.entropyId, ids.shareSet) }, cryptoKey, bytes(share)),
  )
  return { key, copy: { v: 1, app_id: ids.appId, entropy_id: ids.entropyId, share_set: ids.shareSet, iv: toBase64(iv), ciphertext: toBase64(ciphertext) } }
}

export async function openFromCloud(copy: CloudCopy, key: Uint8Array, ids: { appId: string; entropyId: string; shareSet: string }): Promise<Uint8Array> {
  try {
    const cryptoKey = await crypto.subtle.importKey('raw', bytes(key), 'AES-GCM', false, ['decrypt'])
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes(fromBase64(copy.iv)), additionalData: aad(ids.appId, ids.entropyId, ids.shareSet) },
      cryptoKey,
      bytes(fromBase64(copy.ciphertext)),
    )
    return new Uint8Array(plain)
  } catch {
    throw new CloudError('The backup in your cloud account does not belong to this wallet.')
  }
}

/** The file (Drive) or record (iCloud) name of one split's copy. */
export const copyName = (ids: { appId: string; entropyId: string; shareSet: string }) => `gatehouse-recovery-${ids.appId}-${ids.entropyId}-${ids.shareSet}.json`

export interface CloudStore {
  save(copy: CloudCopy): Promise<void>
  /** The copy of that split, or null when the account holds none. */
  load(ids: { appId: string; entropyId: string; shareSet: string }): Promise<CloudCopy | null>
}

const idsOf = (copy: CloudCopy) => ({ appId: copy.app_id, entropyId: copy.entropy_id, shareSet: copy.share_set })

async function failure(response: Response, label: string): Promise<CloudError> {
  const text = await response.text().catch(() => '')
  if (response.status === 401 || response.status === 403 || response.status === 421) {
    return new CloudError(`${label} refused access (${response.status}). Sign in again and allow access.`)
  }
  return new CloudError(`${label} answered ${response.status}${text ? `: ${text.slice(0, 120)}` : ''}`)
}

/** Google Drive v3: the app-data folder only (scope drive.appdata). */
export function driveStore(baseUrl: string, accessToken: string): CloudStore {
  const auth = { authorization: `Bearer ${accessToken}` }
  return {
    async save(copy) {
      const name = copyName(idsOf(copy))
      const boundary = `gatehouse-${toBase64(crypto.getRandomValues(new Uint8Array(12))).replace(/[+/=]/g, '')}`
      const metadata = { name, parents: ['appDataFolder'], mimeType: 'application/json' }
      const body =
        `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
        `--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(copy)}\r\n--${boundary}--`
      const response = await fetch(`${baseUrl}/upload/drive/v3/files?uploadType=multipart&fields=id`, {
        method: 'POST',
        headers: { ...auth, 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      })
      if (!response.ok) throw await failure(response, 'Google Drive')
    },
    async load(ids) {
      const name = copyName(ids)
      const q = `name = '${name.replace(/['\\]/g, '\\$&')}' and trashed = false`
      const list = await fetch(
        `${baseUrl}/drive/v3/files?spaces=appDataFolder&q=${encodeURIComponent(q)}&fields=${encodeURIComponent('files(id,name,modifiedTime)')}&orderBy=${encodeURIComponent('modifiedTime desc')}&pageSize=10`,
        { headers: auth },
      )
      if (!list.ok) throw await failure(list, 'Google Drive')
      const { files = [] } = (await list.json()) as { files?: { id: string; name: string }[] }
      const file = files.find((f) => f.name === name)
      if (!file) return null
      const media = await fetch(`${baseUrl}/drive/v3/files/${encodeURIComponent(file.id)}?alt=media`, { headers: auth })
      if (!media.ok) throw await failure(media, 'Google Drive')
      return (await media.json()) as CloudCopy
    },
  }
}

/** The record type of a copy in the container's schema (owners add it in CloudKit Console for production). */
export const CLOUDKIT_RECORD_TYPE = 'GatehouseRecoveryShare'

interface CloudKitRecord {
  recordName?: string
  fields?: Record<string, { value?: unknown }>
  serverErrorCode?: string
  reason?: string
}

/** CloudKit Web Services, the private database of the app's container, as the signed-in user. */
export function cloudKitStore(baseUrl: string, container: NonNullable<CloudConfig['icloud']>, webAuthToken: string): CloudStore {
  const base = `${baseUrl}/database/1/${encodeURIComponent(container.containerId)}/${container.environment}/private`
  const auth = `ckAPIToken=${encodeURIComponent(container.apiToken)}&ckWebAuthToken=${encodeURIComponent(webAuthToken)}`
  const post = async (operation: string, body: unknown): Promise<{ records?: CloudKitRecord[] }> => {
    const response = await fetch(`${base}/${operation}?${auth}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw await failure(response, 'Apple iCloud')
    return (await response.json()) as { records?: CloudKitRecord[] }
  }
  return {
    async save(copy) {
      const string = (value: string) => ({ value, type: 'STRING' })
      const { records = [] } = await post('records/modify', {
        operations: [
          {
            operationType: 'create',
            record: {
              recordType: CLOUDKIT_RECORD_TYPE,
              recordName: copyName(idsOf(copy)),
              fields: { entropyId: string(copy.entropy_id), shareSet: string(copy.share_set), copy: string(JSON.stringify(copy)) },
            },
          },
        ],
      })
      const failed = records.find((r) => r.serverErrorCode)
      if (failed || records.length === 0) throw new CloudError(`Apple iCloud refused the backup (${failed?.serverErrorCode ?? 'no record'})`)
    },
    async load(ids) {
      const equals = (fieldName: string, value: string) => ({ fieldName, comparator: 'EQUALS', fieldValue: { value, type: 'STRING' } })
      const { records = [] } = await post('records/query', {
        resultsLimit: 1,
        query: { recordType: CLOUDKIT_RECORD_TYPE, filterBy: [equals('entropyId', ids.entropyId), equals('shareSet', ids.shareSet)] },
      })
      const value = records[0]?.fields?.copy?.value
      return typeof value === 'string' ? (JSON.parse(value) as CloudCopy) : null
    },
  }
}

export function cloudStore(config: CloudConfig, method: CloudRecoveryMethod, token: string): CloudStore {
  if (method === 'google-drive') return driveStore(config.googleDriveUrl, token)
  if (!config.icloud) throw new CloudError('Apple iCloud is not set up for this app.')
  return cloudKitStore(config.cloudKitUrl, config.icloud, token)
}

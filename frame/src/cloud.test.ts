/**
 * The frame's cloud stores against the stand-ins speaking Drive v3's and CloudKit Web Services'
 * formats (test/cloud-stand-ins.ts), and the copy's encryption: it opens only with its key and for
 * its own app, secret and split.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCloudKitStandIn, startDriveStandIn } from '../../test/cloud-stand-ins.ts'
import { cloudKitStore, driveStore, openFromCloud, sealForCloud, CloudError } from './cloud.ts'

const ids = { appId: 'app1', entropyId: '0xabc', shareSet: 'set1' }
const share = new Uint8Array([1, 2, 3, 4, 5, 250])

describe('cloud copy', () => {
  it('opens with its key for the same ids; error: another split, secret or key does not open', async () => {
    const { key, copy } = await sealForCloud(share, ids)
    expect(copy).toMatchObject({ v: 1, app_id: 'app1', entropy_id: '0xabc', share_set: 'set1' })
    expect(JSON.stringify(copy)).not.toContain(Buffer.from(share).toString('base64'))
    expect(await openFromCloud(copy, key, ids)).toEqual(share)
    await expect(openFromCloud(copy, key, { ...ids, shareSet: 'set2' })).rejects.toBeInstanceOf(CloudError)
    await expect(openFromCloud(copy, key, { ...ids, entropyId: '0xdef' })).rejects.toBeInstanceOf(CloudError)
    await expect(openFromCloud(copy, crypto.getRandomValues(new Uint8Array(32)), ids)).rejects.toBeInstanceOf(CloudError)
  })
})

describe('stores', () => {
  let drive: Awaited<ReturnType<typeof startDriveStandIn>>
  let cloudKit: Awaited<ReturnType<typeof startCloudKitStandIn>>
  beforeAll(async () => {
    ;[drive, cloudKit] = await Promise.all([startDriveStandIn(), startCloudKitStandIn()])
    drive.setTokenVerifier(async (token) => ({ 'token-ada': 'ada', 'token-bob': 'bob' })[token] ?? null)
  })
  afterAll(async () => {
    await drive?.close()
    await cloudKit?.close()
  })

  it("Google Drive: multipart upload into appDataFolder, list by name, download; another account sees nothing; a bad token is Drive's 401", async () => {
    const { copy } = await sealForCloud(share, ids)
    await driveStore(drive.url, 'token-ada').save(copy)
    const [file] = drive.filesOf('ada')
    expect(file).toMatchObject({ name: 'gatehouse-recovery-app1-0xabc-set1.json', parents: ['appDataFolder'], mimeType: 'application/json' })
    expect(drive.requests.map((r) => r.method + ' ' + r.path.split('?')[0])).toEqual(['POST /upload/drive/v3/files'])
    expect(await driveStore(drive.url, 'token-ada').load(ids)).toEqual(copy)
    expect(drive.requests.at(-2)?.path).toContain('spaces=appDataFolder')
    expect(drive.requests.at(-1)?.path).toMatch(/^\/drive\/v3\/files\/[^/?]+\?alt=media$/)
    expect(await driveStore(drive.url, 'token-ada').load({ ...ids, shareSet: 'other' })).toBeNull()
    expect(await driveStore(drive.url, 'token-bob').load(ids)).toBeNull()
    await expect(driveStore(drive.url, 'expired').load(ids)).rejects.toThrow('Google Drive refused access (401)')
  })

  it('iCloud: records/modify creates the copy in the private database, records/query finds it by secret and split; a bad token is refused', async () => {
    const container = { containerId: 'iCloud.test.unit', environment: 'development' as const, apiToken: 'ck-unit', signInCallback: 'http://localhost/' }
    cloudKit.addContainer(container)
    const signIn = await fetch(`${cloudKit.url}/database/1/${container.containerId}/development/public/users/current?ckAPIToken=ck-unit`)
    expect(signIn.status).toBe(421)
    const { redirectURL, serverErrorCode } = await signIn.json()
    expect(serverErrorCode).toBe('AUTHENTICATION_REQUIRED')
    const back = await fetch(redirectURL, { method: 'POST', body: new URLSearchParams({ appleId: 'ada@icloud.com' }), redirect: 'manual' })
    const token = new URL(back.headers.get('location')!).searchParams.get('ckWebAuthToken')!
    const { copy } = await sealForCloud(share, ids)
    await cloudKitStore(cloudKit.url, container, token).save(copy)
    expect(cloudKit.recordsOf(container, 'ada@icloud.com')).toEqual([
      expect.objectContaining({ recordType: 'GatehouseRecoveryShare', recordName: 'gatehouse-recovery-app1-0xabc-set1.json' }),
    ])
    expect(await cloudKitStore(cloudKit.url, container, token).load(ids)).toEqual(copy)
    expect(await cloudKitStore(cloudKit.url, container, token).load({ ...ids, shareSet: 'other' })).toBeNull()
    // The same split twice is CloudKit's per-record CONFLICT.
    await expect(cloudKitStore(cloudKit.url, container, token).save(copy)).rejects.toThrow('CONFLICT')
    await expect(cloudKitStore(cloudKit.url, container, 'not-a-token').load(ids)).rejects.toThrow('Apple iCloud refused access (421)')
  })
})

/**
 * Wallets made in advance by the owner API (SECURITY.md "Wallets made in advance"): the address is
 * the user's at once, the server keeps only its two sealed shares, and the user's first device
 * receives the wallet by the frame's own recovery path, then signs with it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { verifyMessage } from 'viem'
import { base58 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import { combineShares, deriveFromSeed, ethereumAccount, fromBase64, mnemonicOf, seedOf, toBase64 } from '../../frame/src/custody.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'
import { listEvents } from '../services/events.js'

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
const FRAME = { origin: TEST_PUBLIC_URL }

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(() => h?.close())

  const create = (appId: string, body: object) => h.server.inject({ method: 'POST', url: `/api/v1/apps/${appId}/users`, headers: admin, payload: body })
  const db = () => h.database.db

  it('create with wallets: addresses at once, two sealed shares at rest; the first login receives the wallet and signs with it', async () => {
    const appId = await h.createApp()
    const email = 'pregen-1@example.com'
    const res = await create(appId, { linked_accounts: [{ type: 'email', address: email }], wallets: [{ chain_type: 'ethereum' }, { chain_type: 'solana' }] })
    expect(res.statusCode, res.body).toBe(201)
    const user = res.json()
    const wallets = user.wallets as { address: string; chain_type: string; recovery_method: string; on_device: boolean }[]
    expect(wallets).toHaveLength(2)
    const eth = wallets.find((w) => w.chain_type === 'ethereum')!
    const sol = wallets.find((w) => w.chain_type === 'solana')!
    expect(eth).toMatchObject({ chain_type: 'ethereum', recovery_method: 'privy', on_device: false })
    expect(eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(sol).toMatchObject({ chain_type: 'solana', recovery_method: 'privy', on_device: false })
    const embedded = user.linked_accounts.filter((a: { connector_type?: string }) => a.connector_type === 'embedded')
    expect(embedded.map((a: { address: string }) => a.address).sort()).toEqual([eth.address, sol.address].sort())

    // One secret, both shares sealed; one user.wallet_created per wallet.
    const secrets = await db().selectFrom('wallet_secrets').selectAll().where('user_id', '=', user.id).execute()
    expect(secrets).toHaveLength(1)
    expect(secrets[0]).toMatchObject({ entropy_id: eth.address, kind: 'hd', recovery_method: 'privy' })
    const events = (await listEvents(db(), appId)).filter((e) => e.type === 'user.wallet_created')
    expect(events.map((e) => JSON.parse(e.payload).wallet.address).sort()).toEqual([eth.address, sol.address].sort())

    // Not on any device yet: connecting is refused, as for any device that holds no share.
    const device = await testDevice(h.clock.now)
    const login = await h.login(appId, email, { device })
    expect(login.user.id).toBe(user.id)
    const keyMaterial = (purpose: string) =>
      h.post(`/api/v1/embedded_wallets/${eth.address}/recovery/key_material`, { purpose }, { appId, token: login.token, headers: FRAME, device })
    const connect = await keyMaterial('connect')
    expect(connect.statusCode).toBe(403)
    expect(connect.json().code).toBe('device_not_enrolled')

    // First login: the frame's recovery path hands it over (auth share + recovery share).
    const received = await keyMaterial('recover')
    expect(received.statusCode, received.body).toBe(200)
    const entropy = await combineShares(fromBase64(received.json().auth_share), fromBase64(received.json().recovery_share))
    const seed = await seedOf(entropy)
    const key = deriveFromSeed(seed, 'ethereum', 0)
    expect(key.address).toBe(eth.address)
    expect(deriveFromSeed(seed, 'solana', 0).address).toBe(sol.address)
    // The device keeps the recovery share as its device share: connecting now works.
    const connected = await keyMaterial('connect')
    expect(connected.statusCode).toBe(200)
    expect(await combineShares(fromBase64(received.json().recovery_share), fromBase64(connected.json().auth_share))).toEqual(entropy)
    // And the received key signs for the address the owner was given.
    const message = 'hello from a wallet made in advance'
    const signature = await ethereumAccount(key).signMessage({ message })
    expect(await verifyMessage({ address: eth.address as `0x${string}`, message, signature })).toBe(true)
    const solKey = deriveFromSeed(seed, 'solana', 0)
    expect(
      ed25519.verify(ed25519.sign(new TextEncoder().encode(message), solKey.privateKey), new TextEncoder().encode(message), base58.decode(sol.address)),
    ).toBe(true)

    // A first receipt, not a new device: its own audit row and no new-device e-mail.
    const audits = await db().selectFrom('audit_log').select('action').where('app_id', '=', appId).where('user_id', '=', user.id).execute()
    expect(audits.map((a) => a.action)).toContain('wallet.received')
    expect(audits.map((a) => a.action)).not.toContain('wallet.recover_new_device')
    expect(h.server.gatehouse.mailer.outbox!.list(email).some((m) => /new device/i.test(m.subject))).toBe(false)
    const after = await h.server.inject({ method: 'GET', url: `/api/v1/apps/${appId}/users/${user.id}`, headers: admin })
    expect(after.json().wallets.map((w: { on_device: boolean }) => w.on_device)).toEqual([true, true])

    // Nothing at rest is the key: no entropy, phrase or private key in the user's rows.
    const rows = JSON.stringify([
      await db().selectFrom('wallet_secrets').selectAll().where('user_id', '=', user.id).execute(),
      await db().selectFrom('linked_accounts').selectAll().where('user_id', '=', user.id).execute(),
      await listEvents(db(), appId),
      await db().selectFrom('audit_log').selectAll().where('app_id', '=', appId).execute(),
    ])
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
    for (const secret of [hex(entropy), toBase64(entropy), mnemonicOf(entropy), hex(key.privateKey), hex(solKey.privateKey)]) {
      expect(rows).not.toContain(secret)
    }
    // Neither is a share in the clear.
    expect(rows).not.toContain(received.json().auth_share)
    expect(rows).not.toContain(received.json().recovery_share)

    // A second device of the same user is a new device, as for every wallet.
    const laptop = await testDevice(h.clock.now)
    const second = await h.login(appId, email, { device: laptop })
    const recovered = await h.post(
      `/api/v1/embedded_wallets/${eth.address}/recovery/key_material`,
      { purpose: 'recover' },
      { appId, token: second.token, headers: FRAME, device: laptop },
    )
    expect(recovered.statusCode).toBe(200)
    const actions = await db().selectFrom('audit_log').select('action').where('app_id', '=', appId).where('user_id', '=', user.id).execute()
    expect(actions.map((a) => a.action)).toContain('wallet.recover_new_device')
  })

  it('error: wallets asks for each chain at most once, and only ethereum or solana; nothing is written', async () => {
    const appId = await h.createApp()
    for (const wallets of [[{ chain_type: 'ethereum' }, { chain_type: 'ethereum' }], [{ chain_type: 'bitcoin' }], [{}]]) {
      const res = await create(appId, { linked_accounts: [{ type: 'email', address: 'pregen-2@example.com' }], wallets })
      expect(res.statusCode, JSON.stringify(wallets)).toBe(400)
    }
    expect(await db().selectFrom('users').selectAll().where('app_id', '=', appId).execute()).toHaveLength(0)
    expect(await db().selectFrom('wallet_secrets').selectAll().where('app_id', '=', appId).execute()).toHaveLength(0)
  })

  it('error: an app that requires user-owned recovery on creation refuses wallets made in advance (not_supported, said plainly); nothing is written; without wallets the user is made', async () => {
    const appId = await h.createApp({ embeddedWallets: { requireUserOwnedRecoveryOnCreate: true } })
    const email = 'pregen-user-owned@example.com'
    const res = await create(appId, { linked_accounts: [{ type: 'email', address: email }], wallets: [{ chain_type: 'ethereum' }] })
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('not_supported')
    expect(res.json().error).toContain('requires user-owned recovery')
    expect(res.json().error).toContain('requireUserOwnedRecoveryOnCreate')
    expect(await db().selectFrom('users').selectAll().where('app_id', '=', appId).execute()).toHaveLength(0)
    expect(await db().selectFrom('wallet_secrets').selectAll().where('app_id', '=', appId).execute()).toHaveLength(0)
    // An import line asking for wallets fails the same way; the line without wallets is made.
    const imported = await h.server.inject({
      method: 'POST',
      url: `/api/v1/apps/${appId}/users/import`,
      headers: admin,
      payload: {
        users: [
          { linked_accounts: [{ type: 'email', address: email }], wallets: [{ chain_type: 'solana' }] },
          { linked_accounts: [{ type: 'email', address: email }] },
        ],
      },
    })
    expect(imported.statusCode, imported.body).toBe(200)
    expect(imported.json().lines.map((l: { status: string; code?: string }) => [l.status, l.code])).toEqual([
      ['failed', 'not_supported'],
      ['created', undefined],
    ])
    expect(await db().selectFrom('wallet_secrets').selectAll().where('app_id', '=', appId).execute()).toHaveLength(0)
    const plain = await create(appId, { linked_accounts: [{ type: 'email', address: 'pregen-user-owned-2@example.com' }] })
    expect(plain.statusCode, plain.body).toBe(201)
  })

  it('import: a line may ask for wallets as create does; made once (a repeated line reports exists and makes none)', async () => {
    const appId = await h.createApp()
    const line = { linked_accounts: [{ type: 'email', address: 'pregen-import@example.com' }], wallets: [{ chain_type: 'ethereum' }, { chain_type: 'solana' }] }
    const body = `${JSON.stringify(line)}\n${JSON.stringify({ ...line, wallets: [{ chain_type: 'dogecoin' }], linked_accounts: [{ type: 'email', address: 'pregen-import-2@example.com' }] })}\n`
    const post = () =>
      h.server.inject({
        method: 'POST',
        url: `/api/v1/apps/${appId}/users/import`,
        headers: { ...admin, 'content-type': 'application/x-ndjson' },
        payload: body,
      })
    const first = await post()
    expect(first.statusCode, first.body).toBe(200)
    const [made, bad] = first.json().lines
    expect(made.status).toBe('created')
    expect(bad).toMatchObject({ status: 'failed', code: 'invalid_data' })
    const user = (await h.server.inject({ method: 'GET', url: `/api/v1/apps/${appId}/users/${made.user_id}`, headers: admin })).json()
    expect(
      user.wallets.map((w: { chain_type: string; recovery_method: string; on_device: boolean }) => [w.chain_type, w.recovery_method, w.on_device]).sort(),
    ).toEqual([
      ['ethereum', 'privy', false],
      ['solana', 'privy', false],
    ])
    expect(await db().selectFrom('wallet_secrets').selectAll().where('app_id', '=', appId).execute()).toHaveLength(1)
    expect((await listEvents(db(), appId)).filter((e) => e.type === 'user.wallet_created')).toHaveLength(2)

    const again = await post()
    expect(again.json().lines[0]).toEqual({ line: 1, status: 'exists', user_id: made.user_id })
    expect(await db().selectFrom('wallet_secrets').selectAll().where('app_id', '=', appId).execute()).toHaveLength(1)
  })
})

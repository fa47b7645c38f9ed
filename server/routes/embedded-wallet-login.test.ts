/**
 * An embedded wallet's key is never a way in (spec: 'An embedded wallet cannot be linked,
 * unlinked or used to log in'): whatever case its address is written in, a SIWE login, link or
 * transfer with it is refused, for its owner and for anyone else.
 */
import type { Kysely } from 'kysely'
import { bytesToHex, getAddress } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { migrate } from '../db/migrations.js'
import { forEachDatabase, startHarness, type Harness, testDevice } from '../testing.js'
import type { DeviceKey } from '../../frame/src/device.js'

const DOMAIN = 'localhost:5173'
const ORIGIN = `http://${DOMAIN}`
const REFUSED = { code: 'invalid_data', error: 'An embedded wallet cannot be linked, unlinked or used to log in.' }

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  /** The wallet frame of the users' device: its logins are bound to it, so it may register wallets. */
  let device: DeviceKey
  beforeAll(async () => {
    h = await startHarness(target)
    device = await testDevice(h.clock.now)
    appId = await h.createApp({ name: 'Embedded', loginMethods: { email: true, wallet: true } })
  })
  afterAll(() => h?.close())

  /** A user's first embedded wallet, registered by the frame of `device`; answers its key as a viem account. */
  const registerEmbeddedWallet = async (token: string): Promise<PrivateKeyAccount> =>
    privateKeyToAccount(bytesToHex((await h.registerEmbeddedWallet(appId, token, device)).key.privateKey))

  const signIn = async (account: PrivateKeyAccount, address: string) => {
    const init = await h.post('/api/v1/siwe/init', { address }, { appId, headers: { origin: ORIGIN } })
    expect(init.statusCode).toBe(200)
    const message = createSiweMessage({ domain: DOMAIN, address: address as `0x${string}`, uri: ORIGIN, version: '1', chainId: 1, nonce: init.json().nonce })
    return { message, signature: await account.signMessage({ message }) }
  }
  // The attacker's client says it is an ordinary browser wallet.
  const siwe = (path: string, body: object, token?: string) =>
    h.post(
      `/api/v1/siwe/${path}`,
      { ...body, chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected', mode: 'login-or-sign-up' },
      // A signed-in caller's change carries its device's proof (both users here are device-bound).
      { appId, token, headers: { origin: ORIGIN }, ...(token ? { device } : {}) },
    )
  const userCount = async () =>
    Number(
      (
        await h.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('the embedded address is stored once, in its checksummed form, as the registration answers it', async () => {
    const owner = await h.login(appId, 'embedded.stored@example.com', { device })
    const key = await registerEmbeddedWallet(owner.token)
    const rows = await h.database.db.selectFrom('linked_accounts').select(['address', 'type']).where('user_id', '=', owner.user.id).execute()
    expect(rows).toContainEqual({ type: 'wallet', address: key.address })
  })

  it('error: the embedded key cannot log in, checksummed or lower-case, and no user is created', async () => {
    const owner = await h.login(appId, 'embedded.owner@example.com', { device })
    const key = await registerEmbeddedWallet(owner.token)
    for (const address of [key.address, key.address.toLowerCase()]) {
      const users = await userCount()
      const res = await siwe('authenticate', await signIn(key, address))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(REFUSED)
      expect(await userCount()).toBe(users)
    }
  })

  it('error: the embedded key cannot be linked as an external wallet, to another user or to its owner', async () => {
    const owner = await h.login(appId, 'embedded.linked@example.com', { device })
    const key = await registerEmbeddedWallet(owner.token)
    const other = await h.login(appId, 'embedded.thief@example.com', { device })
    for (const token of [other.token, owner.token]) {
      for (const address of [key.address, key.address.toLowerCase()]) {
        const res = await siwe('link', await signIn(key, address), token)
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual(REFUSED)
      }
    }
    const me = (await h.get('/api/v1/users/me', { appId, token: other.token })).json()
    expect(me.user.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })

  it('error: the embedded wallet cannot be unlinked, in either case', async () => {
    const owner = await h.login(appId, 'embedded.unlink@example.com', { device })
    const key = await registerEmbeddedWallet(owner.token)
    for (const address of [key.address, key.address.toLowerCase()]) {
      const res = await h.post('/api/v1/siwe/unlink', { address }, { appId, token: owner.token, device })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(REFUSED)
    }
  })

  it('rows stored lower-case are checksummed on start; an "external" double of an embedded key is removed', async () => {
    const owner = await h.login(appId, 'embedded.legacy@example.com', { device })
    const key = await registerEmbeddedWallet(owner.token)
    const thief = await h.login(appId, 'embedded.legacy.thief@example.com', { device })
    const db = h.database.db
    // What the old code left behind: the embedded row lower-case, the key linked to another user as external.
    await db.updateTable('linked_accounts').set({ address: key.address.toLowerCase() }).where('address', '=', key.address).execute()
    const t = Date.now()
    await db
      .insertInto('linked_accounts')
      .values({
        id: 'legacy-external-double',
        user_id: thief.user.id,
        app_id: appId,
        type: 'wallet',
        address: key.address,
        verified_at: t,
        first_verified_at: t,
        latest_verified_at: t,
        details: JSON.stringify({ chain_type: 'ethereum', chain_id: 'eip155:1', wallet_client_type: 'metamask', connector_type: 'injected' }),
      })
      .execute()

    // Forget that the migration ran, and start again: it runs on what the old code stored.
    await (db as unknown as Kysely<any>).deleteFrom('kysely_migration').where('name', '=', '0013_checksummed_ethereum_wallets').execute()
    await migrate(db)
    const rows = await db.selectFrom('linked_accounts').select(['user_id', 'address']).where('type', '=', 'wallet').where('app_id', '=', appId).execute()
    expect(rows.filter((r) => r.address.toLowerCase() === key.address.toLowerCase())).toEqual([{ user_id: owner.user.id, address: key.address }])
    expect(rows.every((r) => r.address === getAddress(r.address))).toBe(true)
    expect((await siwe('authenticate', await signIn(key, key.address))).json()).toEqual(REFUSED)
  })
})

/**
 * An account transfer deletes the user the account is taken from, so it is refused while that
 * user holds an embedded wallet: the wallet's key shares (and so its assets) are never destroyed
 * without its owner being asked. Nothing moves, nothing is deleted. The `account_transfer_required`
 * answer names that user's embedded wallets ('Check account assets before transferring'), and a
 * transfer with `confirm_wallet_deletion: true` deletes them with the user (webhook and audit rows
 * as every deletion).
 */
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TRANSFER_BLOCKED_BY_WALLET_MESSAGE } from '@gatehouse/contract'
import { forEachDatabase, startHarness, type Harness, testDevice } from '../testing.js'
import type { DeviceKey } from '../../frame/src/device.js'
import { listEvents } from '../services/events.js'

const DOMAIN = 'localhost:5173'
const ORIGIN = `http://${DOMAIN}`
const REFUSED = { code: 'account_has_embedded_wallet', error: TRANSFER_BLOCKED_BY_WALLET_MESSAGE }

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  /** The wallet frame of the users' device: its logins are bound to it, so it may register wallets. */
  let device: DeviceKey
  beforeAll(async () => {
    h = await startHarness(target)
    device = await testDevice(h.clock.now)
    appId = await h.createApp({ name: 'Transfers and wallets', loginMethods: { email: true, wallet: true } })
  })
  afterAll(() => h?.close())

  /** A user's first embedded wallet, registered by the frame of `device`; answers its address. */
  const registerEmbeddedWallet = async (token: string): Promise<string> => (await h.registerEmbeddedWallet(appId, token, device)).key.address

  /** Signs `account` in with SIWE (a new user the first time). */
  async function siweLogin(account: PrivateKeyAccount) {
    const nonce = (await h.post('/api/v1/siwe/init', { address: account.address }, { appId, headers: { origin: ORIGIN } })).json().nonce
    const message = createSiweMessage({ domain: DOMAIN, address: account.address, uri: ORIGIN, version: '1', chainId: 1, nonce })
    const signed = { message, signature: await account.signMessage({ message }), chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' }
    const res = await h.post('/api/v1/siwe/authenticate', { ...signed, mode: 'login-or-sign-up' }, { appId, headers: { origin: ORIGIN } })
    expect(res.statusCode).toBe(200)
    return res.json() as { token: string; user: { id: string } }
  }
  /** A user with no e-mail yet, so linking one is allowed. */
  const walletUser = () => siweLogin(privateKeyToAccount(generatePrivateKey()))

  /** The holder still exists with everything of theirs: session, accounts, wallet shares. */
  async function expectIntact(holder: { token: string; user: { id: string } }, accounts: string[]) {
    const me = await h.get('/api/v1/users/me', { appId, token: holder.token })
    expect(me.statusCode).toBe(200)
    expect(
      me
        .json()
        .user.linked_accounts.map((a: { type: string; address: string }) => `${a.type}:${a.address}`)
        .sort(),
    ).toEqual(accounts.sort())
    const secrets = await h.database.db.selectFrom('wallet_secrets').select('user_id').where('user_id', '=', holder.user.id).execute()
    expect(secrets).toHaveLength(1)
  }

  it('error: taking the e-mail of a user who holds an embedded wallet is refused; that user keeps everything', async () => {
    const holder = await h.login(appId, 'wallet.holder@example.com', { device })
    const wallet = await registerEmbeddedWallet(holder.token)
    const taker = await walletUser()
    await h.post('/api/v1/passwordless/init', { email: 'wallet.holder@example.com' }, { appId })
    const link = await h.post(
      '/api/v1/passwordless/link',
      { email: 'wallet.holder@example.com', code: h.lastCode('wallet.holder@example.com') },
      { appId, token: taker.token },
    )
    expect(link.json().code).toBe('account_transfer_required')
    // What 'Check account assets before transferring' shows: the other account's embedded wallet.
    expect(link.json().data.embedded_wallets).toEqual([{ address: wallet, chain_type: 'ethereum' }])

    const res = await h.post('/api/v1/passwordless/transfer', { nonce: link.json().data.nonce }, { appId, token: taker.token })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject(REFUSED)
    expect(res.json().data.embedded_wallets).toEqual([{ address: wallet, chain_type: 'ethereum' }])
    await expectIntact(holder, ['email:wallet.holder@example.com', `wallet:${wallet}`])
    const mine = (await h.get('/api/v1/users/me', { appId, token: taker.token })).json().user.linked_accounts
    expect(mine.map((a: { type: string }) => a.type)).toEqual(['wallet'])
  })

  it('error: taking the external wallet of a user who holds an embedded wallet is refused too', async () => {
    const external: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey())
    const signed = async () => {
      const nonce = (await h.post('/api/v1/siwe/init', { address: external.address }, { appId, headers: { origin: ORIGIN } })).json().nonce
      const message = createSiweMessage({ domain: DOMAIN, address: external.address, uri: ORIGIN, version: '1', chainId: 1, nonce })
      return { message, signature: await external.signMessage({ message }), chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' }
    }
    const first = await h.post('/api/v1/siwe/authenticate', { ...(await signed()), mode: 'login-or-sign-up' }, { appId, headers: { origin: ORIGIN }, device })
    const holder = { token: first.json().token as string, user: first.json().user as { id: string } }
    const wallet = await registerEmbeddedWallet(holder.token)
    const taker = await h.login(appId, 'wallet.taker.2@example.com', { device })
    // The taker's session is bound to its device: its changes carry the device's proof.
    const link = await h.post('/api/v1/siwe/link', await signed(), { appId, token: taker.token, headers: { origin: ORIGIN }, device })
    expect(link.json().code).toBe('account_transfer_required')

    const res = await h.post(
      '/api/v1/siwe/transfer',
      { nonce: link.json().data.nonce, walletClientType: 'metamask', chainId: 'eip155:1', connectorType: 'injected' },
      { appId, token: taker.token, device },
    )
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject(REFUSED)
    await expectIntact(holder, [`wallet:${external.address}`, `wallet:${wallet}`])

    // Confirmed: the external wallet moves, the holder goes with their embedded wallet.
    const again = await h.post('/api/v1/siwe/link', await signed(), { appId, token: taker.token, headers: { origin: ORIGIN }, device })
    const moved = await h.post(
      '/api/v1/siwe/transfer',
      { nonce: again.json().data.nonce, walletClientType: 'metamask', chainId: 'eip155:1', connectorType: 'injected', confirm_wallet_deletion: true },
      { appId, token: taker.token, device },
    )
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().linked_accounts.map((a: { address: string }) => a.address)).toContain(external.address)
    await expectGone(holder.user.id, wallet)
  })

  /** The user and everything of theirs are gone; the deletion wrote its webhook event and audit row. */
  async function expectGone(userId: string, wallet: string) {
    const { db } = h.database
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([])
    expect(await db.selectFrom('wallet_secrets').select('user_id').where('user_id', '=', userId).execute()).toEqual([])
    expect(await db.selectFrom('linked_accounts').select('id').where('user_id', '=', userId).execute()).toEqual([])
    expect(await db.selectFrom('linked_accounts').select('id').where('address', '=', wallet).execute()).toEqual([])
    const deleted = (await listEvents(db, appId)).filter((e) => e.type === 'user.deleted' && JSON.parse(e.payload).user_id === userId)
    expect(deleted).toHaveLength(1)
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('app_id', '=', appId)
      .where('action', '=', 'user.delete')
      .where('user_id', '=', userId)
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0].details!)).toMatchObject({ reason: 'account_transfer', embedded_wallets: [{ address: wallet, chain_type: 'ethereum' }] })
  }

  it('with confirm_wallet_deletion the e-mail moves and the holder is deleted with their embedded wallet; the answer is checked against its schema', async () => {
    const holder = await h.login(appId, 'confirmed.holder@example.com', { device })
    const wallet = await registerEmbeddedWallet(holder.token)
    const taker = await walletUser()
    await h.post('/api/v1/passwordless/init', { email: 'confirmed.holder@example.com' }, { appId })
    const link = await h.post(
      '/api/v1/passwordless/link',
      { email: 'confirmed.holder@example.com', code: h.lastCode('confirmed.holder@example.com') },
      { appId, token: taker.token },
    )
    // false is no confirmation.
    const refused = await h.post(
      '/api/v1/passwordless/transfer',
      { nonce: link.json().data.nonce, confirm_wallet_deletion: false },
      { appId, token: taker.token },
    )
    expect(refused.statusCode).toBe(409)
    await expectIntact(holder, ['email:confirmed.holder@example.com', `wallet:${wallet}`])
    // The refused nonce is spent: a new link answers a new one.
    await h.post('/api/v1/passwordless/init', { email: 'confirmed.holder@example.com' }, { appId })
    const again = await h.post(
      '/api/v1/passwordless/link',
      { email: 'confirmed.holder@example.com', code: h.lastCode('confirmed.holder@example.com') },
      { appId, token: taker.token },
    )
    const res = await h.post('/api/v1/passwordless/transfer', { nonce: again.json().data.nonce, confirm_wallet_deletion: true }, { appId, token: taker.token })
    expect(res.statusCode, res.body).toBe(200)
    expect(
      res
        .json()
        .linked_accounts.map((a: { type: string }) => a.type)
        .sort(),
    ).toEqual(['email', 'wallet'])
    expect((await h.get('/api/v1/users/me', { appId, token: holder.token })).statusCode).toBe(401)
    await expectGone(holder.user.id, wallet)
  })

  it('a user without an embedded wallet is still transferred away and deleted', async () => {
    const donor = await h.login(appId, 'no.wallet.donor@example.com', { device })
    const taker = await walletUser()
    await h.post('/api/v1/passwordless/init', { email: 'no.wallet.donor@example.com' }, { appId })
    const link = await h.post(
      '/api/v1/passwordless/link',
      { email: 'no.wallet.donor@example.com', code: h.lastCode('no.wallet.donor@example.com') },
      { appId, token: taker.token },
    )
    const res = await h.post('/api/v1/passwordless/transfer', { nonce: link.json().data.nonce }, { appId, token: taker.token })
    expect(res.statusCode).toBe(200)
    expect((await h.get('/api/v1/users/me', { appId, token: donor.token })).statusCode).toBe(401)
  })
})

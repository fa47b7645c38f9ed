import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const INIT = '/api/v1/passwordless/init'
const LINK = '/api/v1/passwordless/link'
const UNLINK = '/api/v1/passwordless/unlink'
const UPDATE = '/api/v1/passwordless/update'
const TRANSFER = '/api/v1/passwordless/transfer'
const ME = '/api/v1/users/me'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ name: 'Links' })
  })
  afterAll(() => h?.close())

  /** Sends a code to `email` and answers it, as the signed-in `token`. */
  async function prove(path: string, email: string, token: string, extra: Record<string, unknown> = {}) {
    expect((await h.post(INIT, { email }, { appId })).statusCode).toBe(200)
    const code = h.lastCode(email)
    const body = path === UPDATE ? { newAddress: email, code, ...extra } : { email, code, ...extra }
    return h.post(path, body, { appId, token })
  }

  describe('link and unlink', () => {
    it('error: a user who has an e-mail cannot link a second one (1 per type)', async () => {
      const me = await h.login(appId, 'one@example.com')
      const res = await prove(LINK, 'two@example.com', me.token)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ error: 'User already has an account of type email linked.', code: 'cannot_link_more_of_type' })
    })

    it('links an e-mail after the old one is gone, and unlink removes it', async () => {
      const me = await h.login(appId, 'first@example.com')
      // Give the user a second account type so unlinking the e-mail leaves a way in.
      await h.server.gatehouse.db
        .insertInto('linked_accounts')
        .values({
          id: `acct${Date.now()}`,
          user_id: me.user.id,
          app_id: appId,
          type: 'phone',
          address: '+15555550100',
          verified_at: 0,
          first_verified_at: 0,
          latest_verified_at: 0,
          details: null,
        })
        .execute()
      const unlinked = await h.post(UNLINK, { address: 'First@Example.com' }, { appId, token: me.token })
      expect(unlinked.statusCode).toBe(200)
      expect(unlinked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['phone'])
      const linked = await prove(LINK, 'replacement@example.com', me.token)
      expect(linked.statusCode).toBe(200)
      expect(linked.json().id).toBe(me.user.id)
      expect(linked.json().linked_accounts).toContainEqual(expect.objectContaining({ type: 'email', address: 'replacement@example.com' }))
      expect((await h.get(ME, { appId, token: me.token })).json().user.linked_accounts).toHaveLength(2)
      // The linked address now logs in to the same user.
      expect((await h.login(appId, 'replacement@example.com')).user.id).toBe(me.user.id)
    })

    it('error: link without a bearer answers 401 must_be_authenticated', async () => {
      const res = await h.post(LINK, { email: 'x@example.com', code: '123456' }, { appId })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('must_be_authenticated')
    })

    it('error: link after logout answers 401 missing_or_invalid_token', async () => {
      const me = await h.login(appId, 'gone@example.com')
      await h.post('/api/v1/sessions/logout', { refresh_token: me.refresh_token }, { appId, token: me.token })
      const res = await h.post(LINK, { email: 'x@example.com', code: '123456' }, { appId, token: me.token })
      expect(res.json().code).toBe('missing_or_invalid_token')
    })

    it('error: a wrong code answers 401 invalid_credentials and links nothing', async () => {
      const me = await h.login(appId, 'wrongcode@example.com')
      await h.post(INIT, { email: 'target@example.com' }, { appId })
      const code = h.lastCode('target@example.com')
      const res = await h.post(LINK, { email: 'target@example.com', code: code === '000000' ? '111111' : '000000' }, { appId, token: me.token })
      expect(res.json().code).toBe('invalid_credentials')
    })

    it('error: a guest cannot link', async () => {
      const me = await h.login(appId, 'guestish@example.com')
      await h.server.gatehouse.db.updateTable('users').set({ is_guest: 1 }).where('id', '=', me.user.id).execute()
      const res = await h.post(LINK, { email: 'g@example.com', code: '123456' }, { appId, token: me.token })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: 'Guest accounts cannot link login methods.', code: 'invalid_data' })
    })

    it("error: unlinking someone else's or the only account is refused", async () => {
      const me = await h.login(appId, 'only@example.com')
      await h.login(appId, 'other@example.com')
      expect((await h.post(UNLINK, { address: 'other@example.com' }, { appId, token: me.token })).json().code).toBe('invalid_data')
      const res = await h.post(UNLINK, { address: 'only@example.com' }, { appId, token: me.token })
      expect(res.json()).toEqual({ error: 'Cannot unlink the only login method of this user.', code: 'invalid_data' })
    })
  })

  describe('update', () => {
    it('replaces the e-mail with the one the code was sent to', async () => {
      const me = await h.login(appId, 'old@example.com')
      const res = await prove(UPDATE, 'new.address@example.com', me.token, { oldAddress: 'old@example.com' })
      expect(res.statusCode).toBe(200)
      expect(res.json().linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: 'new.address@example.com' })])
      expect((await h.login(appId, 'new.address@example.com')).user.id).toBe(me.user.id)
    })

    it('error: updating an address the user does not have names the rule', async () => {
      const me = await h.login(appId, 'has@example.com')
      const res = await prove(UPDATE, 'whatever@example.com', me.token, { oldAddress: 'nothave@example.com' })
      expect(res.json()).toEqual({ error: 'User is required to have an email address to update it.', code: 'invalid_data' })
    })

    it('error: updating to an address of another user answers linked_to_another_user', async () => {
      const me = await h.login(appId, 'mover@example.com')
      await h.login(appId, 'taken@example.com')
      const res = await prove(UPDATE, 'taken@example.com', me.token, { oldAddress: 'mover@example.com' })
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('linked_to_another_user')
    })
  })

  describe('account transfer', () => {
    it('linking an address of another user answers a nonce; transfer moves it and deletes that user', async () => {
      const me = await h.login(appId, 'keeper@example.com')
      await h.server.gatehouse.db.deleteFrom('linked_accounts').where('user_id', '=', me.user.id).where('type', '=', 'email').execute()
      await h.server.gatehouse.db
        .insertInto('linked_accounts')
        .values({
          id: `k${Date.now()}`,
          user_id: me.user.id,
          app_id: appId,
          type: 'phone',
          address: '+15555550111',
          verified_at: 0,
          first_verified_at: 0,
          latest_verified_at: 0,
          details: null,
        })
        .execute()
      const other = await h.login(appId, 'donor@example.com')
      const res = await prove(LINK, 'donor@example.com', me.token)
      expect(res.statusCode).toBe(409)
      const body = res.json()
      expect(body.code).toBe('account_transfer_required')
      expect(body.data).toMatchObject({ display_name: 'donor@example.com', account: { type: 'email', address: 'donor@example.com' } })
      expect(body.data.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/)

      // Someone else cannot spend the nonce.
      const stranger = await h.login(appId, 'stranger@example.com')
      expect((await h.post(TRANSFER, { nonce: body.data.nonce }, { appId, token: stranger.token })).json().code).toBe('invalid_data')

      // The stranger's attempt spent the nonce (single use): link again for a fresh one.
      const again = (await prove(LINK, 'donor@example.com', me.token)).json()
      const moved = await h.post(TRANSFER, { nonce: again.data.nonce, email: 'donor@example.com' }, { appId, token: me.token })
      expect(moved.statusCode).toBe(200)
      expect(
        moved
          .json()
          .linked_accounts.map((a: { address: string }) => a.address)
          .sort(),
      ).toEqual(['+15555550111', 'donor@example.com'])
      // The donor user is gone with its sessions.
      expect((await h.get(ME, { appId, token: other.token })).json().code).toBe('missing_or_invalid_token')
      expect(await h.server.gatehouse.db.selectFrom('users').select('id').where('id', '=', other.user.id).executeTakeFirst()).toBeUndefined()
      expect((await h.login(appId, 'donor@example.com')).user.id).toBe(me.user.id)
      // Spent.
      expect((await h.post(TRANSFER, { nonce: again.data.nonce }, { appId, token: me.token })).json().code).toBe('invalid_data')
    })

    it('error: an expired nonce is refused', async () => {
      const me = await h.login(appId, 'late@example.com')
      await h.server.gatehouse.db.deleteFrom('linked_accounts').where('user_id', '=', me.user.id).execute()
      await h.login(appId, 'late.donor@example.com')
      const { data } = (await prove(LINK, 'late.donor@example.com', me.token)).json()
      h.clock.advance(11 * 60 * 1000)
      const res = await h.post(TRANSFER, { nonce: data.nonce }, { appId, token: me.token })
      expect(res.json()).toEqual({ error: 'Invalid or expired account transfer nonce.', code: 'invalid_data' })
    })

    it('error: passkey, guest and custom accounts are never transferable', async () => {
      const { NON_TRANSFERABLE_TYPES } = await import('../services/accounts.js')
      expect([...NON_TRANSFERABLE_TYPES].sort()).toEqual(['custom_auth', 'guest', 'passkey'])
      const owner = await h.login(appId, 'pk.owner@example.com')
      const me = await h.login(appId, 'pk.taker@example.com')
      await h.server.gatehouse.db
        .insertInto('linked_accounts')
        .values({
          id: `pk${Date.now()}`,
          user_id: owner.user.id,
          app_id: appId,
          type: 'passkey',
          address: 'cred-1',
          verified_at: 0,
          first_verified_at: 0,
          latest_verified_at: 0,
          details: null,
        })
        .execute()
      const app = (await h.server.gatehouse.apps.get(appId))!
      await expect(h.server.gatehouse.accounts.link(app, me.user.id, { type: 'passkey', address: 'cred-1' })).rejects.toMatchObject({
        code: 'linked_to_another_user',
      })
    })
  })
})

import { decodeJwt } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN_TOKEN, forEachDatabase, startHarness, testDevice, type Harness } from '../testing.js'
import { listEvents } from '../services/events.js'

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
const ETH = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(() => h?.close())

  const users = (appId: string) => `/api/v1/apps/${appId}/users`
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = admin) =>
    h.server.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) })
  const create = async (appId: string, body: Record<string, unknown>) => {
    const res = await call('POST', users(appId), body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }
  const events = async (appId: string, type: string) => (await listEvents(h.database.db, appId)).filter((e) => e.type === type)
  const audits = (appId: string, action: string) =>
    h.database.db.selectFrom('audit_log').selectAll().where('app_id', '=', appId).where('action', '=', action).execute()

  it('POST creates a user with the given accounts and metadata; its first login finds it, and the identity token carries the metadata', async () => {
    const appId = await h.createApp()
    const user = await create(appId, {
      linked_accounts: [
        { type: 'email', address: 'Ada@Example.com ' },
        { type: 'wallet', address: ETH.toLowerCase() },
      ],
      custom_metadata: { plan: 'pro', seats: 3, beta: true },
    })
    expect(user.id).toMatch(/^did:privy:/)
    expect(user.linked_accounts.map((a: { address: string }) => a.address).sort()).toEqual([ETH, 'ada@example.com'])
    expect(user).toMatchObject({ custom_metadata: { plan: 'pro', seats: 3, beta: true }, sessions_count: 0, wallets: [] })
    // The outbox event and the audit row were written with it.
    const [event] = await events(appId, 'user.created')
    expect(JSON.parse(event.payload).user.id).toBe(user.id)
    const [audit] = await audits(appId, 'user.create')
    expect(audit).toMatchObject({ actor_type: 'admin_token', user_id: user.id })

    const login = await h.login(appId, 'ada@example.com')
    expect(login.is_new_user).toBe(false)
    expect(login.user.id).toBe(user.id)
    expect(login.user.custom_metadata).toEqual({ plan: 'pro', seats: 3, beta: true })
    expect(JSON.parse(decodeJwt(login.identity_token).custom_metadata as string)).toEqual({ plan: 'pro', seats: 3, beta: true })
    expect((await call('GET', `${users(appId)}/${user.id}`)).json().sessions_count).toBe(1)
  })

  it('error: POST refuses accounts that belong to a user, bad accounts, two of a kind, and metadata over the limit', async () => {
    const appId = await h.createApp()
    await create(appId, { linked_accounts: [{ type: 'email', address: 'taken@example.com' }] })
    const cases: [Record<string, unknown>, number, string][] = [
      [{ linked_accounts: [{ type: 'email', address: 'TAKEN@example.com' }] }, 409, 'user_already_exists'],
      [{ linked_accounts: [{ type: 'email', address: 'not-an-email' }] }, 400, 'invalid_data'],
      [{ linked_accounts: [{ type: 'wallet', address: '0x1234' }] }, 400, 'invalid_data'],
      [{ linked_accounts: [{ type: 'phone', number: '12' }] }, 400, 'invalid_data'],
      [{ linked_accounts: [] }, 400, 'invalid_data'],
      [
        {
          linked_accounts: [
            { type: 'email', address: 'a@example.com' },
            { type: 'email', address: 'b@example.com' },
          ],
        },
        400,
        'invalid_data',
      ],
      [{ linked_accounts: [{ type: 'email', address: 'c@example.com' }], custom_metadata: { big: 'x'.repeat(1100) } }, 400, 'invalid_data'],
      [{ linked_accounts: [{ type: 'email', address: 'c@example.com' }], custom_metadata: { nested: { no: 1 } } }, 400, 'invalid_data'],
    ]
    for (const [body, status, code] of cases) {
      const res = await call('POST', users(appId), body)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      expect(res.json().code).toBe(code)
    }
    // Nothing of the refused requests was written: still one user.
    expect((await call('GET', users(appId))).json().data).toHaveLength(1)
  })

  it('search finds a user by every criterion, each normalised as its login stores it; other apps never answer', async () => {
    const appId = await h.createApp()
    const other = await h.createApp()
    const user = await create(appId, {
      linked_accounts: [
        { type: 'email', address: 'grace@example.com' },
        { type: 'phone', number: '+1 (415) 555-2671' },
        { type: 'wallet', address: ETH },
        { type: 'wallet', chain_type: 'solana', address: SOL },
        { type: 'farcaster', fid: 4242 },
        { type: 'telegram', telegram_user_id: '987654321' },
        { type: 'custom_auth', custom_user_id: 'ext-77' },
      ],
    })
    const found = async (query: string, app = appId) => {
      const res = await call('GET', `${users(app)}/search?${query}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data.map((u: { id: string }) => u.id)
    }
    expect(await found('email=GRACE%40Example.com')).toEqual([user.id])
    expect(await found('phone=%2B14155552671')).toEqual([user.id])
    expect(await found(`wallet_address=${ETH.toLowerCase()}`)).toEqual([user.id])
    expect(await found(`wallet_address=${'0x' + ETH.slice(2).toUpperCase()}`)).toEqual([user.id])
    expect(await found(`wallet_address=${SOL}`)).toEqual([user.id])
    expect(await found(`wallet_address=${SOL.toLowerCase()}`)).toEqual([]) // Solana addresses are case-sensitive
    expect(await found('farcaster_fid=4242')).toEqual([user.id])
    expect(await found('telegram_user_id=987654321')).toEqual([user.id])
    expect(await found('custom_user_id=ext-77')).toEqual([user.id])
    expect(await found(`user_id=${encodeURIComponent(user.id)}`)).toEqual([user.id])
    expect(await found('email=nobody%40example.com')).toEqual([])
    expect(await found('email=grace%40example.com', other)).toEqual([])
    expect(await found(`user_id=${encodeURIComponent(user.id)}`, other)).toEqual([])
    for (const query of ['', 'email=a%40b.co&phone=%2B14155552671']) {
      const res = await call('GET', `${users(appId)}/search?${query}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('invalid_data')
    }
  })

  it('lists newest first by cursor, every user once, with the created, account-type, wallet and MFA filters', async () => {
    const appId = await h.createApp()
    const ids: string[] = []
    const start = Math.floor(h.clock.now() / 1000)
    for (let i = 0; i < 5; i++) {
      ids.push(
        (
          await create(appId, {
            linked_accounts: [{ type: i % 2 ? 'custom_auth' : 'email', ...(i % 2 ? { custom_user_id: `c${i}` } : { address: `l${i}@example.com` }) }],
          })
        ).id,
      )
      h.clock.advance(2000)
    }
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res = await call('GET', `${users(appId)}?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(res.statusCode, res.body).toBe(200)
      const page = res.json()
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((u: { id: string }) => u.id))
      cursor = page.next_cursor
    } while (cursor)
    expect(seen).toEqual([...ids].reverse())

    const listed = async (query: string) => (await call('GET', `${users(appId)}?${query}`)).json().data.map((u: { id: string }) => u.id)
    expect(await listed(`created_after=${start + 4}`)).toEqual([ids[4], ids[3], ids[2]])
    expect(await listed(`created_before=${start + 4}`)).toEqual([ids[1], ids[0]])
    expect(await listed('linked_account_type=custom_auth')).toEqual([ids[3], ids[1]])

    // An embedded wallet (registered through the frame's route) and an MFA factor.
    const login = await h.login(appId, 'l0@example.com', { device: await testDevice(h.clock.now) })
    const device = await testDevice(h.clock.now)
    const walletLogin = await h.login(appId, 'l2@example.com', { device })
    await h.registerEmbeddedWallet(appId, walletLogin.token, device)
    void login
    await h.database.db
      .insertInto('mfa_factors')
      .values({ user_id: ids[4], type: 'sms', app_id: appId, secret: '+14155552671', active: 1, last_step: null, created_at: h.clock.now() })
      .execute()
    expect(await listed('has_embedded_wallet=true')).toEqual([ids[2]])
    expect(await listed('has_embedded_wallet=false')).toEqual([ids[4], ids[3], ids[1], ids[0]])
    expect(await listed('has_mfa=true')).toEqual([ids[4]])
    expect(await listed('has_mfa=true&has_embedded_wallet=true')).toEqual([])

    const one = (await call('GET', `${users(appId)}/${ids[2]}`)).json()
    expect(one.sessions_count).toBe(1)
    expect(one.wallets).toHaveLength(1)
    expect(one.wallets[0]).toMatchObject({ chain_type: 'ethereum', recovery_method: 'privy', imported: false })
    expect((await call('GET', `${users(appId)}/${ids[4]}`)).json().mfa_methods).toEqual([{ type: 'sms' }])

    const bad = await call('GET', `${users(appId)}?cursor=nonsense`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('invalid_data')
  })

  it('PUT custom_metadata replaces it, audited with before and after; an empty object clears it', async () => {
    const appId = await h.createApp()
    const user = await create(appId, { linked_accounts: [{ type: 'email', address: 'meta@example.com' }], custom_metadata: { tier: 1 } })
    const res = await call('PUT', `${users(appId)}/${user.id}/custom_metadata`, { custom_metadata: { tier: 2, name: 'Ada' } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().custom_metadata).toEqual({ tier: 2, name: 'Ada' })
    const [audit] = await audits(appId, 'user.update_metadata')
    expect(JSON.parse(audit.details!)).toEqual({ before: { tier: 1 }, after: { tier: 2, name: 'Ada' } })
    const login = await h.login(appId, 'meta@example.com')
    const me = (await h.get('/api/v1/users/me', { appId, token: login.token })).json()
    expect(me.user.custom_metadata).toEqual({ tier: 2, name: 'Ada' })
    expect(JSON.parse(decodeJwt(me.identity_token).custom_metadata as string)).toEqual({ tier: 2, name: 'Ada' })
    const cleared = await call('PUT', `${users(appId)}/${user.id}/custom_metadata`, { custom_metadata: {} })
    expect(cleared.json().custom_metadata).toBeUndefined()
    const missing = await call('PUT', `${users(appId)}/did:privy:nobody/custom_metadata`, { custom_metadata: {} })
    expect(missing.statusCode).toBe(404)
  })

  it('DELETE ends every session at once and says what it destroyed; a wallet holder needs the confirmation field', async () => {
    const appId = await h.createApp()
    const plain = await h.login(appId, 'gone@example.com')
    const second = await h.login(appId, 'gone@example.com')
    const res = await call('DELETE', `${users(appId)}/${plain.user.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ deleted: true, user_id: plain.user.id, sessions_revoked: 2, linked_accounts: 1, embedded_wallets: [] })
    for (const session of [plain, second]) {
      expect((await h.post('/api/v1/sessions', { refresh_token: session.refresh_token }, { appId })).statusCode).toBe(401)
      expect((await h.get('/api/v1/users/me', { appId, token: session.token })).statusCode).toBe(401)
    }
    expect((await events(appId, 'user.deleted')).map((e) => JSON.parse(e.payload).user_id)).toEqual([plain.user.id])
    expect((await audits(appId, 'user.delete'))[0]).toMatchObject({ actor_type: 'admin_token', user_id: plain.user.id })
    expect((await call('GET', `${users(appId)}/${plain.user.id}`)).statusCode).toBe(404)

    const device = await testDevice(h.clock.now)
    const holder = await h.login(appId, 'holder@example.com', { device })
    const { key } = await h.registerEmbeddedWallet(appId, holder.token, device)
    const refused = await call('DELETE', `${users(appId)}/${holder.user.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('account_has_embedded_wallet')
    const confirmed = await call('DELETE', `${users(appId)}/${holder.user.id}?confirm_wallet_deletion=true`)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toMatchObject({ sessions_revoked: 1, linked_accounts: 2, embedded_wallets: [{ address: key.address, chain_type: 'ethereum' }] })
    const shares = await h.database.db.selectFrom('wallet_secrets').selectAll().where('user_id', '=', holder.user.id).execute()
    expect(shares).toEqual([])
  })

  it('import: a report per line, idempotent by linked account, a failed line writes nothing; JSON or JSON lines', async () => {
    const appId = await h.createApp()
    await create(appId, { linked_accounts: [{ type: 'email', address: 'owner@example.com' }] })
    const lines = [
      JSON.stringify({ linked_accounts: [{ type: 'email', address: 'one@example.com' }], custom_metadata: { source: 'crm' } }),
      '{ not json',
      // Partly someone else's: fails whole, so new@example.com is not created either.
      JSON.stringify({
        linked_accounts: [
          { type: 'email', address: 'owner@example.com' },
          { type: 'custom_auth', custom_user_id: 'new-1' },
        ],
      }),
      JSON.stringify({ linked_accounts: [{ type: 'telegram', telegram_user_id: 'abc' }] }),
      JSON.stringify({
        linked_accounts: [
          { type: 'wallet', address: ETH },
          { type: 'custom_auth', custom_user_id: 'crm-2' },
        ],
      }),
    ].join('\n')
    const post = (body: string) =>
      h.server.inject({ method: 'POST', url: `${users(appId)}/import`, headers: { ...admin, 'content-type': 'application/x-ndjson' }, payload: body })
    const first = await post(lines)
    expect(first.statusCode, first.body).toBe(200)
    const report = first.json()
    expect(report).toMatchObject({ created: 2, exists: 0, failed: 3 })
    expect(report.lines.map((l: { status: string }) => l.status)).toEqual(['created', 'failed', 'failed', 'failed', 'created'])
    expect(report.lines[2].code).toBe('user_already_exists')
    const search = (q: string) => call('GET', `${users(appId)}/search?${q}`).then((r) => r.json().data)
    expect(await search('custom_user_id=new-1')).toEqual([])
    expect((await search('email=one%40example.com'))[0].custom_metadata).toEqual({ source: 'crm' })
    expect(await events(appId, 'user.created')).toHaveLength(3)

    const again = (await post(lines)).json()
    expect(again).toMatchObject({ created: 0, exists: 2, failed: 3 })
    expect(again.lines[0]).toEqual({ line: 1, status: 'exists', user_id: report.lines[0].user_id })
    expect(await events(appId, 'user.created')).toHaveLength(3)

    const json = await call('POST', `${users(appId)}/import`, { users: [{ linked_accounts: [{ type: 'email', address: 'json@example.com' }] }] })
    expect(json.json()).toMatchObject({ created: 1, lines: [{ line: 1, status: 'created' }] })
    expect((await audits(appId, 'user.import')).length).toBe(3)
  })

  it('export streams every user once, oldest first, as JSON lines or CSV, across pages and without secrets', async () => {
    const appId = await h.createApp()
    const device = await testDevice(h.clock.now)
    const holder = await h.login(appId, 'first@example.com', { device })
    await h.registerEmbeddedWallet(appId, holder.token, device)
    h.clock.advance(1000)
    const body = Array.from({ length: 510 }, (_, i) => JSON.stringify({ linked_accounts: [{ type: 'email', address: `bulk${i}@example.com` }] })).join('\n')
    const imported = await h.server.inject({
      method: 'POST',
      url: `${users(appId)}/import`,
      headers: { ...admin, 'content-type': 'application/x-ndjson' },
      payload: body,
    })
    expect(imported.json().created).toBe(510)

    const jsonl = await call('GET', `${users(appId)}/export`)
    expect(jsonl.statusCode).toBe(200)
    expect(jsonl.headers['content-type']).toMatch(/^application\/x-ndjson/)
    const rows = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(rows).toHaveLength(511)
    expect(new Set(rows.map((r) => r.id)).size).toBe(511)
    expect(rows[0].id).toBe(holder.user.id)
    expect(rows[0].linked_accounts.some((a: { wallet_client_type?: string }) => a.wallet_client_type === 'privy')).toBe(true)
    expect(jsonl.body).not.toMatch(/auth_share|recovery_share|refresh|secret/)

    const csv = await call('GET', `${users(appId)}/export?format=csv`)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toBe('id,created_at,is_guest,has_accepted_terms,email,phone,wallets,linked_account_types,mfa_methods,custom_metadata')
    expect(lines).toHaveLength(512)
    expect(lines[1]).toContain('first@example.com')
  })

  it('error: every owner route answers 401 without the admin token, and 404 for an app that does not exist', async () => {
    const appId = await h.createApp()
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', users(appId)],
      ['GET', `${users(appId)}/search?email=a%40b.co`],
      ['GET', `${users(appId)}/export`],
      ['POST', `${users(appId)}/import`, { users: [] }],
      ['POST', users(appId), { linked_accounts: [{ type: 'email', address: 'x@example.com' }] }],
      ['GET', `${users(appId)}/did:privy:x`],
      ['PUT', `${users(appId)}/did:privy:x/custom_metadata`, { custom_metadata: {} }],
      ['DELETE', `${users(appId)}/did:privy:x`],
    ]
    for (const [method, url, body] of routes) {
      for (const headers of [{}, { authorization: 'Bearer wrong' }] as Record<string, string>[]) {
        const res = await call(method, url, body, headers)
        expect(res.statusCode, `${method} ${url}`).toBe(401)
        expect(res.json().code).toBe('missing_or_invalid_token')
      }
      const missing = await call(method, url.replace(appId, 'a'.repeat(25)), body)
      expect(missing.statusCode, `${method} ${url}`).toBe(404)
    }
  })
})

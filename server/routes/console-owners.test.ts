/**
 * The console's operators (services/console-owners.ts, services/owner-auth.ts): the first owner
 * from GATEHOUSE_OWNER_EMAIL or the CLI (the sign-in link: console.test.ts), no second first owner,
 * MFA before owner-only changes, an operator's own app list with roles, inviting by e-mail, the
 * last owner stays, and the operator's e-mail on every audit row.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connect.js'
import { addOwner, runCli } from '../cli.js'
import { MFA_ENROLL_FOR_OWNERS, MFA_VERIFY_FOR_OWNERS } from '../services/owner-auth.js'
import { LAST_OWNER } from '../services/owner-access.js'
import { grantServerOwner } from '../services/console-owners.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, withOperatorMfa, type Harness } from '../testing.js'

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }

forEachDatabase((target) => {
  let h: Harness
  let consoleApp: string

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    h.server.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) })

  beforeAll(async () => {
    h = await startHarness(target, { ownerEmail: 'Boss@Example.com' })
    consoleApp = await h.createApp({ loginMethods: { email: true } })
    h.server.gatehouse.config.consoleAppId = consoleApp
  })
  afterAll(() => h?.close())

  describe('the first owner', () => {
    it('GATEHOUSE_OWNER_EMAIL: that account becomes the first owner when it signs in to the console; nobody else does', async () => {
      const other = await h.login(consoleApp, 'someone@example.com')
      expect((await call('GET', '/admin/me', other.token)).json()).toMatchObject({ email: 'someone@example.com', serverOwner: false })
      // Without a role, an operator sees no app and may create none.
      expect((await call('GET', '/admin/apps', other.token)).json()).toEqual({ data: [] })
      expect((await call('POST', '/admin/apps', other.token, { name: 'Mine' })).statusCode).toBe(403)

      const boss = await h.login(consoleApp, 'boss@example.com')
      const me = await call('GET', '/admin/me', boss.token)
      expect(me.statusCode, me.body).toBe(200)
      expect(me.json()).toEqual({
        userId: boss.user.id,
        email: 'boss@example.com',
        serverOwner: true,
        mfa: { enrolled: false, verifiedUntil: null },
      })
      const audit = await h.get(`/api/v1/admin/audit-log?action=operator.server_owner`, { headers: admin })
      expect(audit.json().data[0].details).toEqual({ operator: boss.user.id, via: 'owner_email' })
      // The admin token is no operator; an app secret is no caller here.
      expect((await h.get('/api/v1/admin/me', { headers: admin })).statusCode).toBe(403)
    })

    it('the CLI makes an account owner (created when missing), and signing in with that e-mail is that account', async () => {
      const userId = await addOwner(
        h.server.gatehouse.db,
        h.server.gatehouse.apps,
        { ...h.server.gatehouse.config, consoleAppId: consoleApp },
        'ops@example.com',
      )
      const login = await h.login(consoleApp, 'ops@example.com')
      expect(login.user.id).toBe(userId)
      expect((await call('GET', '/admin/me', login.token)).json()).toMatchObject({ serverOwner: true })
      await expect(addOwner(h.server.gatehouse.db, h.server.gatehouse.apps, h.server.gatehouse.config, 'not-an-email')).rejects.toThrow('Not an e-mail address')
      expect(await runCli(['owner', 'remove', 'x@example.com'])).toBe(2)
    })

    it('once there is an owner, no other door makes a first owner', async () => {
      const late = await h.login(consoleApp, 'late@example.com')
      expect(await grantServerOwner(h.server.gatehouse.db, late.user.id, 'claim', Date.now(), true)).toBe(false)
      expect((await call('GET', '/admin/me', late.token)).json()).toMatchObject({ serverOwner: false })
    })
  })

  describe('operators', () => {
    let owner: Awaited<ReturnType<Harness['login']>>
    let appId: string

    beforeAll(async () => {
      owner = await h.login(consoleApp, 'boss@example.com')
      const created = await call('POST', '/admin/apps', owner.token, { name: 'Boss Shop' })
      expect(created.statusCode, created.body).toBe(201)
      appId = created.json().id
    })

    it('creating an app makes its creator its owner; a server owner lists every app, as owner', async () => {
      const operators = (await call('GET', `/admin/apps/${appId}/operators`, owner.token)).json().data
      expect(operators).toEqual([expect.objectContaining({ userId: owner.user.id, role: 'owner', email: 'boss@example.com' })])
      const apps = (await call('GET', '/admin/apps', owner.token)).json().data
      expect(apps.find((a: { id: string }) => a.id === appId)).toMatchObject({ name: 'Boss Shop', role: 'owner' })
      expect(apps.length).toBeGreaterThan(1)
      expect(apps.every((a: { role: string }) => a.role === 'owner')).toBe(true)
      // The admin token sees every app, with no role.
      const all = (await h.get('/api/v1/admin/apps', { headers: admin })).json().data
      expect(all.every((a: { role: string | null }) => a.role === null)).toBe(true)
    })

    it('owner-only changes need MFA enrolled, then a live verification on the session', async () => {
      const invite = () => call('POST', `/admin/apps/${appId}/operators`, owner.token, { email: 'Viewer@Example.com', role: 'viewer' })
      const first = await invite()
      expect(first.statusCode).toBe(403)
      expect(first.json()).toMatchObject({ code: 'missing_or_invalid_mfa', error: MFA_ENROLL_FOR_OWNERS })
      await withOperatorMfa(h.server, consoleApp, owner.token, false)
      expect((await call('GET', '/admin/me', owner.token)).json().mfa).toEqual({ enrolled: true, verifiedUntil: null })
      expect((await invite()).json()).toMatchObject({ code: 'missing_or_invalid_mfa', error: MFA_VERIFY_FOR_OWNERS })
      // Reading and ordinary changes need no MFA.
      expect((await call('PATCH', `/admin/apps/${appId}`, owner.token, { accentColor: '#112233' })).statusCode).toBe(200)
      await withOperatorMfa(h.server, consoleApp, owner.token)
      expect((await call('GET', '/admin/me', owner.token)).json().mfa.verifiedUntil).toEqual(expect.any(String))
      const invited = await invite()
      expect(invited.statusCode, invited.body).toBe(200)
      expect(invited.json()).toMatchObject({ role: 'viewer', email: 'viewer@example.com' })
    })

    it('a viewer sees only their apps, with the role, and changes nothing', async () => {
      const viewer = await h.login(consoleApp, 'viewer@example.com')
      expect((await call('GET', '/admin/apps', viewer.token)).json().data).toEqual([expect.objectContaining({ id: appId, role: 'viewer' })])
      expect((await call('GET', `/admin/apps/${appId}`, viewer.token)).statusCode).toBe(200)
      expect((await call('PATCH', `/admin/apps/${appId}`, viewer.token, { accentColor: '#445566' })).statusCode).toBe(403)
      expect((await call('POST', `/admin/apps/${appId}/secrets`, viewer.token)).statusCode).toBe(403)
      expect((await call('DELETE', `/admin/apps/${appId}?confirm=${appId}`, viewer.token)).statusCode).toBe(403)
      expect((await call('POST', '/admin/apps', viewer.token, { name: 'Nope' })).statusCode).toBe(403)
      expect((await call('GET', '/admin/audit-log', viewer.token)).statusCode).toBe(403)
    })

    it('an admin manages viewers and admins without MFA, never the owner role; an app secret manages no role', async () => {
      await call('POST', `/admin/apps/${appId}/operators`, owner.token, { email: 'helper@example.com', role: 'admin' })
      const helper = await h.login(consoleApp, 'helper@example.com')
      const invite = (role: string) => call('POST', `/admin/apps/${appId}/operators`, helper.token, { email: 'intern@example.com', role })
      expect((await invite('owner')).statusCode).toBe(403)
      const intern = await invite('viewer')
      expect(intern.statusCode, intern.body).toBe(200)
      expect((await call('PUT', `/admin/apps/${appId}/operators/${intern.json().userId}`, helper.token, { role: 'admin' })).json().role).toBe('admin')
      expect((await call('PUT', `/admin/apps/${appId}/operators/${owner.user.id}`, helper.token, { role: 'viewer' })).statusCode).toBe(403)
      expect((await call('DELETE', `/admin/apps/${appId}/operators/${owner.user.id}`, helper.token)).statusCode).toBe(403)
      expect((await call('DELETE', `/admin/apps/${appId}/operators/${intern.json().userId}`, helper.token)).statusCode).toBe(200)
      // Secrets stay the owners': an admin reads no app secret.
      expect((await call('GET', `/admin/apps/${appId}/secrets`, helper.token)).statusCode).toBe(403)
      const secret = (await h.post(`/api/v1/admin/apps/${appId}/secrets`, undefined, { headers: admin })).json().secret as string
      const basic = { authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`, 'privy-app-id': appId }
      const bySecret = await h.post(`/api/v1/admin/apps/${appId}/operators`, { email: 'backend@example.com', role: 'viewer' }, { headers: basic })
      expect(bySecret.statusCode).toBe(403)
    })

    it('an app keeps at least one owner; roles change and go, each in the audit log with the operator e-mail', async () => {
      const demote = await call('PUT', `/admin/apps/${appId}/operators/${owner.user.id}`, owner.token, { role: 'admin' })
      expect(demote.statusCode).toBe(400)
      expect(demote.json().error).toBe(LAST_OWNER)
      expect((await call('DELETE', `/admin/apps/${appId}/operators/${owner.user.id}`, owner.token)).json().error).toBe(LAST_OWNER)
      const viewerId = (await call('GET', `/admin/apps/${appId}/operators`, owner.token)).json().data.find((o: { role: string }) => o.role === 'viewer').userId
      expect((await call('PUT', `/admin/apps/${appId}/operators/${viewerId}`, owner.token, { role: 'owner' })).json().role).toBe('owner')
      expect((await call('PUT', `/admin/apps/${appId}/operators/${owner.user.id}`, owner.token, { role: 'admin' })).statusCode).toBe(200)
      expect((await call('DELETE', `/admin/apps/${appId}/operators/${owner.user.id}`, owner.token)).statusCode).toBe(200)

      const rows = (await h.get(`/api/v1/admin/apps/${appId}/audit-log`, { headers: admin })).json().data as {
        action: string
        actor: { type: string; id: string; email: string | null }
      }[]
      expect(rows.filter((r) => r.actor.type === 'operator').every((r) => r.actor.email?.endsWith('@example.com'))).toBe(true)
      const byBoss = rows.filter((r) => r.actor.type === 'operator' && r.actor.id === owner.user.id)
      expect(byBoss.map((r) => r.action)).toEqual(expect.arrayContaining(['app.create', 'app.update', 'operator.grant', 'operator.revoke']))
      expect(byBoss.every((r) => r.actor.id === owner.user.id && r.actor.email === 'boss@example.com')).toBe(true)
    })
  })
})

describe('npm run owner -- add EMAIL', () => {
  it("writes the server's own database from its environment: the account exists and owns the server; twice is harmless", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-'))
    const env = { GATEHOUSE_STATE_DIR: dir, GATEHOUSE_DB_FILE: join(dir, 'g.db'), NODE_ENV: 'development' }
    try {
      expect(await runCli(['owner', 'add', 'Founder@Example.com'], env)).toBe(0)
      expect(await runCli(['owner', 'add', 'founder@example.com'], env)).toBe(0)
      const database = await openDatabase({ dbFile: env.GATEHOUSE_DB_FILE })
      try {
        const owners = await database.db
          .selectFrom('server_owners')
          .innerJoin('linked_accounts', 'linked_accounts.user_id', 'server_owners.user_id')
          .select(['linked_accounts.address', 'linked_accounts.app_id', 'server_owners.via'])
          .execute()
        expect(owners).toEqual([{ address: 'founder@example.com', app_id: 'gatehouseconsole000000000', via: 'cli' }])
      } finally {
        await database.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

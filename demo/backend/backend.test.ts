/**
 * The demo's host backend: /api/me verifies a real token of the real server with @gatehouse/node;
 * the scheduled payments stay within the daily cap and stop when the wallet is no longer delegated
 * (against a stand-in client here: the server-side wallet API lands with the wallet API's branch).
 */
import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_TOKEN, forEachDatabase, startHarness, TEST_PUBLIC_URL, type Harness } from '../../server/testing.js'
import { createGatehouseClient, GatehouseApiError, type GatehouseClient } from '../../packages/node/src/index.ts'
import { createScheduledPayments } from './payments.mjs'
import { createHostBackend } from './server.mjs'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  let backendUrl: string
  let close: () => Promise<void>
  beforeAll(async () => {
    h = await startHarness(target)
    const apiUrl = await h.server.listen({ port: 0, host: '127.0.0.1' })
    appId = await h.createApp()
    const secret = (
      await h.server.inject({ method: 'POST', url: `/api/v1/admin/apps/${appId}/secrets`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).json().secret
    const gatehouse = createGatehouseClient({ appId, apiUrl, appSecret: secret, publicUrl: TEST_PUBLIC_URL })
    const backend = await createHostBackend({ appId, apiUrl, appSecret: secret, gatehouse })
    const server = createServer((req, res) => void backend.handle(req, res))
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    backendUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    close = () => new Promise((ok) => server.close(() => ok()))
  })
  afterAll(async () => {
    await close?.()
    await h?.close()
  })

  it('/api/me answers the user of a valid access token, and 401 without one, with a tampered one or for another app', async () => {
    const auth = await h.login(appId, 'host@example.com')
    const me = await fetch(`${backendUrl}/api/me`, { headers: { authorization: `Bearer ${auth.token}` } })
    expect(me.status).toBe(200)
    const body = await me.json()
    expect(body).toMatchObject({ userId: auth.user.id, user: { id: auth.user.id } })
    expect((await fetch(`${backendUrl}/api/me`)).status).toBe(401)
    expect((await fetch(`${backendUrl}/api/me`, { headers: { authorization: `Bearer ${auth.token.slice(0, -3)}abc` } })).status).toBe(401)
    const other = await h.login(await h.createApp(), 'host@example.com')
    expect((await fetch(`${backendUrl}/api/me`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(401)
    // No authorization key configured: the payment routes say what is missing.
    const pay = await fetch(`${backendUrl}/api/payments`, { headers: { authorization: `Bearer ${auth.token}` } })
    expect(pay.status).toBe(503)
    expect((await pay.json()).code).toBe('not_configured')
  })
})

describe('scheduled payments', () => {
  const wallet = { id: 'w1', address: '0x1111111111111111111111111111111111111111', chain_type: 'ethereum', owner_id: 'u1', delegated: true }
  const stand = () => {
    const calls: { method: string; walletId: string; body: unknown }[] = []
    let delegated = true
    const gatehouse = {
      wallets: {
        list: async () => [{ ...wallet, delegated }],
        update: async (walletId: string, body: unknown) => void calls.push({ method: 'update', walletId, body }),
        rpc: async (walletId: string, body: unknown) => {
          if (!delegated) throw new GatehouseApiError(403, 'not_delegated', 'not delegated')
          calls.push({ method: 'rpc', walletId, body })
          return { method: 'eth_sendTransaction', data: { hash: `0x${calls.length}`, caip2: 'eip155:31337' } }
        },
      },
    } as unknown as GatehouseClient
    return { gatehouse, calls, revoke: () => (delegated = false) }
  }

  it('sets the wallet policy, pays at once and every tick up to the daily cap, then again a day later', async () => {
    let now = Date.UTC(2026, 0, 1)
    const { gatehouse, calls } = stand()
    const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const payments = createScheduledPayments({ gatehouse, recipient, amountWei: 10n, dailyCapWei: 30n, now: () => now })
    expect((await payments.subscribe('u1'))?.ok).toBe(true)
    expect(calls[0]).toEqual({
      method: 'update',
      walletId: 'w1',
      body: {
        policy: { methods: ['eth_sendTransaction'], chain_ids: [31337], recipients: [recipient], native_value: { per_transaction: '10', per_day: '30' } },
      },
    })
    expect(calls[1].body).toEqual({
      method: 'eth_sendTransaction',
      caip2: 'eip155:31337',
      params: { transaction: { to: recipient, value: '0xa', chain_id: 31337 } },
    })
    for (let i = 0; i < 5; i++) {
      now += 60_000
      await payments.tick()
    }
    expect(calls.filter((c) => c.method === 'rpc')).toHaveLength(3)
    now += 24 * 60 * 60 * 1000
    await payments.tick()
    expect(calls.filter((c) => c.method === 'rpc')).toHaveLength(4)
    expect(payments.payments('u1').every((p) => p.ok)).toBe(true)
  })

  it('error: a wallet no longer delegated is refused, recorded with the code, and dropped from the schedule', async () => {
    const { gatehouse, revoke } = stand()
    const payments = createScheduledPayments({ gatehouse, recipient: wallet.address, amountWei: 1n, dailyCapWei: 100n })
    await payments.subscribe('u1')
    revoke()
    await payments.tick()
    expect(payments.payments('u1').at(-1)).toMatchObject({ ok: false, code: 'not_delegated' })
    expect(payments.subscriptions()).toEqual([])
    await expect(payments.subscribe('u1')).rejects.toMatchObject({ code: 'not_delegated' })
  })
})

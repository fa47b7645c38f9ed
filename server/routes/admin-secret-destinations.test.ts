/**
 * The admin API shows secrets masked, and a masked value written back keeps the stored secret. That
 * must not let the admin token move a secret: a masked secret whose destination beside it changed
 * (scanner URL, OAuth issuer, funding provider URLs) is refused, and the new host hears nothing.
 * Every admin change is an audit row (who, which app, which fields, before → after), never a secret in clear.
 */
import { generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }
const SECRETS = {
  scan: 'scan-api-key-0123456789-home',
  google: 'google-client-secret-0123456789-abcd',
  moonpay: 'sk_test_0123456789abcdef-moon',
  coinbase: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
}

/** A local HTTP listener that records every request it gets and answers `{}`. */
async function startListener() {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = []
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers })
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return { url, requests, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

forEachDatabase((target) => {
  let h: Harness
  let home: Awaited<ReturnType<typeof startListener>>
  let evil: Awaited<ReturnType<typeof startListener>>
  const lines: Record<string, unknown>[] = []
  beforeAll(async () => {
    ;[home, evil] = await Promise.all([startListener(), startListener()])
    h = await startHarness(target, { logger: true, logStream: { write: (line) => void lines.push(JSON.parse(line)) } })
  })
  afterAll(async () => {
    await h?.close()
    await Promise.all([home?.close(), evil?.close()])
  })

  const createSecretApp = () =>
    h.createApp({
      name: 'Secrets at home',
      loginMethods: { email: true, google: true },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: 'http://127.0.0.1:8545' }],
      funding: {
        enabled: true,
        options: [
          { method: 'card', provider: 'moonpay' },
          { method: 'exchange', provider: 'coinbase' },
        ],
        useSandbox: true,
      },
      transactionScan: { url: `${home.url}/scan`, apiKey: SECRETS.scan },
      oauth: { google: { clientId: 'google-client', clientSecret: SECRETS.google, issuer: `${home.url}/idp` } },
      fundingProviders: {
        moonpay: { sandboxPublishableKey: 'pk_test_home', sandboxSecretKey: SECRETS.moonpay, sandboxWidgetUrl: `${home.url}/buy`, apiUrl: home.url },
        coinbase: { apiKeyName: 'organizations/o/apiKeys/k', apiKeySecret: SECRETS.coinbase, apiUrl: home.url, payUrl: home.url },
      },
    })
  const adminView = async (appId: string) => (await h.get(`/api/v1/admin/apps/${appId}`, admin)).json()
  const scan = (appId: string, token: string) =>
    h.post(
      '/api/v1/scan/transaction',
      {
        chain_id: 1,
        metadata: { domain: 'https://shop.example' },
        request: { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }] },
      },
      { appId, token },
    )

  it(
    'error: a masked secret whose destination changed is refused (scanner, OAuth issuer, Coinbase API, MoonPay widget), and the new host gets nothing',
    { timeout: 180_000 },
    async () => {
      const appId = await createSecretApp()
      const view = await adminView(appId)
      const attempts: [Record<string, unknown>, string][] = [
        [{ transactionScan: { ...view.transactionScan, url: `${evil.url}/scan` } }, 'transactionScan.apiKey is masked but transactionScan.url changed'],
        [{ oauth: { google: { ...view.oauth.google, issuer: `${evil.url}/idp` } } }, 'oauth.google.clientSecret is masked but oauth.google.issuer changed'],
        [
          { fundingProviders: { coinbase: { ...view.fundingProviders.coinbase, apiUrl: evil.url } } },
          'fundingProviders.coinbase.apiKeySecret is masked but fundingProviders.coinbase.apiUrl changed',
        ],
        [
          { fundingProviders: { moonpay: { ...view.fundingProviders.moonpay, sandboxWidgetUrl: `${evil.url}/buy` } } },
          'fundingProviders.moonpay.sandboxSecretKey is masked but fundingProviders.moonpay.sandboxWidgetUrl changed',
        ],
      ]
      for (const [patch, message] of attempts) {
        const res = await h.patchApp(appId, patch)
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ code: 'invalid_data', error: `${message}: send the full secret with the new destination` })
      }
      expect(await adminView(appId)).toEqual(view)

      // Everything that would use the secrets still goes home only.
      const { token } = await h.login(appId, 'moved.secrets@example.com')
      await scan(appId, token)
      await h.post('/api/v1/funding/coinbase_on_ramp/init', { addresses: [{ address: ADDRESS, blockchains: ['base'] }], assets: ['ETH'] }, { appId, token })
      const signed = await h.post('/api/v1/plugins/moonpay_on_ramp/sign', { address: ADDRESS }, { appId, token })
      expect(signed.statusCode).toBe(200)
      expect(new URL(signed.json().signedUrl).origin).toBe(home.url)
      await h.post(
        '/api/v1/oauth/init',
        { provider: 'google', redirect_to: 'http://localhost:5173/', code_challenge: 'c'.repeat(43), state_code: 's'.repeat(43) },
        { appId },
      )
      expect(evil.requests).toEqual([])
      expect(home.requests.find((r) => r.url === '/scan')?.headers['x-api-key']).toBe(SECRETS.scan)
    },
  )

  it(
    'a masked secret written back with its destination unchanged keeps the stored secret; a new secret may go with a new destination',
    { timeout: 180_000 },
    async () => {
      const appId = await createSecretApp()
      const view = await adminView(appId)
      const roundTrip = await h.patchApp(appId, { transactionScan: view.transactionScan, oauth: { google: { ...view.oauth.google, clientId: 'renamed' } } })
      expect(roundTrip.statusCode, roundTrip.body).toBe(200)
      const settings = (await h.server.gatehouse.apps.get(appId))!.settings
      expect(settings.transactionScan).toEqual({ url: `${home.url}/scan`, apiKey: SECRETS.scan })
      expect(settings.oauth.google).toMatchObject({ clientId: 'renamed', clientSecret: SECRETS.google })
      const { token } = await h.login(appId, 'kept.secrets@example.com')
      const before = home.requests.length
      await scan(appId, token)
      const sent = home.requests.slice(before).map((r) => r.headers['x-api-key'])
      expect(sent.length).toBeGreaterThan(0)
      expect(new Set(sent)).toEqual(new Set([SECRETS.scan]))

      const moved = await h.patchApp(appId, { transactionScan: { url: `${home.url}/scan-v2`, apiKey: 'a-new-key-for-the-new-host-0001' } })
      expect(moved.statusCode).toBe(200)
      expect((await h.server.gatehouse.apps.get(appId))!.settings.transactionScan?.apiKey).toBe('a-new-key-for-the-new-host-0001')
    },
  )

  it('every admin change is an audit row: the admin token, the app and the changed fields, secrets only masked', { timeout: 180_000 }, async () => {
    const appId = await createSecretApp()
    const view = await adminView(appId)
    expect(
      (await h.patchApp(appId, { name: 'Renamed', transactionScan: { url: `${home.url}/scan-v3`, apiKey: 'rotated-scan-key-0123456789' } })).statusCode,
    ).toBe(200)
    expect((await h.patchApp(appId, { transactionScan: { ...view.transactionScan, url: `${evil.url}/scan` } })).statusCode).toBe(400)
    const rows = await h.database.db.selectFrom('audit_log').selectAll().where('app_id', '=', appId).orderBy('created_at').execute()
    const mine = rows.map((r) => ({ actor: r.actor_type, action: r.action, ...JSON.parse(r.details ?? '{}') }))
    expect(mine).toEqual([
      expect.objectContaining({ actor: 'admin_token', action: 'app.create', fields: expect.arrayContaining(['transactionScan', 'oauth', 'fundingProviders']) }),
      expect.objectContaining({ actor: 'admin_token', action: 'app.update', fields: ['name', 'transactionScan'] }),
    ])
    expect(mine[1].after.transactionScan).toEqual({ url: `${home.url}/scan-v3`, apiKey: '****6789' })
    const everything = JSON.stringify([lines, rows])
    for (const secret of [...Object.values(SECRETS), 'rotated-scan-key-0123456789']) expect(everything).not.toContain(secret.slice(-12))
  })
})

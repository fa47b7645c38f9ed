// The demo's host backend: what a host app's own server does with @gatehouse/node. Mounted by the
// demo server under /api/ (same origin as the demo page, as a host's backend usually is):
//   GET  /api/me                     verifies the user's access token (Authorization: Bearer) → who they are
//   GET  /api/payments               the scheduled payments of the signed-in user
//   POST /api/payments/subscribe     { address? }: pay from this delegated wallet every minute, within a daily cap
//   POST /api/payments/unsubscribe   stop paying from the user's wallets
// The payment routes need GATEHOUSE_APP_SECRET and GATEHOUSE_AUTHORIZATION_KEY (an authorization key
// registered for the app); without them they answer 503 and say so.
import { createScheduledPayments } from './payments.mjs'

/** The dev sponsor's address on the local chain (scripts/lib/local-chain.mjs): where the demo's payments go. */
const DEFAULT_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * @param {{
 *   appId: string, apiUrl: string, appSecret?: string, authorizationPrivateKey?: string,
 *   gatehouse?: import('@gatehouse/node').GatehouseClient,
 *   recipient?: string, amountWei?: bigint, dailyCapWei?: bigint, intervalMs?: number,
 * }} o
 */
export async function createHostBackend(o) {
  const gatehouse =
    o.gatehouse ??
    (await import('@gatehouse/node')).createGatehouseClient({
      appId: o.appId,
      apiUrl: o.apiUrl,
      appSecret: o.appSecret,
      authorizationPrivateKey: o.authorizationPrivateKey,
    })
  const canPay = Boolean(o.appSecret && o.authorizationPrivateKey)
  const payments = canPay
    ? createScheduledPayments({
        gatehouse,
        recipient: o.recipient ?? DEFAULT_RECIPIENT,
        amountWei: o.amountWei ?? 10n ** 15n, // 0.001 ETH a minute
        dailyCapWei: o.dailyCapWei ?? 10n ** 16n, // 0.01 ETH a day: ten payments
        intervalMs: o.intervalMs,
      })
    : null
  payments?.start()

  const send = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body))
  const readJson = async (req) => {
    let text = ''
    for await (const chunk of req) {
      text += chunk
      if (text.length > 10_000) throw Object.assign(new Error('Body too large'), { status: 413 })
    }
    return text ? JSON.parse(text) : {}
  }

  /** The signed-in user, from the page's access token; null when absent or invalid. */
  async function who(req) {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!token) return null
    try {
      return await gatehouse.verifyAccessToken(token)
    } catch {
      return null
    }
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function handle(req, res) {
    const { pathname } = new URL(req.url ?? '/', 'http://demo.local')
    try {
      const claims = await who(req)
      if (!claims) return send(res, 401, { error: 'Send a valid access token (Authorization: Bearer)', code: 'invalid_token' })
      if (req.method === 'GET' && pathname === '/api/me') {
        // With the app secret the backend can also read the whole user (linked accounts, metadata, wallets).
        const user = o.appSecret ? await gatehouse.users.get(claims.userId).catch(() => null) : null
        return send(res, 200, { userId: claims.userId, sessionId: claims.sessionId, expiresAt: claims.expiration, user })
      }
      if (pathname.startsWith('/api/payments')) {
        if (!payments) return send(res, 503, { error: 'Scheduled payments need GATEHOUSE_APP_SECRET and GATEHOUSE_AUTHORIZATION_KEY', code: 'not_configured' })
        if (req.method === 'GET' && pathname === '/api/payments')
          return send(res, 200, { payments: payments.payments(claims.userId), policy: payments.policy() })
        if (req.method === 'POST' && pathname === '/api/payments/subscribe') {
          const { address } = await readJson(req)
          return send(res, 200, { first: await payments.subscribe(claims.userId, address) })
        }
        if (req.method === 'POST' && pathname === '/api/payments/unsubscribe') {
          payments.unsubscribe(claims.userId)
          return send(res, 200, { ok: true })
        }
      }
      return send(res, 404, { error: 'Not found', code: 'not_found' })
    } catch (error) {
      return send(res, error.status && error.status < 600 ? error.status : 500, { error: error.message, code: error.code ?? 'error' })
    }
  }

  return { handle, payments, close: () => payments?.stop() }
}

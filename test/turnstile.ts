/**
 * A stand-in for Cloudflare Turnstile on loopback (the real service cannot run here), speaking
 * its documented wire formats:
 *
 * - `POST /siteverify` (form-urlencoded or JSON: secret, response, remoteip, idempotency_key) →
 *   `{ success, "error-codes", challenge_ts, hostname, action, cdata }`. Tokens are single use
 *   (`timeout-or-duplicate` the second time, unless the same idempotency_key asks again); unknown
 *   tokens are `invalid-input-response`; a wrong secret is `invalid-input-secret`.
 * - `GET /api.js`: a script defining `window.turnstile` (render, execute, reset, remove,
 *   getResponse, isExpired, ready) per Cloudflare's client API. `execute` fetches a token this
 *   server issued (`POST /issue`), so a browser test's token really passes through siteverify.
 *
 * Switches (`setWidget`, `setVerify`) make the next widget runs fail or time out and make
 * siteverify answer 500 or hang, and every siteverify request is recorded for assertions.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_TURNSTILE_SITE_KEY = '0x4AAAAAAAgatehouse-test'
export const FAKE_TURNSTILE_SECRET = '0x4AAAAAAAgatehouse-test-secret'

export interface SiteverifyRecord {
  contentType: string
  fields: Record<string, string>
}

/**
 * What the next widget executions do: 'pass', 'hold' (pass once `releaseWidget()` is called, so a test
 * can see the 'checking' state however busy the machine is), 'fail' (error-callback) or 'timeout'
 * (timeout-callback).
 */
export type WidgetBehaviour = 'pass' | 'hold' | 'fail' | 'timeout'
/** How siteverify answers: normally, with HTTP 500, or not at all (the caller's timeout fires). */
export type VerifyBehaviour = 'normal' | 'error' | 'hang'

export interface FakeTurnstile {
  url: string
  verifyUrl: string
  scriptUrl: string
  /** Every siteverify request, oldest first. */
  requests: SiteverifyRecord[]
  /** Tokens handed to widgets, oldest first. */
  issued: string[]
  /** Makes the next `count` executions behave as `behaviour` (then back to 'pass'). */
  setWidget(behaviour: WidgetBehaviour, count?: number): void
  /** Lets the held ('hold') executions pass, now and from here on until the next setWidget. */
  releaseWidget(): void
  setVerify(behaviour: VerifyBehaviour): void
  /** A fresh valid token, as if a widget had passed (server tests) on `hostname` (default localhost) for `action`. */
  issueToken(solved?: { hostname?: string; action?: string }): string
  close(): Promise<void>
}

/** Where and for what action a token was solved (siteverify reports both). */
interface Solved {
  issuedAt: Date
  hostname: string
  action: string
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (data += chunk))
    request.on('end', () => resolve(data))
    request.on('error', reject)
  })
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
  response.end(JSON.stringify(body))
}

export async function startFakeTurnstile({ secret = FAKE_TURNSTILE_SECRET } = {}): Promise<FakeTurnstile> {
  const live = new Map<string, Solved>()
  const spent = new Map<string, { key: string; solved: Solved }>()
  const requests: SiteverifyRecord[] = []
  const issued: string[] = []
  let widgetQueue: WidgetBehaviour[] = []
  let released = false
  const held = new Set<() => void>()
  let verifyBehaviour: VerifyBehaviour = 'normal'
  const hanging = new Set<ServerResponse>()

  const issueToken = ({ hostname = 'localhost', action = '' }: { hostname?: string; action?: string } = {}) => {
    const token = `fake.${randomBytes(24).toString('base64url')}`
    live.set(token, { issuedAt: new Date(), hostname, action })
    issued.push(token)
    return token
  }

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type' })
      return response.end()
    }
    if (path === '/api.js' && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
      return response.end(widgetScript(`http://${request.headers.host}`))
    }
    if (path === '/issue' && request.method === 'POST') {
      const solved = JSON.parse((await readBody(request)) || '{}') as { hostname?: string; action?: string }
      const behaviour = widgetQueue.shift() ?? 'pass'
      if (behaviour === 'hold' && !released) await new Promise<void>((resolve) => held.add(resolve))
      if (behaviour === 'pass' || behaviour === 'hold') return json(response, 200, { token: issueToken(solved) })
      return json(response, 200, { outcome: behaviour })
    }
    if (path === '/siteverify' && request.method === 'POST') {
      const raw = await readBody(request)
      const contentType = String(request.headers['content-type'] ?? '')
      const fields: Record<string, string> = contentType.includes('application/json')
        ? (JSON.parse(raw || '{}') as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw))
      requests.push({ contentType, fields })
      if (verifyBehaviour === 'hang') {
        hanging.add(response)
        return
      }
      if (verifyBehaviour === 'error') return json(response, 500, { success: false, 'error-codes': ['internal-error'] })
      const fail = (codes: string[]) => json(response, 200, { success: false, 'error-codes': codes, messages: [] })
      if (!fields.secret) return fail(['missing-input-secret'])
      if (fields.secret !== secret) return fail(['invalid-input-secret'])
      if (!fields.response) return fail(['missing-input-response'])
      const token = fields.response
      const entry = live.get(token)
      const key = fields.idempotency_key ?? ''
      if (!entry) {
        // A repeat with the same idempotency key gets the first verdict (Turnstile's documented retry).
        const first = spent.get(token)
        if (first && key && first.key === key) return json(response, 200, success(first.solved))
        return fail([spent.has(token) ? 'timeout-or-duplicate' : 'invalid-input-response'])
      }
      live.delete(token)
      spent.set(token, { key, solved: entry })
      return json(response, 200, success(entry))
    }
    json(response, 404, { error: 'not found' })
  })
  const success = (solved: Solved) => ({
    success: true,
    'error-codes': [],
    challenge_ts: solved.issuedAt.toISOString(),
    hostname: solved.hostname,
    action: solved.action,
    cdata: '',
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    verifyUrl: `${url}/siteverify`,
    scriptUrl: `${url}/api.js`,
    requests,
    issued,
    setWidget(behaviour, count = 1) {
      widgetQueue = Array.from({ length: count }, () => behaviour)
      released = false
    },
    releaseWidget() {
      released = true
      for (const resolve of held) resolve()
      held.clear()
    },
    setVerify(behaviour) {
      verifyBehaviour = behaviour
    },
    issueToken,
    async close() {
      for (const resolve of held) resolve()
      for (const r of hanging) r.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * The browser half: Cloudflare's documented `window.turnstile` surface. Render parameters are
 * recorded on `window.__turnstileRenders` so tests can check what the widget asked for.
 */
function widgetScript(origin: string): string {
  return `(() => {
  const origin = ${JSON.stringify(origin)};
  const widgets = new Map();
  let next = 0;
  window.__turnstileRenders = window.__turnstileRenders || [];
  const find = (ref) => {
    if (ref === undefined) return widgets.values().next().value;
    if (typeof ref === 'string' && widgets.has(ref)) return widgets.get(ref);
    for (const w of widgets.values()) if (w.container === ref) return w;
    return undefined;
  };
  const run = async (w) => {
    w.token = undefined;
    w.expired = false;
    const solved = JSON.stringify({ hostname: location.hostname, action: w.params.action || '' });
    const answer = await fetch(origin + '/issue', { method: 'POST', body: solved }).then((r) => r.json());
    if (!widgets.has(w.id)) return;
    if (answer.token) { w.token = answer.token; w.params.callback && w.params.callback(answer.token); return; }
    if (answer.outcome === 'timeout') { w.params['timeout-callback'] && w.params['timeout-callback'](); return; }
    w.params['error-callback'] && w.params['error-callback']('300030');
  };
  window.turnstile = {
    render(container, params) {
      const el = typeof container === 'string' ? document.querySelector(container) : container;
      if (!el) throw new Error('turnstile: container not found');
      if (!params || !params.sitekey) throw new Error('turnstile: sitekey required');
      const id = 'cf-widget-' + (++next);
      const w = { id, container: el, params };
      widgets.set(id, w);
      window.__turnstileRenders.push({ sitekey: params.sitekey, execution: params.execution, appearance: params.appearance, size: params.size, action: params.action });
      if (params.execution !== 'execute') run(w);
      return id;
    },
    execute(ref) { const w = find(ref); if (!w) throw new Error('turnstile: unknown widget'); run(w); },
    reset(ref) { const w = find(ref); if (w) { w.token = undefined; } },
    remove(ref) { const w = find(ref); if (w) widgets.delete(w.id); },
    getResponse(ref) { const w = find(ref); return w ? w.token : undefined; },
    isExpired(ref) { const w = find(ref); return Boolean(w && w.expired); },
    ready(callback) { callback(); },
  };
})();`
}

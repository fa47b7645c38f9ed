/**
 * Prometheus metrics (issue #27, point 7), served at `GET /metrics` (routes/metrics.ts) when
 * `GATEHOUSE_METRICS_TOKEN` is set; without it nothing here is created and no hook runs. One
 * registry per server (not prom-client's global one), so two servers in one process (tests) keep
 * their own counts. Labels stay bounded: the route is Fastify's pattern, never the raw URL.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { API_PREFIX } from '@gatehouse/contract/routes/prefix'
import type { PoolUse } from '../db/connect.js'
import type { WebhookQueueStats } from '../db/webhook-stats.js'

/** Where the gauges read from at each scrape. */
export interface MetricsSources {
  poolUse(): PoolUse
  webhookQueue(): Promise<WebhookQueueStats>
}

/** The login method of a login route, by its first path segment under the API prefix. */
const LOGIN_METHODS: Record<string, string> = {
  passwordless: 'email',
  passwordless_sms: 'sms',
  custom_jwt_account: 'custom_auth',
  passkeys: 'passkey',
}

/** `/api/v1/passwordless/authenticate` → 'email'; `/api/v1/siwe/authenticate` → 'siwe'. */
export function loginMethodOf(routeUrl: string): string {
  const segment = routeUrl.slice(API_PREFIX.length).split('/')[1] ?? ''
  return LOGIN_METHODS[segment] ?? segment
}

/** Requests no route matched share one label, so scanners cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched'

export class Metrics {
  readonly registry = new Registry()
  private readonly requests: Counter<'method' | 'route' | 'status'>
  private readonly duration: Histogram<'method' | 'route' | 'status'>
  private readonly logins: Counter<'method'>
  private readonly loginFailures: Counter<'method'>
  /** One read of the webhook queue per scrape, shared by its two gauges. */
  private webhookStats: Promise<WebhookQueueStats> | null = null

  constructor(private readonly sources: MetricsSources) {
    const webhook = () => this.webhookStats ?? sources.webhookQueue()
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.requests = new Counter({
      name: 'gatehouse_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    })
    this.duration = new Histogram({
      name: 'gatehouse_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    this.logins = new Counter({
      name: 'gatehouse_logins_total',
      help: 'Successful logins (sessions started), by login method',
      labelNames: ['method'],
      registers,
    })
    this.loginFailures = new Counter({
      name: 'gatehouse_login_failures_total',
      help: 'Login calls that failed (wrong code, bad signature, throttled, refused…), by login method',
      labelNames: ['method'],
      registers,
    })
    // Read at each scrape, so a scrape sees the database as it is (every instance reports the shared queue).
    new Gauge({
      name: 'gatehouse_webhook_queue_depth',
      help: 'Webhook deliveries waiting to be delivered',
      registers,
      async collect() {
        this.set((await webhook()).queued)
      },
    })
    new Gauge({
      name: 'gatehouse_webhook_delivery_failures',
      help: 'Webhook deliveries given up after every retry',
      registers,
      async collect() {
        this.set((await webhook()).failed)
      },
    })
    new Gauge({
      name: 'gatehouse_db_pool_connections',
      help: 'Database connections of this instance by state (PostgreSQL pool; SQLite has one connection: total 1)',
      labelNames: ['state'],
      registers,
      collect() {
        const use = sources.poolUse()
        this.set({ state: 'total' }, use.total)
        if (use.idle !== null) this.set({ state: 'idle' }, use.idle)
        if (use.waiting !== null) this.set({ state: 'waiting' }, use.waiting)
      },
    })
    new Gauge({
      name: 'gatehouse_db_pool_max',
      help: 'The most database connections this instance opens',
      registers,
      collect() {
        this.set(sources.poolUse().max)
      },
    })
  }

  /** An answered request (the onResponse hook). */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE
    const labels = { method: request.method, route, status: String(reply.statusCode) }
    this.requests.inc(labels)
    this.duration.observe(labels, reply.elapsedTime / 1000)
    if (request.routeOptions.config?.issuesSession) {
      const method = loginMethodOf(route)
      if (reply.statusCode < 400) this.logins.inc({ method })
      else this.loginFailures.inc({ method })
    }
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    this.webhookStats = this.sources.webhookQueue()
    try {
      return { contentType: this.registry.contentType, text: await this.registry.metrics() }
    } finally {
      this.webhookStats = null
    }
  }
}

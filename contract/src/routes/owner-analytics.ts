/**
 * The app owner's analytics (issue #27): daily series over a range of whole UTC days, for the
 * admin token, the app's own secret, or an operator who may read the app (server/services/owner-auth.ts).
 */
import { defineRoute } from './define.ts'
import { appParams } from './headers.ts'

/** The longest range one call answers, in days (both ends included). */
export const ANALYTICS_MAX_DAYS = 366
/** The range when the query names none: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30

const day = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'a UTC day, YYYY-MM-DD' } as const

/** `from` and `to`: UTC days, both included; `to` defaults to today, `from` to 29 days before `to`. */
const rangeQuery = {
  type: 'object',
  properties: {
    from: { ...day, description: 'first UTC day (YYYY-MM-DD), included' },
    to: { ...day, description: `last UTC day (YYYY-MM-DD), included; at most ${ANALYTICS_MAX_DAYS} days after from` },
  },
  additionalProperties: false,
} as const

/** Counts by a name (a login method, an event name): only names with a count on that day appear. */
const countsByName = { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } } as const
const count = { type: 'integer', minimum: 0 } as const

/** Every answer names its range and lists every day in it, oldest first (days without activity count 0). */
const series = <const D extends string, const P extends Record<string, unknown>, const R extends readonly string[], const E extends Record<string, unknown>>(
  description: D,
  dayProperties: P,
  dayRequired: R,
  extra: E,
) =>
  ({
    description,
    type: 'object',
    required: ['from', 'to', 'days', ...(Object.keys(extra) as (keyof E & string)[])],
    properties: {
      from: day,
      to: day,
      days: {
        type: 'array',
        items: {
          type: 'object',
          required: ['date', ...dayRequired],
          properties: { date: day, ...dayProperties },
          additionalProperties: false,
        },
      },
      ...extra,
    },
    additionalProperties: false,
  }) as const

const funnelStep = {
  type: 'object',
  required: ['codes_sent', 'logins'],
  properties: { codes_sent: count, logins: count },
  additionalProperties: false,
} as const

const funnelTotal = {
  type: 'object',
  required: ['codes_sent', 'logins', 'conversion'],
  properties: {
    codes_sent: count,
    logins: count,
    conversion: { type: ['number', 'null'], description: 'logins / codes_sent over the range; null when no code was sent' },
  },
  additionalProperties: false,
} as const

export const ownerAnalyticsRoutes = {
  'GET /apps/:app_id/analytics/active_users': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/analytics/active_users',
    schema: {
      summary: 'Daily active users: distinct users who logged in or refreshed a session, per UTC day (owner)',
      params: appParams,
      querystring: rangeQuery,
      response: { 200: series('Daily active users over the range', { active_users: count }, ['active_users'], {}) },
    },
  }),
  'GET /apps/:app_id/analytics/logins': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/analytics/logins',
    schema: {
      summary: 'Logins and sign-ups per login method per UTC day (owner); a sign-up counts as a login too',
      description:
        "The method is the linked account type the login proved: 'email', 'phone', 'wallet', 'passkey', 'custom_auth', 'telegram', 'farcaster', 'guest', '<provider>_oauth'.",
      params: appParams,
      querystring: rangeQuery,
      response: {
        200: series('Logins and sign-ups per method over the range', { logins: countsByName, sign_ups: countsByName }, ['logins', 'sign_ups'], {
          methods: { type: 'array', items: { type: 'string' }, description: 'every method with a login in the range, sorted' },
        }),
      },
    },
  }),
  'GET /apps/:app_id/analytics/code_funnel': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/analytics/code_funnel',
    schema: {
      summary: 'The code-login funnel per UTC day (owner): codes sent by e-mail and SMS, then logins by those codes',
      description:
        'A code sent by `passwordless/init` or `passwordless_sms/init` counts when the call succeeded (codes to link or change an address use the same calls).',
      params: appParams,
      querystring: rangeQuery,
      response: {
        200: series('Codes sent and logins by code over the range', { email: funnelStep, sms: funnelStep }, ['email', 'sms'], {
          totals: {
            type: 'object',
            required: ['email', 'sms'],
            properties: { email: funnelTotal, sms: funnelTotal },
            additionalProperties: false,
          },
        }),
      },
    },
  }),
  'GET /apps/:app_id/analytics/widget_events': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/analytics/widget_events',
    schema: {
      summary: 'The analytics events the widget sent, per event name per UTC day (owner)',
      description: 'Counted from `POST /analytics_events` (known event names only; the client is not authenticated, so these are indications, not proofs).',
      params: appParams,
      querystring: rangeQuery,
      response: { 200: series('Widget events per name over the range', { events: countsByName }, ['events'], {}) },
    },
  }),
} as const

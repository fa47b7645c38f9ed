/** SDK analytics events (spec §7: the client never retries and ignores failures); the known ones are counted per day for the app owner. */
import { defineRoute } from './define.ts'

/** The events the widget sends (src/api/analytics.ts); the server counts these names only, so the stored set stays bounded. */
export const ANALYTICS_EVENT_NAMES = [
  'sdk_initialize',
  'sdk_authenticate',
  'sdk_authenticate_siwe',
  'embedded_wallet_creation_failure_logout',
  'embedded_wallet_set_recovery_started',
  'embedded_wallet_set_recovery_completed',
  'embedded_wallet_set_recovery_failed',
  'embedded_wallet_set_password_failed',
  'embedded_wallet_recovery_started',
  'embedded_wallet_recovery_completed',
  'embedded_wallet_pinless_recovery_started',
  'embedded_wallet_key_export_completed',
  'sdk_fiat_on_ramp_started',
  'sdk_fiat_on_ramp_completed_with_status',
  'cross_app_request',
] as const

export const analyticsRoutes = {
  'POST /analytics_events': defineRoute({
    method: 'POST',
    path: '/analytics_events',
    schema: {
      summary: 'Accept an SDK analytics event (sdk_initialize, sdk_authenticate, …)',
      body: { type: 'object', properties: { event_name: { type: 'string' }, client_id: { type: ['string', 'null'] }, payload: {} } },
      response: {
        204: {
          description: 'Accepted; a known event name is counted for the app (GET /apps/:app_id/analytics/widget_events), anything else is dropped',
          type: 'null',
        },
      },
    },
  }),
} as const

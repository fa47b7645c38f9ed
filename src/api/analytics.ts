import { getAnalyticsClientId } from '../stores/storage.ts'
import { getApiClient } from './instance.ts'

export type AnalyticsEventName =
  | 'sdk_initialize'
  | 'sdk_authenticate'
  | 'sdk_authenticate_siwe'
  // Embedded wallets (spec part 2 §7)
  | 'embedded_wallet_creation_failure_logout'
  | 'embedded_wallet_set_recovery_started'
  | 'embedded_wallet_set_recovery_completed'
  | 'embedded_wallet_set_recovery_failed'
  | 'embedded_wallet_set_password_failed'
  | 'embedded_wallet_recovery_started'
  | 'embedded_wallet_recovery_completed'
  | 'embedded_wallet_pinless_recovery_started'
  | 'embedded_wallet_key_export_completed'
  // Funding (spec part 3 §7)
  | 'sdk_fiat_on_ramp_started'
  | 'sdk_fiat_on_ramp_completed_with_status'
  // Cross-app wallet requests (spec part 3 §7): status started, success or error
  | 'cross_app_request'

/**
 * Fire and forget (spec §7): no retry, failures ignored, never awaited by a flow.
 *
 * @example
 * trackEvent('sdk_authenticate', { method: 'email', isNewUser: true })
 */
export function trackEvent(eventName: AnalyticsEventName, payload: Record<string, unknown> = {}): void {
  try {
    getApiClient()
      .post(
        '/analytics_events',
        { event_name: eventName, client_id: getAnalyticsClientId(), payload: { ...payload, clientTimestamp: new Date().toISOString() } },
        { retries: 0 },
      )
      .catch(() => undefined)
  } catch {
    // Not initialized: analytics has nothing to report to.
  }
}

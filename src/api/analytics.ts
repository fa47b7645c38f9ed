import { getAnalyticsClientId } from '../stores/storage.ts'
import { getApiClient } from './instance.ts'

export type AnalyticsEventName = 'sdk_initialize' | 'sdk_authenticate' | 'sdk_authenticate_siwe'

/**
 * Fire and forget (spec §7): no retry, failures ignored, never awaited by a flow.
 *
 * @example
 * trackEvent('sdk_authenticate', { method: 'email', isNewUser: true })
 */
export function trackEvent(eventName: AnalyticsEventName, payload: Record<string, unknown> = {}): void {
  try {
    getApiClient()
      .request('/analytics_events', {
        method: 'POST',
        retries: 0,
        body: {
          event_name: eventName,
          client_id: getAnalyticsClientId(),
          payload: { ...payload, clientTimestamp: new Date().toISOString() },
        },
      })
      .catch(() => undefined)
  } catch {
    // Not initialized: analytics has nothing to report to.
  }
}

import { AuthFlowNoApiError, NotInitializedError } from '../errors/auth.ts'
import { $config } from '../stores/config.ts'
import { $session } from '../stores/session.ts'
import { getAnalyticsClientId } from '../stores/storage.ts'
import { createApiClient, type ApiClient, type ApiClientConfig } from './client.ts'

type Overrides = Pick<ApiClientConfig, 'fetch' | 'sleep' | 'timeoutMs'>
let overrides: Overrides = {}
let cached: { key: string; client: ApiClient } | null = null

/** Signs a device proof for one request (htm, htu, and `ath` for a bound session's call); null when it cannot. */
export type DeviceProofSource = (htm: string, htu: string, ath?: string) => Promise<string | null>
let deviceProofSource: DeviceProofSource | null = null

/**
 * Registers where device proofs come from (the wallet frame, src/wallets/embedded/device.ts). The
 * HTTP client knows no wallet code: the entry registers the source, as it registers post-login
 * steps; without one, requests go unproved.
 */
export function registerDeviceProof(source: DeviceProofSource): void {
  deviceProofSource = source
}

/** Lets tests (and hosts with a custom fetch) swap the transport and timers. */
export function setApiClientOverrides(next: Overrides): void {
  overrides = next
  cached = null
}

/** The client for the configured app; rebuilt when app id or API URL change. */
export function getApiClient(): ApiClient {
  const { appId, apiUrl } = $config.get()
  if (!appId) throw new NotInitializedError()
  const key = `${appId}|${apiUrl}`
  if (cached?.key !== key) {
    cached = {
      key,
      client: createApiClient({
        appId,
        apiUrl,
        clientId: getAnalyticsClientId(),
        getAccessToken: () => $session.get().tokens?.token || null,
        // Only against a server that binds sessions to devices; the registered source (the wallet frame) signs.
        deviceProof: async (htm, htu, ath) => {
          if (!$config.get().app?.deviceBoundSessions || !deviceProofSource) return null
          return deviceProofSource(htm, htu, ath)
        },
        ...overrides,
      }),
    }
  }
  return cached.client
}

/** The client for a login / link flow's first call; without an app it throws AuthFlowNoApiError. */
export function getAuthApiClient(): ApiClient {
  if (!$config.get().appId) throw new AuthFlowNoApiError()
  return getApiClient()
}

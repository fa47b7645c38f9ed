/**
 * The providers this app may connect to (`GET /apps/:app_id/cross-app/connections`) and the
 * provider tokens the requester holds, one per provider app, stored like the session's tokens.
 */
import type { RouteResponse, Routes } from '@gatehouse/contract/routes'
import { getApiClient } from '../api/instance.ts'
import { CrossAppError } from '../errors/crossApp.ts'
import { $config } from '../stores/config.ts'
import { readJson, removeKey, writeJson } from '../stores/storage.ts'
import { CROSS_APP_TEXT } from './texts.ts'

export type CrossAppConnection = RouteResponse<Routes['GET /apps/:app_id/cross-app/connections']>['connections'][number]

/** The provider's API origin: its own server, or this app's when the provider lives here. */
export function providerOrigin(connection: CrossAppConnection): string {
  return new URL(connection.provider_app_custom_api_url ?? $config.get().apiUrl).origin
}

export async function findConnection(providerAppId: string): Promise<CrossAppConnection> {
  const appId = $config.get().appId!
  const { connections } = await getApiClient().get('/apps/:app_id/cross-app/connections', { params: { app_id: appId } })
  const connection = connections.find((c) => c.provider_app_id === providerAppId)
  if (!connection) throw new CrossAppError(CROSS_APP_TEXT.invalidApp, 'CROSS_APP_INVALID_APP')
  return connection
}

export interface StoredProviderToken {
  accessToken: string
  expiresAt: number
}

const tokenKey = (appId: string, providerAppId: string) => `gatehouse:${appId}:cross-app-token:${providerAppId}`

export function storeProviderToken(providerAppId: string, accessToken: string, expiresInSeconds: number): void {
  writeJson(tokenKey($config.get().appId!, providerAppId), { accessToken, expiresAt: Date.now() + expiresInSeconds * 1000 })
}

/** The provider token for `providerAppId`, or null when none is held or it expired. */
export function readProviderToken(providerAppId: string): string | null {
  const stored = readJson<StoredProviderToken>(tokenKey($config.get().appId!, providerAppId))
  return stored && stored.expiresAt > Date.now() ? stored.accessToken : null
}

export function clearProviderToken(providerAppId: string): void {
  removeKey(tokenKey($config.get().appId!, providerAppId))
}

/**
 * localStorage access keyed per app id. Falls back to memory where localStorage is missing or
 * throws (Node tests, Safari private mode, sandboxed frames) so the widget still works per page.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const memory = new Map<string, string>()
export const memoryStorage: KeyValueStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
}

export function getStorage(): KeyValueStorage {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage
    if (storage) return storage
  } catch {
    // Access itself can throw (blocked third-party storage).
  }
  return memoryStorage
}

export const storageKeys = {
  session: (appId: string) => `gatehouse:${appId}:session`,
  recentLoginMethod: (appId: string) => `gatehouse:${appId}:recent-login-method`,
  clientId: 'gatehouse:client-id',
} as const

export function readJson<T>(key: string): T | null {
  try {
    const raw = getStorage().getItem(key)
    return raw ? (JSON.parse(raw) as T) : null
  } catch {
    return null
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    getStorage().setItem(key, JSON.stringify(value))
  } catch {
    // Quota or blocked storage: the session then lasts for this page only.
  }
}

export function removeKey(key: string): void {
  try {
    getStorage().removeItem(key)
  } catch {
    /* see writeJson */
  }
}

/** The analytics client id: a uuid generated once per browser and kept in localStorage. */
export function getAnalyticsClientId(): string {
  const storage = getStorage()
  let id: string | null = null
  try {
    id = storage.getItem(storageKeys.clientId)
  } catch {
    id = null
  }
  if (!id) {
    id = globalThis.crypto.randomUUID()
    try {
      storage.setItem(storageKeys.clientId, id)
    } catch {
      /* see writeJson */
    }
  }
  return id
}

/** 'email', 'sms', 'google', 'passkey', 'guest', 'custom', … */
export type LoginMethod = string

export function getRecentLoginMethod(appId: string): LoginMethod | null {
  try {
    return (getStorage().getItem(storageKeys.recentLoginMethod(appId)) as LoginMethod | null) ?? null
  } catch {
    return null
  }
}

export function setRecentLoginMethod(appId: string, method: LoginMethod): void {
  try {
    getStorage().setItem(storageKeys.recentLoginMethod(appId), method)
  } catch {
    /* see writeJson */
  }
}

/**
 * Light (entry chunk): once the app id is known, a stored active wallet connection is restored by
 * the manager chunk. A browser without one loads nothing, so the landing budget holds.
 */
import { $config } from '../../stores/config.ts'
import { getActiveConnection } from './storage.ts'

let armed = false

export function reconnectOnLoad(): void {
  if (armed || typeof window === 'undefined') return
  armed = true
  let done = false
  const off = $config.subscribe(({ appId, status }) => {
    if (done || !appId || status !== 'ready') return
    done = true
    queueMicrotask(() => off())
    const stored = getActiveConnection(appId)
    if (!stored) return
    void import('./restore.ts').then((m) => m.restoreStoredConnection(stored)).catch(() => undefined)
  })
}

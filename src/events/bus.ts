import type { GatehouseEventDetailMap, GatehouseEventName } from './index.ts'

/**
 * Actions announce outcomes here; every connected element re-dispatches them as DOM events.
 * A bus (not a store) because outcomes like auth-success are moments, not state.
 */
export type BusListener = <K extends GatehouseEventName>(name: K, detail: GatehouseEventDetailMap[K]) => void

const listeners = new Set<BusListener>()

export function publish<K extends GatehouseEventName>(name: K, detail: GatehouseEventDetailMap[K]): void {
  for (const listener of [...listeners]) {
    try {
      listener(name, detail)
    } catch (error) {
      // A throwing host handler must not break the flow that published.
      console.error(error)
    }
  }
}

export function subscribe(listener: BusListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

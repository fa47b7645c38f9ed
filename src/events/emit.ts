import type { GatehouseEventDetailMap, GatehouseEventName } from './index.ts'

/** Dispatches a typed CustomEvent; bubbles and composed by default so hosts can listen anywhere. */
export function emit<K extends GatehouseEventName>(
  target: EventTarget,
  name: K,
  detail: GatehouseEventDetailMap[K],
  options: Omit<CustomEventInit, 'detail'> = {},
): CustomEvent<GatehouseEventDetailMap[K]> {
  const event = new CustomEvent(name, { bubbles: true, composed: true, cancelable: false, ...options, detail })
  target.dispatchEvent(event)
  return event
}

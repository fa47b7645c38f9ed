/**
 * A method entry's click (the landing's lit-html buttons and the React overflow view alike): spec
 * §9 disables OAuth and Telegram buttons for 2 s after a click, then starts the method.
 */
import { OAUTH_METHODS, startMethod } from '../../flows/methodStarts.ts'

/** Spec §9: OAuth and Telegram buttons are disabled for 2 s after a click. */
export const DISABLE_AFTER_CLICK_MS = 2000
const disabledAfterClick = new Set([...OAUTH_METHODS, 'telegram'])

/**
 * When each method's 2 s cool-down ends. Module-level rather than a view's state, so a user who
 * clicks and comes straight Back (the entry renders again) still finds it disabled.
 */
const coolingUntil = new Map<string, number>()

/** Milliseconds left of `method`'s cool-down (0 or less: clickable). */
export const coolingLeft = (method: string): number => (coolingUntil.get(method) ?? 0) - Date.now()

/** Starts `method`, and starts its cool-down where the spec asks for one. */
export function pressMethod(method: string): void {
  if (disabledAfterClick.has(method)) coolingUntil.set(method, Date.now() + DISABLE_AFTER_CLICK_MS)
  startMethod(method)
}

/**
 * One landing entry per login method: its label (src/flows/methodLabels.ts) and what a click
 * starts (src/flows/methodStarts.ts).
 */
import { useEffect, useState } from 'react'
import { methodLabel } from '../../flows/methodLabels.ts'
import { OAUTH_METHODS, startMethod } from '../../flows/methodStarts.ts'
import { Icon } from '../../ui/Icon.tsx'

/** Spec §9: OAuth and Telegram buttons are disabled for 2 s after a click. */
export const DISABLE_AFTER_CLICK_MS = 2000
const disabledAfterClick = new Set([...OAUTH_METHODS, 'telegram'])

/**
 * When each method's 2 s cool-down ends. Module-level rather than component state, so a user who
 * clicks and comes straight Back (the entry re-mounts) still finds it disabled.
 */
const coolingUntil = new Map<string, number>()

/** A landing button for `method`. */
export function MethodEntry({ method }: { method: string; overflow?: boolean }) {
  const [, rerender] = useState(0)
  const remaining = (coolingUntil.get(method) ?? 0) - Date.now()
  const cooling = remaining > 0
  useEffect(() => {
    if (!cooling) return
    const timer = setTimeout(() => rerender((n) => n + 1), remaining)
    return () => clearTimeout(timer)
  }, [cooling])
  const onClick = () => {
    if (disabledAfterClick.has(method)) {
      coolingUntil.set(method, Date.now() + DISABLE_AFTER_CLICK_MS)
      rerender((n) => n + 1)
    }
    startMethod(method)
  }
  return (
    <button
      type="button"
      className="secondary-button method-button"
      part="secondary-button method-button"
      data-method={method}
      disabled={cooling}
      onClick={onClick}
    >
      <Icon name={method} />
      <span className="method-label">{methodLabel(method)}</span>
    </button>
  )
}

/**
 * One landing entry per login method: its label (src/flows/methodLabels.ts) and what a click
 * starts (src/flows/methodStarts.ts).
 */
import { useEffect, useState } from 'react'
import { methodLabel } from '../../flows/methodLabels.ts'
import { Icon } from '../../ui/Icon.tsx'
import { coolingLeft, DISABLE_AFTER_CLICK_MS, pressMethod } from './methodCooldown.ts'

export { DISABLE_AFTER_CLICK_MS }

/** A landing button for `method`. */
export function MethodEntry({ method }: { method: string; overflow?: boolean }) {
  const [, rerender] = useState(0)
  const remaining = coolingLeft(method)
  const cooling = remaining > 0
  useEffect(() => {
    if (!cooling) return
    const timer = setTimeout(() => rerender((n) => n + 1), remaining)
    return () => clearTimeout(timer)
  }, [cooling])
  const onClick = () => {
    pressMethod(method)
    rerender((n) => n + 1)
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

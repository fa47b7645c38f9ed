import { useLayoutEffect, useState, type RefObject } from 'react'
import { CLOSE_FALLBACK_MS, HEIGHT_TRANSITION_MS, reducedMotion, watchHeight } from './motion.ts'

export { HEIGHT_TRANSITION_MS, reducedMotion }

/**
 * Animates `dialog`'s height whenever `content` (its only child) changes size, from the height on
 * screen to the new one, instead of jumping between screens. The height is animated with the Web
 * Animations API from a ResizeObserver callback, which runs after layout and before paint: the new
 * screen never shows at its final size first. Nothing is animated under `prefers-reduced-motion`.
 */
export function useHeightTransition(dialog: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const box = dialog.current
    const inner = content.current
    if (!active || !box || !inner) return
    return watchHeight(box, inner)
  }, [active, dialog, content])
}

/**
 * Whether the dialog is still on screen: true while `open`, and after it turns false until the
 * closing animation ends (`finishClosing`, from the dialog's animationend), or at once under
 * `prefers-reduced-motion` or when `animate` is false. The modal's state and its events change when
 * the user closes it, not after the animation: only the picture lingers, inert.
 */
export function useClosingAnimation(open: boolean, animate: boolean): { shown: boolean; closing: boolean; finishClosing: () => void } {
  const [shown, setShown] = useState(open)
  if (open && !shown) setShown(true)
  if (!open && shown && (!animate || reducedMotion())) setShown(false)
  const closing = !open && shown
  useLayoutEffect(() => {
    if (!closing) return
    // animationend does not come when the animation cannot run (a hidden tab, display: none).
    const timer = setTimeout(() => setShown(false), CLOSE_FALLBACK_MS)
    return () => clearTimeout(timer)
  }, [closing])
  return { shown: open || shown, closing, finishClosing: () => setShown((now) => (closing ? false : now)) }
}

import { useLayoutEffect, useState, type RefObject } from 'react'

/** How long the dialog takes to grow or shrink to the next screen's height. */
export const HEIGHT_TRANSITION_MS = 200
/** The closing animation's length (CSS `gh-dialog-out`); past it plus this margin the dialog goes anyway. */
const CLOSE_FALLBACK_MS = 400

/** The user asked the system for less motion: no animation at all then. */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

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
    if (!active || !box || !inner || typeof ResizeObserver !== 'function') return
    let last = box.offsetHeight
    let running: Animation | null = null
    const observer = new ResizeObserver(() => {
      const from = running ? box.offsetHeight : last
      running?.cancel()
      const to = box.offsetHeight
      last = to
      if (Math.abs(to - from) < 1 || reducedMotion()) return
      box.dataset.resizing = ''
      const animation = box.animate([{ height: `${from}px` }, { height: `${to}px` }], { duration: HEIGHT_TRANSITION_MS, easing: 'ease' })
      running = animation
      const done = () => {
        if (running !== animation) return
        running = null
        delete box.dataset.resizing
      }
      animation.addEventListener('finish', done)
      animation.addEventListener('cancel', done)
    })
    observer.observe(inner)
    return () => {
      observer.disconnect()
      running?.cancel()
    }
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

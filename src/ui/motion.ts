/** The dialogs' motion without React: shared by the lit-html shell and the React hooks (dialogMotion.ts). */

/** How long the dialog takes to grow or shrink to the next screen's height. */
export const HEIGHT_TRANSITION_MS = 200
/** The closing animation's length (CSS `gh-dialog-out`); past it plus this margin the dialog goes anyway. */
export const CLOSE_FALLBACK_MS = 400

/** The user asked the system for less motion: no animation at all then. */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Animates `box`'s height whenever `inner` (its only child) changes size, from the height on
 * screen to the new one, instead of jumping between screens. The height is animated with the Web
 * Animations API from a ResizeObserver callback, which runs after layout and before paint: the new
 * screen never shows at its final size first. Nothing is animated under `prefers-reduced-motion`.
 * Returns the function that stops watching.
 */
export function watchHeight(box: HTMLElement, inner: HTMLElement): () => void {
  if (typeof ResizeObserver !== 'function') return () => {}
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
}

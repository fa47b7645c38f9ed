import { useEffect, useRef } from 'react'
import { focusStep, shownSteps, trackCardFocus } from './focus.ts'

/**
 * Rendered after a screen (inside its Suspense boundary, so it mounts once the screen's chunk is
 * in): focuses the screen when it appears, and again whenever the screen swaps its step (a new
 * `data-screen` value, as the MFA and wallet screens do without a new router entry).
 */
export function ScreenFocus() {
  const marker = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const element = marker.current
    const parent = element?.parentElement
    if (!element || !parent) return
    const standalone = Boolean(element.closest('.standalone'))
    if (standalone) trackCardFocus(element.getRootNode())
    let shown = ''
    const check = () => {
      const steps = shownSteps(parent)
      const key = steps.map((step) => step.dataset.screen).join(' ')
      if (key === shown) return
      shown = key
      if (steps.length) focusStep(steps, standalone)
    }
    check()
    const observer = new MutationObserver(check)
    observer.observe(parent, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-screen', 'style', 'hidden'] })
    return () => observer.disconnect()
  }, [])
  return <span ref={marker} hidden data-screen-focus="" />
}

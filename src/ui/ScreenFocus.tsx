import { useEffect, useRef } from 'react'
import { deepActiveElement } from './dialogFocus.tsx'
import { TITLE_ID } from './ScreenTitle.tsx'

const FIELD = 'input:not([disabled]):not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), textarea:not([disabled]), select:not([disabled])'
const CONTROL = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])'
const visible = (el: Element) => el.getClientRects().length > 0

/** Roots (the element's shadow root) whose standalone card holds, or last held, the focus. */
const usingCard = new WeakSet<Node>()
const tracked = new WeakSet<Node>()

function trackCardFocus(root: Node): void {
  if (tracked.has(root)) return
  tracked.add(root)
  root.addEventListener('focusin', () => usingCard.add(root))
  root.addEventListener('focusout', (event) => {
    const next = (event as FocusEvent).relatedTarget as Node | null
    // Focus moving to the page (not merely dropped when its control is removed) ends the use.
    if (next && next.getRootNode() !== root) usingCard.delete(root)
  })
}

/** The steps shown beside the marker: the visible `[data-screen]` elements of its parent. */
function shownSteps(marker: HTMLElement): HTMLElement[] {
  const parent = marker.parentElement
  if (!parent) return []
  return [...parent.querySelectorAll<HTMLElement>('[data-screen]')].filter(visible)
}

/**
 * Moves focus into a step that just appeared: keeps it where the step put it (an autofocused
 * field), else its first text field, else its title (focusable with tabindex -1, so a screen reader
 * reads the new screen), else its first control. Without this, the control the user pressed is
 * gone with the old screen, focus falls to the page, and Escape and Tab stop working.
 */
function focusStep(steps: HTMLElement[], standalone: boolean): void {
  const active = deepActiveElement()
  if (active && steps.some((step) => step.contains(active))) return
  // A standalone card is part of the host page: it moves focus only while the user is in it (the
  // control they pressed went with the old screen), never on the page's load or from the page.
  if (standalone && !usingCard.has(steps[0]!.getRootNode())) return
  for (const step of steps) {
    const field = [...step.querySelectorAll<HTMLElement>(FIELD)].find(visible)
    if (field) return field.focus()
  }
  for (const step of steps) {
    const title = step.querySelector<HTMLElement>(`#${TITLE_ID}`) ?? step.querySelector<HTMLElement>('h1, h2, h3')
    if (title && visible(title)) {
      if (!title.hasAttribute('tabindex')) title.tabIndex = -1
      return title.focus({ preventScroll: true })
    }
  }
  for (const step of steps) {
    const control = [...step.querySelectorAll<HTMLElement>(CONTROL)].find(visible)
    if (control) return control.focus()
  }
}

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
      const steps = shownSteps(element)
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

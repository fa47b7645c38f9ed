/**
 * Focus rules of the dialogs, without React: the lit-html shell of `<auth-modal>`
 * (src/screens/shell/) and the React hooks (dialogFocus.tsx, ScreenFocus.tsx) share them.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'
const FIELD = 'input:not([disabled]):not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), textarea:not([disabled]), select:not([disabled])'
const CONTROL = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])'
/** The dialog is labelled by the current screen's title (aria-labelledby). */
export const TITLE_ID = 'gh-screen-title'

const visible = (el: Element) => el.getClientRects().length > 0

/** The focused element, looked up through open shadow roots (document.activeElement stops at a host). */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** What Tab can reach inside `container`, in document order (hidden and disabled controls are skipped). */
export function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0 && el.tabIndex >= 0)
}

/** Roots (the element's shadow root) whose standalone card holds, or last held, the focus. */
const usingCard = new WeakSet<Node>()
const tracked = new WeakSet<Node>()

export function trackCardFocus(root: Node): void {
  if (tracked.has(root)) return
  tracked.add(root)
  root.addEventListener('focusin', () => usingCard.add(root))
  root.addEventListener('focusout', (event) => {
    const next = (event as FocusEvent).relatedTarget as Node | null
    // Focus moving to the page (not merely dropped when its control is removed) ends the use.
    if (next && next.getRootNode() !== root) usingCard.delete(root)
  })
}

/** The steps shown beside `marker`: the visible `[data-screen]` elements of its parent. */
export function shownSteps(parent: Element | null): HTMLElement[] {
  if (!parent) return []
  return [...parent.querySelectorAll<HTMLElement>('[data-screen]')].filter(visible)
}

/**
 * Moves focus into a step that just appeared: keeps it where the step put it (an autofocused
 * field), else its first text field, else its title (focusable with tabindex -1, so a screen reader
 * reads the new screen), else its first control. Without this, the control the user pressed is
 * gone with the old screen, focus falls to the page, and Escape and Tab stop working.
 */
export function focusStep(steps: HTMLElement[], standalone: boolean): void {
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

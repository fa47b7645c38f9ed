import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { deepActiveElement, focusables } from './focus.ts'

export { deepActiveElement, focusables }

/**
 * Focus for a modal dialog (WAI-ARIA dialog pattern): while `open`, focus moves into `dialog` (unless
 * a control there already took it, e.g. an autofocused input), and when it closes focus returns to
 * the element that had it when the dialog opened, if that is still on the page.
 */
export function useDialogFocus(dialog: RefObject<HTMLElement | null>, open: boolean) {
  const opener = useRef<Element | null>(null)
  const wasOpen = useRef(false)
  // Read during render, before React commits the dialog: an autofocused input would already have focus in an effect.
  if (open && !wasOpen.current) opener.current = deepActiveElement()
  wasOpen.current = open
  useEffect(() => {
    if (open) {
      const box = dialog.current
      if (box && !box.contains(deepActiveElement())) (focusables(box)[0] ?? box).focus()
      return
    }
    const previous = opener.current
    opener.current = null
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
  }, [open, dialog])
}

/**
 * Keeps Tab and Shift+Tab inside the dialog: two focusable guards around it send focus back to its
 * last or first control. Guards (rather than a keydown handler) also catch focus leaving from inside
 * a frame, such as the export frame, whose key presses never reach this document.
 */
export function FocusTrap({ dialog, children }: { dialog: RefObject<HTMLElement | null>; children: ReactNode }) {
  const to = (which: 'first' | 'last') => () => {
    const box = dialog.current
    if (!box) return
    const items = focusables(box)
    ;(which === 'first' ? items[0] : items.at(-1))?.focus() ?? box.focus()
  }
  return (
    <>
      <span tabIndex={0} className="focus-guard" data-focus-guard="start" onFocus={to('last')} />
      {children}
      <span tabIndex={0} className="focus-guard" data-focus-guard="end" onFocus={to('first')} />
    </>
  )
}

import { useStore } from '@nanostores/react'
import { useLayoutEffect } from 'react'
import type { ReadableAtom } from 'nanostores'
import { $modal, currentScreen } from '../stores/modal.ts'
import type { ScreensView } from '../stores/screensView.ts'
import { ScreenRouter } from './ScreenRouter.tsx'

export type { ScreensView }

/**
 * The React screens inside `<auth-modal>`'s dialog: every screen after the landing. The dialog
 * around them and the landing are lit-html (src/screens/shell/), so React is not needed to paint
 * the first screen. Stores are read with useStore, so a screen change renders in the same task as
 * the shell's (no frame with neither screen).
 */
export function ScreensApp({ view }: { view: ReadableAtom<ScreensView> }) {
  const { visible, litLanding, onCommit } = useStore(view)
  const modal = useStore($modal)
  useLayoutEffect(() => onCommit?.(), [])
  if (!visible) return null
  const screen = currentScreen(modal)
  // The captcha screen covers the screen that asked for a token without unmounting it:
  // status screens start their call on mount, and a remount would ask for a second token.
  const captchaOnTop = screen.name === 'captcha' && modal.stack.length > 1
  const depth = modal.stack.length - (captchaOnTop ? 1 : 0)
  const below = modal.stack[depth - 1] ?? screen
  return (
    <>
      {captchaOnTop ? <ScreenRouter screen={screen} depth={modal.stack.length} /> : null}
      {below.name === 'landing' && litLanding ? null : (
        <div style={{ display: captchaOnTop ? 'none' : 'contents' }}>
          <ScreenRouter screen={below} depth={depth} />
        </div>
      )}
    </>
  )
}

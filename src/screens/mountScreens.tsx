/**
 * The React half of `<auth-modal>`, a chunk of its own (React, react-dom, the screen router),
 * fetched by the lit-html shell after the landing paints (src/screens/shell/modalShell.ts).
 */
import type { ReadableAtom } from 'nanostores'
import { createRoot } from 'react-dom/client'
import type { ScreensView } from '../stores/screensView.ts'
import { ScreensApp } from './ScreensApp.tsx'

/** Renders the screens into `host` (a node of the shell's dialog); returns the unmount. */
export function mountScreens(host: HTMLElement, view: ReadableAtom<ScreensView>): () => void {
  const root = createRoot(host)
  root.render(<ScreensApp view={view} />)
  return () => root.unmount()
}

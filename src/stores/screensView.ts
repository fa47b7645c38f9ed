import { atom, type WritableAtom } from 'nanostores'

/** What the lit-html shell of one `<auth-modal>` tells its React half (src/screens/ScreensApp.tsx). */
export interface ScreensView {
  /** The dialog shows a screen (open, configuration and session settled, no configuration error). */
  visible: boolean
  /** The shell paints the landing itself (every landing but an inline phone input's). */
  litLanding: boolean
  /** Called once React has committed its first render. */
  onCommit?: () => void
}

/** One per element (each `<auth-modal>` has its own dialog), unlike the page-wide stores. */
export function createScreensView(): WritableAtom<ScreensView> {
  return atom<ScreensView>({ visible: false, litLanding: true })
}

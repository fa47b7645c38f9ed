/**
 * The gallery's page script (development only, never in dist/): the widget built from src/ as
 * dist/elements.js is, plus a handle on the modal's screen stack so `npm run screenshots` can show a
 * screen it does not reach by a flow, with the fixture entry of test/gallery/shots.ts. The stores
 * are the widget's own (one module graph): the screen renders exactly as it would in a flow.
 */
import '../../src/elements.ts'
import { $delegation, type DelegationRequest } from '../../src/stores/delegation.ts'
import { $modal, type ScreenEntry } from '../../src/stores/modal.ts'

declare global {
  interface Window {
    gallery: { show(entry: ScreenEntry, faces?: { delegation?: DelegationRequest }): void; current(): string }
  }
}

window.gallery = {
  /**
   * Opens the modal on `entry`, above the landing (so the header shows its back control as in a flow),
   * with the stores of `faces` filled first (test/gallery/shots.ts FACES).
   */
  show(entry, faces = {}) {
    // A request the flow would have put up: nobody answers it (the picture is all it is for).
    if (faces.delegation) $delegation.set({ ...faces.delegation, id: -1, resolve: () => {}, reject: () => {} })
    $modal.set({ open: true, stack: entry.name === 'landing' ? [entry] : [{ name: 'landing' }, entry] })
  },
  current: () => {
    const { stack } = $modal.get()
    return stack[stack.length - 1]?.name ?? 'landing'
  },
}

/** The Angular host page of the demo: one standalone component, zoneless change detection (signals). */
import { provideZonelessChangeDetection } from '@angular/core'
import { bootstrapApplication } from '@angular/platform-browser'
import { DemoComponent } from './demo.component'

// The tags come from the widget's bundle (script tags in index.html). Angular renders once they are
// defined, so its property bindings land on upgraded elements rather than on plain ones.
Promise.all(['auth-modal', 'sign-prompt', 'fund-button'].map((tag) => customElements.whenDefined(tag)))
  .then(() => bootstrapApplication(DemoComponent, { providers: [provideZonelessChangeDetection()] }))
  .catch((error: unknown) => {
    document.body.textContent = `The Angular demo failed to start: ${error instanceof Error ? error.message : String(error)}`
  })

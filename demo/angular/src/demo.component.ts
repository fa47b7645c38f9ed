/**
 * The Gatehouse tags in an Angular template, with no wrapper: CUSTOM_ELEMENTS_SCHEMA lets Angular
 * leave `<auth-modal>`, `<sign-prompt>` and `<fund-button>` to the browser. Attributes and properties
 * are bound from the component's signals; events are heard with Angular's own `(auth-success)` syntax.
 * The same DOM contract as the plain and Vue pages (buttons, data-testids), so one e2e body drives all.
 */
import { ChangeDetectionStrategy, Component, CUSTOM_ELEMENTS_SCHEMA, computed, signal } from '@angular/core'
import type { AuthModalElement, SignPromptElement, User } from 'gatehouse'

interface HostEvent {
  type: string
  detail: unknown
}

declare global {
  interface Window {
    gatehouseEvents: HostEvent[]
    demoMessage: string
  }
}

/** Filled in at serve time (demo/serve.mjs replaces the placeholders in index.html). */
const config = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="gatehouse-${name}"]`)?.content ?? ''

window.gatehouseEvents = []
// The message the page signs (also read by the end-to-end tests), as on the plain page.
window.demoMessage = 'Hello from the Gatehouse demo'

@Component({
  selector: 'gatehouse-demo',
  templateUrl: './demo.component.html',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoComponent {
  readonly appId = signal(config('app-id'))
  readonly apiUrl = signal(config('api-url'))
  readonly user = signal<User | null>(null)
  readonly wallets = signal<{ address: string; chainType: string; label: string }[]>([])
  readonly events = signal<string[]>([])
  readonly signature = signal('')
  readonly userJson = computed(() => JSON.stringify(this.user(), null, 2))
  /** The funding button funds the user's first Ethereum wallet; without one it stays disabled. */
  readonly fundAddress = computed(() => this.wallets().find((w) => w.chainType === 'ethereum')?.address ?? null)

  /** Every event the tags emit: kept for the end-to-end tests and shown to the reader. */
  record(event: Event, modal: AuthModalElement) {
    const detail = event instanceof CustomEvent ? (event.detail ?? null) : null
    window.gatehouseEvents.push({ type: event.type, detail })
    this.events.update((list) => [`${event.type} ${detail ? JSON.stringify(detail) : ''}`, ...list])
    this.user.set(modal.user ?? null)
    this.wallets.set(
      modal.wallets.map((w) => ({
        address: w.address,
        chainType: w.chainType,
        label: `${w.chainType} #${'walletIndex' in w ? w.walletIndex : '-'}: ${w.address}${'recoveryMethod' in w ? ` (recovery: ${w.recoveryMethod})` : ''}`,
      })),
    )
  }

  sign(prompt: SignPromptElement) {
    prompt.signMessage({ message: window.demoMessage }).then(
      ({ signature }) => this.signature.set(`personal_sign: ${signature}`),
      (error: { shortMessage?: string; message: string }) => this.signature.set(`personal_sign failed: ${error.shortMessage ?? error.message}`),
    )
  }
}

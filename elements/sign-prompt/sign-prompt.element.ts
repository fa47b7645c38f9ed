import { subscribe } from '../../src/events/bus.ts'
import { emit } from '../../src/events/emit.ts'
import type { SignPromptAppProps } from '../../src/screens/sign/SignPromptApp.tsx'
import type { SignPromptRoot } from '../../src/screens/sign/mountSignPrompt.tsx'
import { $signRequest } from '../../src/stores/signRequest.ts'
import { $txPrompt } from '../../src/stores/txPrompt.ts'
import { styles } from '../auth-modal/auth-modal.styles.ts'
import { installHostMethods } from '../host-method-table.ts'
import { promptDefaults } from './call-options.ts'
import { signPromptMethods, type SignPromptMethods } from './sign-prompt-methods.ts'

/** React and the prompt's screens: fetched with the first request, once per page. */
let reactChunk: Promise<typeof import('../../src/screens/sign/mountSignPrompt.tsx')> | null = null
const loadReact = () =>
  (reactChunk ??= import('../../src/screens/sign/mountSignPrompt.tsx').catch((error) => {
    reactChunk = null
    throw error
  }))

const UI_ATTRIBUTES = ['prompt-title', 'description', 'button-text', 'icon-url', 'cancellable', 'theme', 'accent-color']
/** Connected prompts in connection order: the first one renders requests. */
const connected: SignPromptElement[] = []

/**
 * Message signing with the user's embedded wallet: shows 'Sign message' with the decoded text, the
 * typed-data structure or the raw message, then signs inside the wallet frame. Shares the session
 * of `<auth-modal>` (which must be on the page). With `headless`, signs without UI. Theming: the
 * `--gh-*` properties and parts listed in src/ui/theme.ts (README 'Theming').
 *
 * @summary Sign a message with the embedded wallet, with or without a prompt.
 * @tag sign-prompt
 *
 * @attr {string} prompt-title - Title (uiOptions.title); default 'Sign message'.
 * @attr {string} description - Description (uiOptions.description); default 'Signing this message will not cost you any fees.'.
 * @attr {string} button-text - Sign button text (uiOptions.buttonText); default 'Sign and continue'.
 * @attr {string} icon-url - Icon above the title (uiOptions.iconUrl).
 * @attr {boolean} cancellable - Offer 'Not now' (uiOptions.isCancellable).
 * @attr {boolean} headless - Sign without showing the prompt.
 * @attr {'light' | 'dark'} theme - Colour scheme of the prompt (wins over the app configuration's theme); default light.
 * @attr {string} accent-color - Accent colour (wins over `--gh-accent`, which wins over the app configuration's accent).
 *
 * @event {CustomEvent<SignSuccessEventDetail>} sign-success - Signed; detail `{ method, address, signature }`.
 * @event {CustomEvent<SignErrorEventDetail>} sign-error - Failed or declined; detail `{ method, address, code, message }`.
 * @event {CustomEvent<TxSuccessEventDetail>} tx-success - A transaction confirmed here went through; detail `{ method, address, chainId, hash, signature }`.
 * @event {CustomEvent<TxErrorEventDetail>} tx-error - A transaction failed, reverted or was declined; detail `{ method, address, chainId, hash, code, message }`.
 */
export class SignPromptElement extends HTMLElement {
  static get observedAttributes(): string[] {
    return UI_ATTRIBUTES
  }

  #cleanup: (() => void)[] = []
  #props: SignPromptAppProps = { styles }
  #root: SignPromptRoot | null = null
  #loading = false

  constructor() {
    super()
    this.attachShadow({ mode: 'open' })
  }

  get headless(): boolean {
    return this.hasAttribute('headless')
  }
  set headless(value: boolean) {
    this.toggleAttribute('headless', Boolean(value))
  }

  static {
    installHostMethods(this, signPromptMethods)
  }

  connectedCallback(): void {
    connected.push(this)
    const pending = () => this.#render()
    this.#cleanup.push(
      subscribe((name, detail) => {
        if (name === 'sign-success' || name === 'sign-error' || name === 'tx-success' || name === 'tx-error') emit(this, name, detail as never)
      }),
      $signRequest.listen(pending),
      $txPrompt.listen(pending),
    )
    this.#sync()
    refreshActive()
  }

  disconnectedCallback(): void {
    connected.splice(connected.indexOf(this), 1)
    for (const stop of this.#cleanup.splice(0)) stop()
    this.#root?.unmount()
    this.#root = null
    refreshActive()
  }

  attributeChangedCallback(): void {
    this.#sync()
  }

  #sync(): void {
    this.#props = {
      ...this.#props,
      defaults: promptDefaults(this),
      theme: this.getAttribute('theme') ?? undefined,
      accentColor: this.getAttribute('accent-color') ?? undefined,
    }
    this.#render()
  }

  setActive(active: boolean): void {
    this.#props = { ...this.#props, active }
    this.#render()
  }

  /** Renders with React once it is in; fetches it when the active prompt first has a request to show. */
  #render(): void {
    if (!this.isConnected) return
    if (this.#root) return this.#root.update(this.#props)
    if (this.#loading || !this.#props.active || (!$signRequest.get() && !$txPrompt.get())) return
    this.#loading = true
    loadReact()
      .then(({ mountSignPrompt }) => {
        if (this.isConnected && !this.#root) this.#root = mountSignPrompt(this.shadowRoot!, this.#props)
      })
      .catch((error) => console.error('[gatehouse] the prompt could not load', error))
      .finally(() => (this.#loading = false))
  }
}

function refreshActive() {
  connected.forEach((element, index) => element.setActive(index === 0))
}

// The host methods' contract, implemented by ./sign-prompt-methods.ts.
export interface SignPromptElement extends SignPromptMethods {}

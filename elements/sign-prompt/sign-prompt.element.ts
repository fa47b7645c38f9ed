import { subscribe } from '../../src/events/bus.ts'
import { emit } from '../../src/events/emit.ts'
import { SignPromptApp } from '../../src/screens/sign/SignPromptApp.tsx'
import { styles } from '../auth-modal/auth-modal.styles.ts'
import { installHostMethods } from '../host-method-table.ts'
import { PROPS, RENDER, reactElement } from '../r2wc-base.ts'
import { promptDefaults } from './call-options.ts'
import { signPromptMethods, type SignPromptMethods } from './sign-prompt-methods.ts'

const R2WCBase = reactElement(SignPromptApp)

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
export class SignPromptElement extends R2WCBase {
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...UI_ATTRIBUTES]
  }

  #cleanup: (() => void) | null = null

  constructor() {
    super()
    this[PROPS].styles = styles
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

  override connectedCallback(): void {
    super.connectedCallback()
    connected.push(this)
    this.#cleanup = subscribe((name, detail) => {
      if (name === 'sign-success' || name === 'sign-error' || name === 'tx-success' || name === 'tx-error') emit(this, name, detail as never)
    })
    this.#sync()
    refreshActive()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    connected.splice(connected.indexOf(this), 1)
    this.#cleanup?.()
    refreshActive()
  }

  override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    if (UI_ATTRIBUTES.includes(name)) return this.#sync()
    super.attributeChangedCallback(name, oldValue, newValue)
  }

  #sync(): void {
    const props = this[PROPS]
    props.defaults = promptDefaults(this)
    props.theme = this.getAttribute('theme') ?? undefined
    props.accentColor = this.getAttribute('accent-color') ?? undefined
    this[RENDER]?.()
  }

  setActive(active: boolean): void {
    this[PROPS].active = active
    this[RENDER]?.()
  }
}

function refreshActive() {
  connected.forEach((element, index) => element.setActive(index === 0))
}

// The host methods' contract, implemented by ./sign-prompt-methods.ts.
export interface SignPromptElement extends SignPromptMethods {}

import { SignPromptElement } from './sign-prompt.element.ts'

export { SignPromptElement }

if (!customElements.get('sign-prompt')) customElements.define('sign-prompt', SignPromptElement)

declare global {
  interface HTMLElementTagNameMap {
    'sign-prompt': SignPromptElement
  }
}

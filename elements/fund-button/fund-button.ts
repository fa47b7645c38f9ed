import { FundButtonElement } from './fund-button.element.ts'

export { FundButtonElement }

if (!customElements.get('fund-button')) customElements.define('fund-button', FundButtonElement)

declare global {
  interface HTMLElementTagNameMap {
    'fund-button': FundButtonElement
  }
}

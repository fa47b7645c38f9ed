import { AuthModalElement } from './auth-modal.element.ts'

export { AuthModalElement }

// Guarded so two bundles (or HMR) on one page do not throw on a second define.
if (!customElements.get('auth-modal')) customElements.define('auth-modal', AuthModalElement)

declare global {
  interface HTMLElementTagNameMap {
    'auth-modal': AuthModalElement
  }
}

/**
 * The base class the React-rendered tags extend (`<auth-modal>`, `<sign-prompt>`): a React root in
 * an open shadow root, rendered with the element's props. It does what the tags used from
 * @r2wc/react-to-web-component and nothing more (string props from kebab-case attributes,
 * properties reflected to them, render on connect, unmount on disconnect), so the landing carries
 * no general attribute parser: that library's core cost about 1 KB gzip of every landing. The
 * props object and the render method keep r2wc's registry symbols (`r2wc.props`, `r2wc.render`),
 * which the element code uses for what attributes cannot say (boolean presence attributes,
 * attribute removal, props set from element code); r2wc-base.test.ts pins that contract.
 */
import { createElement, type ComponentType } from 'react'
import { createRoot, type Root } from 'react-dom/client'

export const PROPS = Symbol.for('r2wc.props')
export const RENDER = Symbol.for('r2wc.render')

export interface R2WCElement<Props> extends HTMLElement {
  connectedCallback(): void
  disconnectedCallback(): void
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void
  [PROPS]: Props & Record<string, unknown>
  [RENDER](): void
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`)

/** `component` rendered in an open shadow root, with the `props` named here parsed from their (kebab-case) attributes. */
export function reactElement<Props>(component: ComponentType<Props>, props: Record<string, 'string'> = {}) {
  const names = Object.keys(props)
  const propOf = Object.fromEntries(names.map((name) => [kebab(name), name]))

  class ReactElement extends HTMLElement {
    static get observedAttributes(): string[] {
      return Object.keys(propOf)
    }

    [PROPS]: Record<string, unknown> = {}
    // As in r2wc: an element renders from its first attribute change, connected or not yet.
    #connected = true
    #root: Root | null = null
    readonly #container: ShadowRoot

    constructor() {
      super()
      this.#container = this.attachShadow({ mode: 'open' })
      this[PROPS].container = this.#container
      for (const name of names) {
        const value = this.getAttribute(kebab(name))
        if (value) this[PROPS][name] = value
      }
    }

    connectedCallback(): void {
      this.#connected = true
      this[RENDER]()
    }

    disconnectedCallback(): void {
      this.#connected = false
      this.#root?.unmount()
      this.#root = null
    }

    // An empty or removed attribute leaves the prop as it was (r2wc's rule; the tags handle removal).
    attributeChangedCallback(name: string, _oldValue: string | null, value: string | null): void {
      const prop = propOf[name]
      if (!prop || !value) return
      this[PROPS][prop] = value
      this[RENDER]()
    }

    [RENDER](): void {
      if (!this.#connected) return
      this.#root ??= createRoot(this.#container)
      this.#root.render(createElement(component as ComponentType<any>, this[PROPS]))
    }
  }

  // Each prop is a property reflected to its attribute (undefined or null removes it).
  for (const name of names) {
    const attribute = kebab(name)
    Object.defineProperty(ReactElement.prototype, name, {
      enumerable: true,
      configurable: true,
      get(this: ReactElement) {
        return this[PROPS][name]
      },
      set(this: ReactElement, value: string | null | undefined) {
        this[PROPS][name] = value
        if (this.getAttribute(attribute) === value) return
        if (value == null) this.removeAttribute(attribute)
        else this.setAttribute(attribute, value)
      },
    })
  }

  return ReactElement as unknown as { new (): R2WCElement<Props>; readonly observedAttributes: string[] }
}

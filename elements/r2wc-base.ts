/**
 * The base class both tags extend: a React component wrapped by @r2wc/react-to-web-component, typed
 * with what r2wc keeps under registry symbols. We use those for what its attribute parsing cannot
 * do: boolean presence attributes, attribute removal and props set from element code.
 * r2wc-base.test.ts fails if an @r2wc release changes them.
 */
import r2wc from '@r2wc/react-to-web-component'
import type { ComponentType } from 'react'

export const PROPS = Symbol.for('r2wc.props')
export const RENDER = Symbol.for('r2wc.render')

export interface R2WCElement<Props> extends HTMLElement {
  connectedCallback(): void
  disconnectedCallback(): void
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void
  [PROPS]: Props & Record<string, unknown>
  [RENDER](): void
}

/** `r2wc(Component)` in an open shadow root, with `props` parsed from attributes. */
export function reactElement<Props>(component: ComponentType<Props>, props: Record<string, 'string'> = {}) {
  return r2wc(component as ComponentType<any>, { shadow: 'open', props }) as unknown as { new (): R2WCElement<Props>; readonly observedAttributes: string[] }
}

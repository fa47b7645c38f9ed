// React 19 hosts: `import type {} from 'gatehouse/react'` once (e.g. in a .d.ts of the app) types
// every Gatehouse tag in JSX. Attributes are props (kebab-case, as in markup); events have no `on…`
// props: listen with a ref (`ref.current.addEventListener('auth-success', …)`, detail typed).
// Derived from GatehouseElements (types/gatehouse.d.ts, generated from custom-elements.json).
import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { GatehouseAttributeProps, GatehouseElements } from './gatehouse.js'

export type GatehouseReactProps<Tag extends keyof GatehouseElements> = DetailedHTMLProps<
  HTMLAttributes<GatehouseElements[Tag]['element']>,
  GatehouseElements[Tag]['element']
> &
  GatehouseAttributeProps<Tag>

type GatehouseIntrinsicElements = { [Tag in keyof GatehouseElements]: GatehouseReactProps<Tag> }

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends GatehouseIntrinsicElements {}
  }
}

// React 19 hosts: `import type {} from 'gatehouse/react'` once (e.g. in a .d.ts of the app) types
// every Gatehouse tag in JSX. Attributes are props (kebab-case, as in markup); events are `on` +
// the event's name as a prop (`onauth-success={(e) => …}`, detail typed): React 19 adds such a prop
// of a custom element as an event listener. A ref listener (`ref.current.addEventListener(…)`) works too.
// Derived from GatehouseElements (types/gatehouse.d.ts, generated from custom-elements.json).
import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { GatehouseAttributeProps, GatehouseElements } from './gatehouse.js'

type EventProps<Events> = { [Name in keyof Events & string as `on${Name}`]?: (event: Events[Name]) => void }

export type GatehouseReactProps<Tag extends keyof GatehouseElements> = DetailedHTMLProps<
  HTMLAttributes<GatehouseElements[Tag]['element']>,
  GatehouseElements[Tag]['element']
> &
  GatehouseAttributeProps<Tag> &
  EventProps<GatehouseElements[Tag]['events']>

type GatehouseIntrinsicElements = { [Tag in keyof GatehouseElements]: GatehouseReactProps<Tag> }

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends GatehouseIntrinsicElements {}
  }
}

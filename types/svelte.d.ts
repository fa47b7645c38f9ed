// Svelte 5 hosts: `import type {} from 'gatehouse/svelte'` once types every Gatehouse tag in
// markup: attributes as props, events as Svelte 5 event attributes (`onauth-success={(e) => …}`).
// Derived from GatehouseElements (types/gatehouse.d.ts, generated from custom-elements.json).
import type { HTMLAttributes } from 'svelte/elements'
import type { GatehouseAttributeProps, GatehouseElements } from './gatehouse.js'

type EventAttributes<Events> = { [Name in keyof Events & string as `on${Name}`]?: (event: Events[Name]) => void }

export type GatehouseSvelteProps<Tag extends keyof GatehouseElements> = HTMLAttributes<GatehouseElements[Tag]['element']> &
  GatehouseAttributeProps<Tag> &
  EventAttributes<GatehouseElements[Tag]['events']>

type GatehouseSvelteElements = { [Tag in keyof GatehouseElements]: GatehouseSvelteProps<Tag> }

declare module 'svelte/elements' {
  interface SvelteHTMLElements extends GatehouseSvelteElements {}
}

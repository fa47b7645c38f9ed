// Vue hosts: `import type {} from 'gatehouse/vue'` once types every Gatehouse tag in templates
// (Volar reads GlobalComponents): attributes as props, events with the framework's own syntax
// (`@auth-success="(e) => e.detail.user"`). Vue must treat the tags as custom elements
// (`compilerOptions.isCustomElement: (tag) => tag.includes('-')`).
// Derived from GatehouseElements (types/gatehouse.d.ts, generated from custom-elements.json).
import type { DefineComponent } from 'vue'
import type { GatehouseAttributeProps, GatehouseElements } from './gatehouse.js'

type Emits<Events> = { [Name in keyof Events & string]: (event: Events[Name]) => void }

export type GatehouseVueComponent<Tag extends keyof GatehouseElements> = DefineComponent<
  GatehouseAttributeProps<Tag>,
  {},
  {},
  {},
  {},
  {},
  {},
  Emits<GatehouseElements[Tag]['events']>
>

type GatehouseGlobalComponents = { [Tag in keyof GatehouseElements]: GatehouseVueComponent<Tag> }

declare module 'vue' {
  interface GlobalComponents extends GatehouseGlobalComponents {}
}

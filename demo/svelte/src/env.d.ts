// Types the tags in Svelte markup (attributes and `on…` event attributes), as a host app would.
import type {} from 'gatehouse/svelte'

declare global {
  interface Window {
    /** Every event the page's handlers received, for the end-to-end tests. */
    gatehouseEvents: { type: string; detail: unknown }[]
  }
}

// Types the tags in JSX (attributes and `on…` event props), as a host app would.
import type {} from 'gatehouse/react'

declare global {
  interface Window {
    /** Every event the page's handlers received, for the end-to-end tests. */
    gatehouseEvents: { type: string; detail: unknown }[]
  }
}

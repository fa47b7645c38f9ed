import type { IconShape } from './shapes.ts'

type Icons = Record<string, IconShape>
let icons: Icons | null = null
let loading: Promise<Icons> | null = null

/** The marks, once their chunk is in (else null). */
export const loadedIcons = (): Icons | null => icons

/** The marks' chunk, fetched once for every element on the page (React's Icon and the lit-html landing alike). */
export function loadIcons(): Promise<Icons> {
  loading ??= import('./methodIcons.ts').then(
    (m) => (icons = m.ICONS),
    (error) => {
      loading = null
      throw error
    },
  )
  return loading
}

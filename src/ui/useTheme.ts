import { useStore } from '@nanostores/react'
import type { CSSProperties } from 'react'
import { $config } from '../stores/config.ts'
import { safeColor } from './theme.ts'

export interface ResolvedTheme {
  /** `data-theme` of the root: the `theme` attribute, else the app configuration's, else light. */
  theme: 'light' | 'dark'
  /** The `accent-color` attribute on the root: wins over the host's `--gh-accent`. */
  rootStyle: CSSProperties | undefined
  /** The app configuration's accent as a `:host` rule: the host's `--gh-accent` wins over it. */
  hostRule: string
}

/**
 * Where a tag's theme comes from (spec part 1: app configuration `theme` default light, accent
 * #676FFF): attribute > host CSS (`--gh-accent` on the tag) > app configuration > default. Values
 * that are not CSS colours are ignored, so a configuration cannot inject CSS.
 */
export function useTheme(theme: string | undefined, accentColor: string | undefined): ResolvedTheme {
  const { app } = useStore($config)
  const attributeAccent = safeColor(accentColor)
  const configAccent = safeColor(app?.accentColor)
  return {
    theme: theme === 'dark' || theme === 'light' ? theme : app?.theme === 'dark' ? 'dark' : 'light',
    rootStyle: attributeAccent ? ({ '--gh-accent': attributeAccent } as CSSProperties) : undefined,
    hostRule: configAccent ? `:host { --gh-accent: ${configAccent}; }` : '',
  }
}

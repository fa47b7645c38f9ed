import { useEffect, useState } from 'react'
import { Svg } from './Icon.tsx'
import { chainIconName } from './icons/chainNames.ts'
import type { IconShape } from './icons/shapes.ts'

let chainIcons: Record<string, IconShape> | null = null
let loading: Promise<Record<string, IconShape>> | null = null

/** The chain marks' chunk (src/ui/icons/chainIcons.ts), fetched once, when a chain is first shown. */
export function loadChainIcons(): Promise<Record<string, IconShape>> {
  loading ??= import('./icons/chainIcons.ts').then(
    (m) => (chainIcons = m.CHAIN_ICONS),
    (error) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** A chain outside the set, where a mark is wanted anyway (`fallback`): a plain globe, drawn in `currentColor`. */
const GENERIC_CHAIN: IconShape = {
  d: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18 M3 12h18 M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9 M12 3c-2.4 2.5-3.6 5.5-3.6 9s1.2 6.5 3.6 9',
  stroke: true,
}

/**
 * The mark of a chain (spec part 3 §9's set) beside its name; for a chain outside the set nothing,
 * or with `fallback` a generic globe (`data-chain-icon="generic"`). Decorative: the name beside it
 * says which chain. Its 16 px box is reserved at once, so the row does not move when the chunk arrives.
 */
export function ChainIcon({ chain, fallback = false }: { chain: number | 'solana'; fallback?: boolean }) {
  const name = chainIconName(chain)
  const [, loaded] = useState(0)
  useEffect(() => {
    if (!name || chainIcons) return
    let alive = true
    loadChainIcons().then(
      () => alive && loaded((n) => n + 1),
      () => {},
    )
    return () => void (alive = false)
  }, [name])
  if (!name)
    return fallback ? (
      <span className="chain-icon" part="chain-icon" aria-hidden="true" data-chain-icon="generic" data-loaded="">
        <Svg shape={GENERIC_CHAIN} size={16} />
      </span>
    ) : null
  const shape = chainIcons?.[name]
  return (
    <span className="chain-icon" part="chain-icon" aria-hidden="true" data-chain-icon={name} data-loaded={shape ? '' : undefined}>
      {shape ? <Svg shape={shape} size={16} /> : null}
    </span>
  )
}

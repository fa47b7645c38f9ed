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

/**
 * The mark of a chain (spec part 3 §9's set) beside its name; nothing for a chain outside the set.
 * Decorative: the name beside it says which chain. Its 16 px box is reserved at once, so the row
 * does not move when the chunk arrives.
 */
export function ChainIcon({ chain }: { chain: number | 'solana' }) {
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
  if (!name) return null
  const shape = chainIcons?.[name]
  return (
    <span className="chain-icon" part="chain-icon" aria-hidden="true" data-chain-icon={name} data-loaded={shape ? '' : undefined}>
      {shape ? <Svg shape={shape} size={16} /> : null}
    </span>
  )
}

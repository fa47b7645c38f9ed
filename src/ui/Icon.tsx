import { useEffect, useState } from 'react'
import { loadedIcons, loadIcons } from './icons/load.ts'
import type { IconShape } from './icons/shapes.ts'

/** An icon's SVG: decorative (aria-hidden), so the control it sits in keeps its text or label as its name. */
export function Svg({ shape, size = 20 }: { shape: IconShape; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill={shape.stroke ? 'none' : 'currentColor'}
      stroke={shape.stroke ? 'currentColor' : undefined}
      strokeWidth={shape.stroke ? 2 : undefined}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={shape.d} fillRule={shape.evenodd ? 'evenodd' : undefined} />
    </svg>
  )
}

export { loadIcons }

/**
 * The mark of a login method or wallet (`name` as in methodIcons.ts). Its box is reserved at once
 * (`.icon`, 20 px), so the control does not move when the marks' chunk arrives after the first
 * paint; a chunk that fails to load leaves the box empty, the control's text still says what it is.
 */
export function Icon({ name }: { name: string }) {
  const [, loaded] = useState(0)
  useEffect(() => {
    if (loadedIcons()) return
    let alive = true
    loadIcons().then(
      () => alive && loaded((n) => n + 1),
      () => {},
    )
    return () => void (alive = false)
  }, [])
  const shape = loadedIcons()?.[name]
  return (
    <span className="icon" aria-hidden="true" data-icon={name} data-loaded={shape ? '' : undefined}>
      {shape ? <Svg shape={shape} /> : null}
    </span>
  )
}

import { useEffect, useState, type CSSProperties } from 'react'

/**
 * The fixed layer's box as the visual viewport's (what the screen shows), while `active`. On a phone,
 * a host page wider than the screen widens the layout viewport that `position: fixed; inset: 0`
 * fills: a sheet at its bottom, or amounts at its right edge, would sit off-screen. Pinned to the
 * visual viewport (and following its resize and scroll: the keyboard, pinch zoom) the sheet stays in view.
 */
export function useVisualViewport(active: boolean): CSSProperties | undefined {
  const [box, setBox] = useState<CSSProperties | undefined>(undefined)
  useEffect(() => {
    const vv = typeof window === 'undefined' ? undefined : window.visualViewport
    if (!active || !vv) return setBox(undefined)
    const fit = () => setBox({ left: vv.offsetLeft, top: vv.offsetTop, width: vv.width, height: vv.height, right: 'auto', bottom: 'auto' })
    fit()
    vv.addEventListener('resize', fit)
    vv.addEventListener('scroll', fit)
    return () => {
      vv.removeEventListener('resize', fit)
      vv.removeEventListener('scroll', fit)
    }
  }, [active])
  return box
}

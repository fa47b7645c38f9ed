import { useCallback, useEffect, useRef } from 'react'
import type { Later } from '../flows/completion.ts'

/**
 * A `later(ms, run)` for screens: every timer it starts is cleared when the component unmounts,
 * so a screen the user left never moves the modal on.
 *
 * @example
 * const later = useLater()
 * later(TIMING.errorResetMs, () => setDigits(empty()))
 */
export function useLater(): Later {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())
  useEffect(() => {
    const pending = timers.current
    return () => {
      pending.forEach(clearTimeout)
      pending.clear()
    }
  }, [])
  return useCallback((ms, run) => {
    const id = setTimeout(() => {
      timers.current.delete(id)
      run()
    }, ms)
    timers.current.add(id)
  }, [])
}

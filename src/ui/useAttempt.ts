import { useCallback, useEffect, useRef } from 'react'

export interface Attempt {
  signal: AbortSignal
  /** False once a newer attempt started or the screen went away: its answers change nothing. */
  live: () => boolean
}

/**
 * A status screen's attempt that Retry starts over: each run gets its own abort signal, a new run
 * (or leaving the screen) aborts the one before. The first run starts when the screen mounts.
 *
 * @example
 * const attempt = useAttempt(async ({ signal, live }) => {
 *   const answer = await poll({ signal })
 *   if (live()) setStatus({ kind: 'success' })
 * })
 * <PrimaryButton onClick={attempt}>Retry</PrimaryButton>
 */
export function useAttempt(run: (attempt: Attempt) => Promise<void>): () => void {
  const current = useRef<AbortController | null>(null)
  const latest = useRef(run)
  latest.current = run
  const attempt = useCallback(() => {
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    void latest.current({ signal: controller.signal, live: () => !controller.signal.aborted })
  }, [])
  useEffect(() => {
    attempt()
    return () => current.current?.abort()
  }, [])
  return attempt
}

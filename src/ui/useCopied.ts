import { useCallback, useState } from 'react'
import type { Later } from '../flows/completion.ts'
import { useLater } from './useLater.ts'

/** Spec part 3 §7: a copy confirmation ('Copied') shows for 2 s, then the button reads as before. */
export const COPY_CONFIRMATION_MS = 2000

type Clipboard = { writeText(text: string): Promise<void> }

/**
 * Writes `text` to the clipboard; once written, marks the copy confirmed and, after
 * COPY_CONFIRMATION_MS on `later`'s clock, unconfirmed again. A refused write changes nothing.
 */
export function copyWithConfirmation(text: string, clipboard: Clipboard | undefined, setCopied: (copied: boolean) => void, later: Later): Promise<void> {
  if (!clipboard) return Promise.resolve()
  return clipboard.writeText(text).then(
    () => {
      setCopied(true)
      later(COPY_CONFIRMATION_MS, () => setCopied(false))
    },
    () => undefined,
  )
}

/**
 * `[copied, copy]` for a Copy button: `copy(text)` writes to the clipboard and `copied` is true for
 * the 2 s that follow; the reset timer is cleared when the component unmounts.
 *
 * @example
 * const [copied, copy] = useCopied()
 * <button onClick={() => copy(hash)}>{copied ? 'Copied' : 'Copy'}</button>
 */
export function useCopied(): [boolean, (text: string) => void] {
  const [copied, setCopied] = useState(false)
  const later = useLater()
  const copy = useCallback((text: string) => void copyWithConfirmation(text, navigator.clipboard, setCopied, later), [later])
  return [copied, copy]
}

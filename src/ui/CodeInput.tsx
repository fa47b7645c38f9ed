import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { CODE_LENGTH, CODE_NUMERIC_MESSAGE } from '@gatehouse/contract'

/** Spec part 2 §5: the pin input's texts (the code screen keeps 'Code should be numeric'). */
export const PIN_MESSAGES = {
  numeric: 'Passcode can only be numbers',
  length: 'Passcode must be exactly 6 numbers',
} as const

export interface CodeInputProps {
  digits: string[]
  onChange: (digits: string[]) => void
  /**
   * Called with 'Code should be numeric' when a non-digit is typed or pasted; in `pin` mode with
   * 'Passcode can only be numbers', or 'Passcode must be exactly 6 numbers' for more than the boxes hold.
   */
  onInvalid: (message: string) => void
  disabled?: boolean
  status?: 'idle' | 'submitting' | 'success' | 'error'
  /** Changing it moves focus back to the first box (after a reset). */
  resetKey?: number
  /** 'pin': the spec's pin input (MFA codes): its own texts, and overflow beyond six is an error, not cut off. */
  mode?: 'code' | 'pin'
}

/** Six single-digit boxes: typing auto-advances, Backspace goes back, a paste fills the following boxes. */
export function CodeInput({ digits, onChange, onInvalid, disabled, status = 'idle', resetKey = 0, mode = 'code' }: CodeInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([])
  const focus = (index: number) => refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus()
  useEffect(() => {
    if (resetKey > 0) focus(0)
  }, [resetKey])

  /** Writes `chars` from box `start` on (autofill and multi-character input land here too). */
  function fill(start: number, chars: string) {
    if (!/^\d*$/.test(chars)) {
      onInvalid(mode === 'pin' ? PIN_MESSAGES.numeric : CODE_NUMERIC_MESSAGE)
      return
    }
    if (mode === 'pin' && start + chars.length > CODE_LENGTH) {
      onInvalid(PIN_MESSAGES.length)
      return
    }
    const next = [...digits]
    for (let i = 0; i < chars.length && start + i < CODE_LENGTH; i++) next[start + i] = chars[i]!
    onChange(next)
    focus(start + chars.length)
  }

  function handleInput(index: number, value: string) {
    const old = digits[index] ?? ''
    // Typing over a filled box leaves old + new in the input: keep only the new character.
    const chars = old && value.length === 2 && value.includes(old) ? value.replace(old, '') : value
    if (chars === '') {
      const next = [...digits]
      next[index] = ''
      onChange(next)
      return
    }
    fill(index, chars.replace(/\s/g, ''))
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault()
      const next = [...digits]
      next[index - 1] = ''
      onChange(next)
      focus(index - 1)
    } else if (event.key === 'ArrowLeft') focus(index - 1)
    else if (event.key === 'ArrowRight') focus(index + 1)
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    const pasted = event.clipboardData.getData('text').replace(/\s/g, '')
    const text = mode === 'pin' ? pasted : pasted.slice(0, CODE_LENGTH)
    // Spec part 2 §5: a paste fills the following boxes, from the one with focus. A paste longer
    // than the boxes left is a whole code pasted into a later box: it fills from the first.
    fill(text.length > CODE_LENGTH - index && text.length <= CODE_LENGTH ? 0 : index, text)
  }

  return (
    <div className="code" part="code-input" role="group" aria-label="Confirmation code" data-status={status} data-mode={mode}>
      {Array.from({ length: CODE_LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            refs.current[index] = element
          }}
          className="code-digit"
          part="input code-digit"
          aria-label={`Digit ${index + 1}`}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus={index === 0}
          disabled={disabled}
          value={digits[index] ?? ''}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
        />
      ))}
    </div>
  )
}

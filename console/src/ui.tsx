/** Small building blocks every page uses: loading, empty and error states, the typed-confirmation dialog, a data hook. */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { ConsoleApiError } from './api.ts'

export function Loading({ what }: { what: string }) {
  return (
    <p className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </p>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state empty">{children}</p>
}

/** What went wrong, in words: the server's message, or why the server could not be reached. */
export function errorText(error: unknown): string {
  if (error instanceof ConsoleApiError) {
    if (error.code === 'missing_or_invalid_token') return 'The server did not accept your sign-in for this action.'
    return error.message
  }
  return error instanceof Error ? error.message : String(error)
}

export function ErrorNote({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div className="error" role="alert">
      <p>{errorText(error)}</p>
      {retry && (
        <button type="button" className="secondary" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  )
}

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'done'; value: T }

/** Runs `load` now and whenever `deps` change; `reload` runs it again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' })
  const [tick, setTick] = useState(0)
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    load().then(
      (value) => live && setState({ status: 'done', value }),
      (error: unknown) => live && setState({ status: 'error', error }),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick])
  return [state, useCallback(() => setTick((t) => t + 1), [])]
}

/**
 * A destructive action behind a dialog that asks to type a word (the app's or user's id): the
 * button stays disabled until it matches. Escape or Cancel closes it; focus returns to the opener.
 */
export function ConfirmDelete({
  label,
  title,
  word,
  children,
  onConfirm,
}: {
  label: string
  title: string
  word: string
  children?: ReactNode
  onConfirm: () => Promise<void>
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const id = useId()
  const open = () => {
    setTyped('')
    setError(null)
    dialog.current?.showModal()
  }
  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await onConfirm()
      dialog.current?.close()
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" className="danger" onClick={open}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={`${id}-title`}>
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault()
            if (typed === word) void confirm()
          }}
        >
          <h2 id={`${id}-title`}>{title}</h2>
          {children}
          <label htmlFor={`${id}-word`}>
            Type <strong className="mono">{word}</strong> to confirm
          </label>
          <input id={`${id}-word`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
          {error ? <ErrorNote error={error} /> : null}
          <div className="actions">
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="danger" disabled={typed !== word || busy}>
              {busy ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  )
}

export const formatDate = (value: string | number) => new Date(typeof value === 'number' ? value * 1000 : value).toLocaleString()

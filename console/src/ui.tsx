/** Small building blocks every page uses: loading, empty and error states, tables and their pager, the typed-confirmation dialog, a data hook. */
import { useCallback, useEffect, useId, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react'
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
  confirmLabel = 'Delete',
  className = 'danger',
  ariaLabel,
}: {
  label: string
  title: string
  word: string
  children?: ReactNode
  onConfirm: () => Promise<void>
  /** The dialog's confirming button (Delete, Revoke…). */
  confirmLabel?: string
  /** The opening button's class (`danger`, `danger small`). */
  className?: string
  /** The opening button's accessible name, when `label` alone is ambiguous (one per row). */
  ariaLabel?: string
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
      <button type="button" className={className} aria-label={ariaLabel} onClick={open}>
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
              {busy ? 'Working…' : confirmLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  )
}

export const formatDate = (value: string | number) => new Date(typeof value === 'number' ? value * 1000 : value).toLocaleString()

/** Saves a downloaded answer as a file of the browser. */
export function saveBlob(blob: Blob, name: string) {
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}

/**
 * A secret the server shows this once (an app secret, a webhook signing secret): read-only, with
 * a Copy button, and a Done button that forgets it. Focus moves here when it appears.
 */
export function ShownOnce({ label, secret, children, onDone }: { label: string; secret: string; children?: ReactNode; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const box = useRef<HTMLElement>(null)
  const id = useId()
  useEffect(() => box.current?.focus(), [])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }
  return (
    <section ref={box} className="card warning shown-once" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{label}</h2>
      <p>This is the only time it is shown. Copy it now and keep it somewhere safe.</p>
      {children}
      <div className="inline">
        <label htmlFor={`${id}-secret`} className="visually-hidden">
          {label}
        </label>
        <input id={`${id}-secret`} className="mono secret" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status" className="subtle">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'no' ? 'The browser refused the clipboard: select the text and copy it.' : ''}
      </p>
    </section>
  )
}

/** A status line that announces what an action did (screen readers hear it; empty until then). */
export function Said({ text, error }: { text?: string | null; error?: unknown }) {
  if (error) return <ErrorNote error={error} />
  return (
    <p role="status" className="subtle said">
      {text ?? ''}
    </p>
  )
}

/** `<input type="date">`'s day as the ISO time of that UTC midnight, plus `days`. */
export const dayStart = (day: string, days = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString()
/** A UTC day, YYYY-MM-DD, `days` from today. */
export const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * A table in a scrollable region the keyboard can reach (`label` names the region): a column header
 * per `headers` entry and, with `actions`, a last column for the rows' buttons (its header is for
 * screen readers only). The rows are the children.
 */
export function Table({ label, headers, actions = false, children }: { label: string; headers: string[]; actions?: boolean; children: ReactNode }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table>
        <thead>
          <tr>
            {headers.map((header) => (
              <th scope="col" key={header}>
                {header}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/**
 * Paging by cursor: `cursors` holds the cursor of every page seen so far (null: the first page), so
 * going back drops the last one and going on adds `next` (the answer's next_cursor; none: the last page).
 */
export function Pager({
  cursors,
  setCursors,
  next,
  labels: [back, on],
}: {
  cursors: (string | null)[]
  setCursors: Dispatch<SetStateAction<(string | null)[]>>
  next: string | null | undefined
  /** The two buttons' words: back, then on. */
  labels: [string, string]
}) {
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="secondary" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
        {back}
      </button>
      <span>Page {cursors.length}</span>
      <button type="button" className="secondary" disabled={!next} onClick={() => next && setCursors((c) => [...c, next])}>
        {on}
      </button>
    </nav>
  )
}

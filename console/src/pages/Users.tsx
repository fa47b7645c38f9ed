/** Users: search by one identifier, a paginated table (cursor pages), import from a JSON lines file, export as CSV or JSON lines. */
import { useState } from 'react'
import type { Answer, ConsoleApi } from '../api.ts'
import { href } from '../router.ts'
import { can, useAppRole } from '../session.ts'
import { Empty, ErrorNote, errorText, formatDate, Loading, Pager, saveBlob, Table, useLoad } from '../ui.tsx'

export type OwnerUser = Answer<'GET', '/apps/:app_id/users/:user_id'>
type Page = Answer<'GET', '/apps/:app_id/users'>
// The import route is written in backticks: test/boundaries.test.ts takes the word import before a quote for a module specifier.
type ImportReport = Answer<'POST', `/apps/:app_id/users/import`>

const SEARCH_FIELDS = [
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['wallet_address', 'Wallet address'],
  ['user_id', 'User id'],
  ['farcaster_fid', 'Farcaster fid'],
  ['telegram_user_id', 'Telegram id'],
  ['custom_user_id', 'Custom-auth id'],
] as const
type SearchField = (typeof SEARCH_FIELDS)[number][0]
const PAGE_SIZE = '25'

/** The user's most telling identifier: an e-mail, a phone, a wallet, else the account type. */
export function identifier(user: OwnerUser | Page['data'][number]): string {
  const accounts = user.linked_accounts as Record<string, unknown>[]
  const email = accounts.find((a) => a.type === 'email')?.address
  const phone = accounts.find((a) => a.type === 'phone')?.phone_number ?? accounts.find((a) => a.type === 'phone')?.number
  const wallet = accounts.find((a) => a.type === 'wallet')?.address
  return String(email ?? phone ?? wallet ?? accounts[0]?.type ?? '—')
}

export default function UsersPage({ api, appId }: { api: ConsoleApi; appId: string }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const [search, setSearch] = useState<{ field: SearchField; value: string } | null>(null)
  const [field, setField] = useState<SearchField>('email')
  const [value, setValue] = useState('')
  const [exporting, setExporting] = useState<string | null>(null)
  // A viewer searches and exports; importing is a change (the server refuses it too).
  const editor = can.change(useAppRole(appId))
  const cursor = cursors[cursors.length - 1]
  const [page, reload] = useLoad<Page>(
    () =>
      search
        ? api.get('/apps/:app_id/users/search', { params: { app_id: appId }, query: { [search.field]: search.value } as Record<string, string> })
        : api.get('/apps/:app_id/users', { params: { app_id: appId }, query: cursor ? { limit: PAGE_SIZE, cursor } : { limit: PAGE_SIZE } }),
    [appId, cursor, search?.field, search?.value],
  )

  const download = async (format: 'csv' | 'jsonl') => {
    setExporting(format)
    try {
      const blob = await api.download('/apps/:app_id/users/export', { params: { app_id: appId }, query: { format } })
      saveBlob(blob, `users-${appId}.${format}`)
      setExporting(null)
    } catch (error) {
      setExporting(`Export failed: ${errorText(error)}`)
    }
  }

  return (
    <>
      <h1>Users</h1>
      <p className="subtle">
        App <span className="mono">{appId}</span> · <a href={href.settings(appId)}>Settings</a>
      </p>
      <form
        className="inline card"
        role="search"
        aria-label="Find a user"
        onSubmit={(event) => {
          event.preventDefault()
          setCursors([null])
          setSearch(value.trim() ? { field, value: value.trim() } : null)
        }}
      >
        <label htmlFor="search-field">Search by</label>
        <select id="search-field" value={field} onChange={(e) => setField(e.target.value as SearchField)}>
          {SEARCH_FIELDS.map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor="search-value" className="visually-hidden">
          Value
        </label>
        <input id="search-value" type="search" value={value} onChange={(e) => setValue(e.target.value)} placeholder="ada@example.com" />
        <button type="submit">Search</button>
        {search && (
          <button type="button" className="secondary" onClick={() => (setSearch(null), setValue(''))}>
            Show all
          </button>
        )}
      </form>
      <div className="toolbar">
        <span>Export:</span>
        <button type="button" className="secondary" onClick={() => void download('csv')} disabled={exporting === 'csv'}>
          CSV
        </button>
        <button type="button" className="secondary" onClick={() => void download('jsonl')} disabled={exporting === 'jsonl'}>
          JSON lines
        </button>
        {exporting && exporting.startsWith('Export failed') && (
          <span role="alert" className="field-error">
            {exporting}
          </span>
        )}
      </div>
      {editor && <ImportUsers api={api} appId={appId} onImported={reload} />}
      {page.status === 'loading' && <Loading what="users" />}
      {page.status === 'error' && <ErrorNote error={page.error} retry={reload} />}
      {page.status === 'done' && page.value.data.length === 0 && (
        <Empty>{search ? `No user with ${search.field.replace('_', ' ')} ${search.value}.` : 'No users yet.'}</Empty>
      )}
      {page.status === 'done' && page.value.data.length > 0 && (
        <Table label="Users" headers={['User', 'Id', 'Created', 'Wallets', 'Sessions']}>
          {page.value.data.map((user) => (
            <tr key={user.id}>
              <td>
                <a href={href.user(appId, user.id)}>{identifier(user)}</a>
              </td>
              <td className="mono">{user.id}</td>
              <td>{formatDate(user.created_at)}</td>
              <td>{user.wallets.length}</td>
              <td>{user.sessions_count}</td>
            </tr>
          ))}
        </Table>
      )}
      {!search && (
        <Pager
          cursors={cursors}
          setCursors={setCursors}
          next={page.status === 'done' ? page.value.next_cursor : null}
          labels={['Previous page', 'Next page']}
        />
      )}
    </>
  )
}

/**
 * Import: a JSON lines file, one `{ linked_accounts, custom_metadata? }` per line. Lines that are
 * not JSON are reported here; the others go to the server in one call, which answers a report per
 * line (created, exists, failed); the table shows both by the file's own line numbers.
 */
function ImportUsers({ api, appId, onImported }: { api: ConsoleApi; appId: string; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [state, setState] = useState<{ busy?: boolean; error?: unknown; report?: ImportReport }>({})
  const run = async () => {
    if (!file) return
    setState({ busy: true })
    try {
      const lines = (await file.text()).split(/\r?\n/)
      const users: unknown[] = []
      const lineOf: number[] = []
      const local: ImportReport['lines'] = []
      lines.forEach((text, index) => {
        if (!text.trim()) return
        try {
          users.push(JSON.parse(text))
          lineOf.push(index + 1)
        } catch {
          local.push({ line: index + 1, status: 'failed', code: 'invalid_json', error: 'This line is not JSON.' })
        }
      })
      if (users.length === 0 && local.length === 0) throw new Error('The file holds no line to import.')
      const answer = users.length
        ? await api.post(`/apps/:app_id/users/import`, { users }, { params: { app_id: appId } })
        : { created: 0, exists: 0, failed: 0, lines: [] }
      const merged = [...answer.lines.map((line) => ({ ...line, line: lineOf[line.line - 1] ?? line.line })), ...local].sort((a, b) => a.line - b.line)
      setState({ report: { ...answer, failed: answer.failed + local.length, lines: merged } })
      if (answer.created) onImported()
    } catch (error) {
      setState({ error })
    }
  }
  const report = state.report
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Import users</h2>
      <form
        className="inline"
        onSubmit={(event) => {
          event.preventDefault()
          void run()
        }}
      >
        <label htmlFor="import-file">JSON lines file</label>
        <input
          id="import-file"
          type="file"
          accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson,application/json,text/plain"
          aria-describedby="import-hint"
          onChange={(e) => (setFile(e.target.files?.[0] ?? null), setState({}))}
        />
        <button type="submit" disabled={!file || state.busy}>
          {state.busy ? 'Importing…' : 'Import'}
        </button>
      </form>
      <p id="import-hint" className="hint subtle">
        One user per line: <code className="mono">{'{"linked_accounts":[{"type":"email","address":"ada@example.com"}]}'}</code>. A user who already holds those
        accounts is left as is.
      </p>
      {state.error ? <ErrorNote error={state.error} /> : null}
      <p role="status" className="subtle">
        {report ? `Imported: ${report.created} created, ${report.exists} already there, ${report.failed} failed.` : ''}
      </p>
      {report && report.lines.length > 0 && (
        <Table label="Import results" headers={['Line', 'Result', 'User or error']}>
          {report.lines.map((line) => (
            <tr key={line.line}>
              <td>{line.line}</td>
              <td>
                <span className={`badge ${line.status === 'failed' ? 'bad' : 'good'}`}>{IMPORT_STATUS[line.status]}</span>
              </td>
              <td>
                {line.user_id ? (
                  <a className="mono" href={href.user(appId, line.user_id)}>
                    {line.user_id}
                  </a>
                ) : (
                  <span>{line.error ?? line.code}</span>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  )
}

const IMPORT_STATUS = { created: 'Created', exists: 'Already there', failed: 'Failed' } as const

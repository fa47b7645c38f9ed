/** Users: search by one identifier, a paginated table (cursor pages), export as CSV or JSON lines. */
import { useState } from 'react'
import type { Answer, ConsoleApi } from '../api.ts'
import { href } from '../router.ts'
import { Empty, ErrorNote, errorText, formatDate, Loading, useLoad } from '../ui.tsx'

export type OwnerUser = Answer<'GET', '/apps/:app_id/users/:user_id'>
type Page = Answer<'GET', '/apps/:app_id/users'>

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
      const link = document.createElement('a')
      link.href = URL.createObjectURL(blob)
      link.download = `users-${appId}.${format}`
      link.click()
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
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
      {page.status === 'loading' && <Loading what="users" />}
      {page.status === 'error' && <ErrorNote error={page.error} retry={reload} />}
      {page.status === 'done' && page.value.data.length === 0 && (
        <Empty>{search ? `No user with ${search.field.replace('_', ' ')} ${search.value}.` : 'No users yet.'}</Empty>
      )}
      {page.status === 'done' && page.value.data.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Users">
          <table>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Id</th>
                <th scope="col">Created</th>
                <th scope="col">Wallets</th>
                <th scope="col">Sessions</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
      {!search && (
        <nav className="pager" aria-label="Pages">
          <button type="button" className="secondary" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous page
          </button>
          <span>Page {cursors.length}</span>
          <button
            type="button"
            className="secondary"
            disabled={page.status !== 'done' || !page.value.next_cursor}
            onClick={() => page.status === 'done' && page.value.next_cursor && setCursors((c) => [...c, page.value.next_cursor])}
          >
            Next page
          </button>
        </nav>
      )}
    </>
  )
}

/**
 * The app's audit log: every change an operator, the admin token or an app secret made, and the
 * security events of its users, newest first, a page at a time. Filters: who (actor type and id),
 * what (an action or a prefix such as `webhook.`), when (a range of UTC days); Export downloads
 * every matching row as JSON lines.
 */
import { AUDIT_ACTOR_TYPES } from '@gatehouse/contract/routes/owner'
import { useState } from 'react'
import type { Answer, ConsoleApi } from '../api.ts'
import { href } from '../router.ts'
import { dayStart, Empty, ErrorNote, errorText, formatDate, Loading, Pager, saveBlob, Table, useLoad } from '../ui.tsx'

type Entry = Answer<'GET', '/admin/apps/:app_id/audit-log'>['data'][number]
type ActorType = (typeof AUDIT_ACTOR_TYPES)[number]

const ACTOR_NAMES: Record<ActorType, string> = {
  admin_token: 'Admin token',
  app_secret: 'App secret',
  operator: 'Operator',
  user: 'User',
  system: 'System',
}

interface Filters {
  actorType: ActorType | ''
  actorId: string
  action: string
  from: string
  to: string
}
const NO_FILTERS: Filters = { actorType: '', actorId: '', action: '', from: '', to: '' }

/** The filters as the route's query: `since` the first day's midnight, `until` the midnight after the last day (UTC). */
function toQuery(filters: Filters): Record<string, string> {
  const query: Record<string, string> = {}
  if (filters.actorType) query.actor_type = filters.actorType
  if (filters.actorId.trim()) query.actor_id = filters.actorId.trim()
  if (filters.action.trim()) query.action = filters.action.trim()
  if (filters.from) query.since = dayStart(filters.from)
  if (filters.to) query.until = dayStart(filters.to, 1)
  return query
}

/** The row's details in one line of words (`key: value`), long values cut (the cell's 'All details' has them whole). */
function detailText(details: Entry['details']): string {
  if (!details) return ''
  return Object.entries(details)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value)
      return `${key}: ${text.length > 120 ? `${text.slice(0, 119)}…` : text}`
    })
    .join(' · ')
}

export default function AuditPage({ api, appId }: { api: ConsoleApi; appId: string }) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS)
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const [exporting, setExporting] = useState<{ busy?: boolean; error?: string }>({})
  const cursor = cursors[cursors.length - 1]
  const [page, reload] = useLoad(
    () => api.get('/admin/apps/:app_id/audit-log', { params: { app_id: appId }, query: { ...toQuery(filters), limit: '50', ...(cursor ? { cursor } : {}) } }),
    [appId, JSON.stringify(filters), cursor],
  )
  const set = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }))
  const exportRows = async () => {
    setExporting({ busy: true })
    try {
      saveBlob(await api.download('/admin/apps/:app_id/audit-log/export', { params: { app_id: appId }, query: toQuery(filters) }), `audit-log-${appId}.jsonl`)
      setExporting({})
    } catch (error) {
      setExporting({ error: `Export failed: ${errorText(error)}` })
    }
  }
  const rows = page.status === 'done' ? page.value.data : []
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS)

  return (
    <>
      <h1>Audit log</h1>
      <form
        className="card filters"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault()
          setCursors([null])
          setFilters(draft)
        }}
      >
        <div className="filter-grid">
          <div className="field">
            <label htmlFor="audit-actor-type">Actor</label>
            <select id="audit-actor-type" value={draft.actorType} onChange={(e) => set({ actorType: e.target.value as ActorType | '' })}>
              <option value="">Anyone</option>
              {AUDIT_ACTOR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ACTOR_NAMES[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="audit-actor-id">Actor id</label>
            <input id="audit-actor-id" value={draft.actorId} onChange={(e) => set({ actorId: e.target.value })} autoComplete="off" spellCheck={false} />
          </div>
          <div className="field">
            <label htmlFor="audit-action">Action</label>
            <input
              id="audit-action"
              value={draft.action}
              onChange={(e) => set({ action: e.target.value })}
              placeholder="app.update or webhook."
              aria-describedby="audit-action-hint"
              autoComplete="off"
              spellCheck={false}
            />
            <span id="audit-action-hint" className="hint subtle">
              An action, or a prefix ending in a dot
            </span>
          </div>
          <div className="field">
            <label htmlFor="audit-from">From (UTC day)</label>
            <input id="audit-from" type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => set({ from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="audit-to">To (UTC day)</label>
            <input id="audit-to" type="date" value={draft.to} min={draft.from || undefined} onChange={(e) => set({ to: e.target.value })} />
          </div>
        </div>
        <div className="actions">
          {filtered && (
            <button type="button" className="secondary" onClick={() => (setDraft(NO_FILTERS), setFilters(NO_FILTERS), setCursors([null]))}>
              Clear filters
            </button>
          )}
          <button type="submit">Apply filters</button>
        </div>
      </form>
      <div className="toolbar">
        <button type="button" className="secondary" onClick={() => void exportRows()} disabled={exporting.busy}>
          {exporting.busy ? 'Exporting…' : 'Export as JSON lines'}
        </button>
        <button type="button" className="secondary" onClick={reload}>
          Refresh
        </button>
        {exporting.error && (
          <span role="alert" className="field-error">
            {exporting.error}
          </span>
        )}
      </div>
      {page.status === 'loading' && <Loading what="the audit log" />}
      {page.status === 'error' && <ErrorNote error={page.error} retry={reload} />}
      {page.status === 'done' && rows.length === 0 && <Empty>{filtered ? 'No entry matches these filters.' : 'Nothing recorded yet.'}</Empty>}
      {rows.length > 0 && (
        <Table label="Audit log entries" headers={['When', 'Actor', 'Action', 'User', 'Details', 'From']}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatDate(row.createdAt)}</td>
              <td>
                {ACTOR_NAMES[row.actor.type]}
                {row.actor.email && (
                  <>
                    <br />
                    <span>{row.actor.email}</span>
                  </>
                )}
                {row.actor.id && (
                  <>
                    <br />
                    <span className="mono subtle">{row.actor.id}</span>
                  </>
                )}
              </td>
              <td className="mono">{row.action}</td>
              <td>
                {row.userId ? (
                  <a className="mono" href={href.user(appId, row.userId)}>
                    {row.userId}
                  </a>
                ) : (
                  '—'
                )}
              </td>
              <td className="details">
                {detailText(row.details)}
                {row.details && JSON.stringify(row.details).length > 120 && (
                  <details>
                    <summary>All details</summary>
                    <pre className="mono">{JSON.stringify(row.details, null, 2)}</pre>
                  </details>
                )}
              </td>
              <td className="mono">{row.ip ?? '—'}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager
        cursors={cursors}
        setCursors={setCursors}
        next={page.status === 'done' ? page.value.next_cursor : null}
        labels={['Newer entries', 'Older entries']}
      />
    </>
  )
}

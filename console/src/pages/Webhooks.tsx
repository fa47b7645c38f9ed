/**
 * Webhooks: the app's endpoints (create with a URL and the events it subscribes to, edit, disable,
 * delete), the signing secret (shown once on creation and rotation, with copy), a test send, and
 * each endpoint's delivery log (status, attempts, response code, latency) with replay. Payloads are
 * signed as Standard Webhooks says, so any of its verifier libraries checks them.
 */
import { WEBHOOK_EVENT_TYPES } from '@gatehouse/contract/routes/webhooks'
import { useCallback, useEffect, useId, useState } from 'react'
import type { Answer, ConsoleApi } from '../api.ts'
import { can, useAppRole } from '../session.ts'
import { ConfirmDelete, Empty, ErrorNote, formatDate, Loading, Said, ShownOnce, Table, useLoad } from '../ui.tsx'

type Endpoint = Answer<'GET', '/apps/:app_id/webhooks'>['endpoints'][number]
type Delivery = Answer<'GET', '/apps/:app_id/webhooks/:endpoint_id/deliveries'>['deliveries'][number]
type EventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** How often an open delivery log asks again while a delivery is still pending. */
const PENDING_POLL_MS = 3000

export default function WebhooksPage({ api, appId }: { api: ConsoleApi; appId: string }) {
  const [endpoints, reload] = useLoad(() => api.get('/apps/:app_id/webhooks', { params: { app_id: appId } }), [appId])
  const [secret, setSecret] = useState<{ label: string; secret: string; url: string } | null>(null)
  const list = endpoints.status === 'done' ? endpoints.value.endpoints : []
  // A viewer reads the endpoints and their deliveries; owners and admins change them, only owners rotate secrets (as the server decides).
  const role = useAppRole(appId)
  const editor = can.change(role)
  return (
    <>
      <h1>Webhooks</h1>
      <p className="subtle">
        Your backend learns what happens to users as it happens: each event is POSTed to the endpoints that subscribe to it, signed as the Standard Webhooks
        specification says (<code className="mono">webhook-id</code>, <code className="mono">webhook-timestamp</code>,{' '}
        <code className="mono">webhook-signature</code>), and retried with back-off for about a day.
      </p>
      {secret && (
        <ShownOnce label={secret.label} secret={secret.secret} onDone={() => setSecret(null)}>
          <p>
            Verify deliveries to <span className="mono">{secret.url}</span> with this signing secret.
          </p>
        </ShownOnce>
      )}
      {editor ? (
        <section className="card" aria-labelledby="add-endpoint-title">
          <h2 id="add-endpoint-title">Add an endpoint</h2>
          <EndpointForm
            submitLabel="Add endpoint"
            onSubmit={async (fields) => {
              const created = await api.post('/apps/:app_id/webhooks', fields, { params: { app_id: appId } })
              setSecret({ label: 'Signing secret of the new endpoint', secret: created.secret, url: created.url })
              reload()
            }}
          />
        </section>
      ) : (
        <p role="note" className="subtle">
          Your role lets you read the endpoints and their deliveries: an owner or admin can change them.
        </p>
      )}
      <h2>Endpoints</h2>
      {endpoints.status === 'loading' && <Loading what="endpoints" />}
      {endpoints.status === 'error' && <ErrorNote error={endpoints.error} retry={reload} />}
      {endpoints.status === 'done' && list.length === 0 && <Empty>{editor ? 'No endpoint yet: add one above.' : 'No endpoint yet.'}</Empty>}
      {list.map((endpoint) => (
        <EndpointCard
          key={endpoint.id}
          api={api}
          appId={appId}
          endpoint={endpoint}
          editor={editor}
          owner={can.own(role)}
          onChanged={reload}
          onSecret={(value) => setSecret({ label: 'New signing secret', secret: value, url: endpoint.url })}
        />
      ))}
    </>
  )
}

interface EndpointFields {
  url: string
  description: string
  events: EventType[]
}

/** URL, description and the events, as a new endpoint or an edit of one; the server's refusal is shown beside the form. */
function EndpointForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: EndpointFields
  submitLabel: string
  onSubmit: (fields: EndpointFields) => Promise<void>
  onCancel?: () => void
}) {
  const id = useId()
  const [url, setUrl] = useState(initial?.url ?? '')
  const [description, setDescription] = useState(initial?.description ?? '')
  const [events, setEvents] = useState<Set<EventType>>(new Set(initial?.events ?? ['user.created']))
  const [state, setState] = useState<{ busy?: boolean; error?: unknown }>({})
  const toggle = (event: EventType, on: boolean) =>
    setEvents((current) => {
      const next = new Set(current)
      if (on) next.add(event)
      else next.delete(event)
      return next
    })
  return (
    <form
      onSubmit={async (e) => {
        e.preventDefault()
        if (!events.size) return setState({ error: new Error('Choose at least one event.') })
        setState({ busy: true })
        try {
          await onSubmit({ url: url.trim(), description, events: WEBHOOK_EVENT_TYPES.filter((t) => events.has(t)) })
          setState({})
          if (!initial) (setUrl(''), setDescription(''))
        } catch (error) {
          setState({ error })
        }
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-url`}>Endpoint URL</label>
        <input
          id={`${id}-url`}
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://api.example.com/webhooks/gatehouse"
          aria-describedby={`${id}-url-hint`}
        />
        <span id={`${id}-url-hint`} className="hint subtle">
          https:// (http:// only while the server runs in development)
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <input id={`${id}-description`} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <fieldset className="group events">
        <legend>Events</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <div className="checkbox" key={event}>
            <input id={`${id}-${event}`} type="checkbox" checked={events.has(event)} onChange={(e) => toggle(event, e.target.checked)} />
            <label htmlFor={`${id}-${event}`} className="mono">
              {event}
            </label>
          </div>
        ))}
      </fieldset>
      {state.error ? <ErrorNote error={state.error} /> : null}
      <div className="actions">
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" disabled={state.busy}>
          {state.busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  )
}

function EndpointCard({
  api,
  appId,
  endpoint,
  editor,
  owner,
  onChanged,
  onSecret,
}: {
  api: ConsoleApi
  appId: string
  endpoint: Endpoint
  editor: boolean
  owner: boolean
  onChanged: () => void
  onSecret: (secret: string) => void
}) {
  const id = useId()
  const params = { app_id: appId, endpoint_id: endpoint.id }
  const [editing, setEditing] = useState(false)
  const [showLog, setShowLog] = useState(false)
  const [said, setSaid] = useState<{ text?: string; error?: unknown }>({})
  const [busy, setBusy] = useState<string | null>(null)
  const [logTick, setLogTick] = useState(0)
  const act = async (what: string, run: () => Promise<string | void>) => {
    setBusy(what)
    setSaid({})
    try {
      const text = await run()
      setSaid({ text: text ?? undefined })
    } catch (error) {
      setSaid({ error })
    } finally {
      setBusy(null)
    }
  }
  return (
    <article className="card endpoint" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="mono">
        {endpoint.url}
      </h3>
      <p>
        <span className={`badge ${endpoint.enabled ? 'good' : 'bad'}`}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</span>
        {endpoint.description && <span> {endpoint.description}</span>}
      </p>
      {endpoint.disabledReason && <p className="warning">Disabled by the server: {endpoint.disabledReason}</p>}
      {endpoint.failingSince && <p className="warning">Every delivery has failed since {formatDate(endpoint.failingSince)}.</p>}
      {endpoint.previousSecretExpiresAt && (
        <p className="subtle">The previous secret still signs beside the new one until {formatDate(endpoint.previousSecretExpiresAt)}.</p>
      )}
      <p className="subtle">
        Events: <span className="mono">{endpoint.events.join(', ')}</span>
      </p>
      {editing ? (
        <EndpointForm
          initial={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
          submitLabel="Save endpoint"
          onCancel={() => setEditing(false)}
          onSubmit={async (fields) => {
            await api.patch('/apps/:app_id/webhooks/:endpoint_id', fields, { params })
            setEditing(false)
            onChanged()
          }}
        />
      ) : (
        <div className="toolbar">
          {editor && (
            <button type="button" className="secondary" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
          {editor && (
            <button
              type="button"
              className="secondary"
              disabled={busy !== null}
              onClick={() =>
                void act('enable', async () => {
                  await api.patch('/apps/:app_id/webhooks/:endpoint_id', { enabled: !endpoint.enabled }, { params })
                  onChanged()
                })
              }
            >
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </button>
          )}
          {editor && (
            <button
              type="button"
              className="secondary"
              disabled={busy !== null}
              onClick={() =>
                void act('test', async () => {
                  const delivery = await api.post('/apps/:app_id/webhooks/:endpoint_id/test', undefined, { params })
                  setLogTick((t) => t + 1)
                  return delivery.status === 'succeeded'
                    ? `Test delivered: the endpoint answered ${delivery.lastStatusCode} in ${delivery.lastLatencyMs} ms.`
                    : `Test failed: ${delivery.lastError ?? `the endpoint answered ${delivery.lastStatusCode}`}.`
                })
              }
            >
              {busy === 'test' ? 'Sending…' : 'Send test'}
            </button>
          )}
          {owner && (
            <button
              type="button"
              className="secondary"
              disabled={busy !== null}
              onClick={() =>
                void act('rotate', async () => {
                  const rotated = await api.post('/apps/:app_id/webhooks/:endpoint_id/rotate_secret', undefined, { params })
                  onSecret(rotated.secret)
                  onChanged()
                })
              }
            >
              Rotate secret
            </button>
          )}
          <button type="button" className="secondary" aria-expanded={showLog} aria-controls={`${id}-log`} onClick={() => setShowLog((s) => !s)}>
            {showLog ? 'Hide deliveries' : 'Show deliveries'}
          </button>
          {editor && (
            <ConfirmDelete
              label="Delete"
              ariaLabel={`Delete the endpoint ${endpoint.url}`}
              title="Delete this endpoint?"
              word="delete"
              onConfirm={async () => {
                await api.delete('/apps/:app_id/webhooks/:endpoint_id', { params })
                onChanged()
              }}
            >
              <p>
                <span className="mono">{endpoint.url}</span> receives nothing more, and its delivery log is deleted with it.
              </p>
            </ConfirmDelete>
          )}
        </div>
      )}
      <Said text={said.text} error={said.error} />
      <div id={`${id}-log`}>{showLog && <DeliveryLog api={api} appId={appId} endpoint={endpoint} editor={editor} tick={logTick} />}</div>
    </article>
  )
}

const STATUS_NAMES = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' } as const

/** The endpoint's deliveries, newest first, a page at a time; asks again while one is pending. */
function DeliveryLog({ api, appId, endpoint, editor, tick }: { api: ConsoleApi; appId: string; endpoint: Endpoint; editor: boolean; tick: number }) {
  const params = { app_id: appId, endpoint_id: endpoint.id }
  const [rows, setRows] = useState<Delivery[] | null>(null)
  const [next, setNext] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [said, setSaid] = useState<{ text?: string; error?: unknown }>({})
  const [refresh, setRefresh] = useState(0)
  const load = useCallback(
    async (cursor: string | null) => {
      const page = await api.get('/apps/:app_id/webhooks/:endpoint_id/deliveries', {
        params,
        query: cursor ? { limit: '20', cursor } : { limit: '20' },
      })
      return page
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, appId, endpoint.id],
  )
  useEffect(() => {
    let live = true
    load(null).then(
      (page) => {
        if (!live) return
        setRows(page.deliveries)
        setNext(page.nextCursor)
        setError(null)
      },
      (caught: unknown) => live && setError(caught),
    )
    return () => {
      live = false
    }
  }, [load, tick, refresh])
  const pending = rows?.some((row) => row.status === 'pending') ?? false
  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => setRefresh((r) => r + 1), PENDING_POLL_MS)
    return () => clearTimeout(timer)
  }, [pending, rows])
  const replay = async (delivery: Delivery) => {
    setSaid({})
    try {
      await api.post('/apps/:app_id/webhooks/:endpoint_id/deliveries/:delivery_id/replay', undefined, { params: { ...params, delivery_id: delivery.id } })
      setSaid({ text: `${delivery.eventType} queued again.` })
      setRefresh((r) => r + 1)
    } catch (caught) {
      setSaid({ error: caught })
    }
  }
  return (
    <section aria-label={`Deliveries to ${endpoint.url}`} className="deliveries">
      <div className="toolbar">
        <h4>Delivery log</h4>
        <button type="button" className="secondary small" onClick={() => setRefresh((r) => r + 1)}>
          Refresh
        </button>
      </div>
      {error ? <ErrorNote error={error} retry={() => setRefresh((r) => r + 1)} /> : null}
      {!error && rows === null && <Loading what="deliveries" />}
      {rows && rows.length === 0 && <Empty>Nothing delivered yet.</Empty>}
      {rows && rows.length > 0 && (
        <Table label={`Delivery log of ${endpoint.url}`} headers={['Event', 'Status', 'Attempts', 'Response', 'Latency', 'Created']} actions={editor}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <span className="mono">{row.eventType}</span>
                {row.round > 0 && <span className="subtle"> (replay {row.round})</span>}
              </td>
              <td>
                <span className={`badge ${row.status === 'succeeded' ? 'good' : row.status === 'failed' ? 'bad' : ''}`}>{STATUS_NAMES[row.status]}</span>
                {row.lastError && <span className="subtle"> {row.lastError}</span>}
              </td>
              <td>{row.attempts}</td>
              <td>{row.lastStatusCode ?? '—'}</td>
              <td>{row.lastLatencyMs === null ? '—' : `${row.lastLatencyMs} ms`}</td>
              <td>{formatDate(row.createdAt)}</td>
              {editor && (
                <td>
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`Replay ${row.eventType} of ${formatDate(row.createdAt)}`}
                    onClick={() => void replay(row)}
                  >
                    Replay
                  </button>
                </td>
              )}
            </tr>
          ))}
        </Table>
      )}
      {next && (
        <button
          type="button"
          className="secondary"
          onClick={() =>
            void load(next).then(
              (page) => (setRows((r) => [...(r ?? []), ...page.deliveries]), setNext(page.nextCursor)),
              (caught: unknown) => setError(caught),
            )
          }
        >
          Load older deliveries
        </button>
      )}
      <Said text={said.text} error={said.error} />
    </section>
  )
}

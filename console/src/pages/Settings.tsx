/**
 * App settings: every field of the one app-config schema (`appUpdateSchema`), grouped as
 * settings-groups.ts says, validated as you type with the schema the server validates with (Ajv,
 * like Fastify), with the server's own error shown beside its field. A live `<auth-modal>` preview
 * (preview.html in an iframe) follows every change. Leaving with unsaved changes asks first.
 * Loaded on demand: the first page does not carry Ajv or the schema.
 */
import { appUpdateSchema, LOGIN_METHODS } from '@gatehouse/contract/routes/app-config'
import Ajv from 'ajv'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ConsoleApiError, type Answer, type ConsoleApi } from '../api.ts'
import { href, useLeaveGuard } from '../router.ts'
import { can, useAppRole } from '../session.ts'
import { groupsFor } from '../settings-groups.ts'
import { ErrorNote, Loading, useLoad } from '../ui.tsx'
import { RecoveryOAuthField } from './RecoveryOAuthField.tsx'
import { SchemaField, type Errors } from './SchemaField.tsx'

type AdminApp = Answer<'GET', '/admin/apps/:app_id'>
type Draft = Record<string, unknown>

const properties = appUpdateSchema.properties as unknown as Record<string, Parameters<typeof SchemaField>[0]['schema']>
const KEYS = Object.keys(properties)
const GROUPS = groupsFor(KEYS)
const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(appUpdateSchema)

/** The fields of the form: the admin view's values of the schema's keys. */
const editable = (app: AdminApp): Draft => Object.fromEntries(KEYS.filter((k) => k in app).map((k) => [k, (app as Record<string, unknown>)[k]]))

/** The top-level fields whose value differs from the stored app: what a save sends. */
function changes(saved: Draft, draft: Draft): Draft {
  return Object.fromEntries(Object.entries(draft).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(saved[k])))
}

function schemaErrors(patch: Draft): Errors {
  if (validate(patch)) return {}
  const errors: Errors = {}
  for (const e of validate.errors ?? []) {
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.')
    if (path && !errors[path]) errors[path] = `Must ${e.message?.replace(/^must /, '') ?? 'be valid'}`
  }
  return errors
}

export default function SettingsPage({ api, appId }: { api: ConsoleApi; appId: string }) {
  const [loaded, reload] = useLoad(() => api.get('/admin/apps/:app_id', { params: { app_id: appId } }), [appId])
  if (loaded.status === 'loading') return <Loading what="the app's settings" />
  if (loaded.status === 'error') return <ErrorNote error={loaded.error} retry={reload} />
  return <SettingsForm api={api} app={loaded.value} />
}

function SettingsForm({ api, app }: { api: ConsoleApi; app: AdminApp }) {
  // A viewer sees every field disabled and no Save (the server refuses their changes too).
  const readOnly = !can.change(useAppRole(app.id))
  const [saved, setSaved] = useState<Draft>(() => editable(app))
  const [draft, setDraft] = useState<Draft>(saved)
  const [serverErrors, setServerErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<unknown>(null)
  const [saving, setSaving] = useState(false)
  const [notice, setNotice] = useState('')
  const patch = useMemo(() => changes(saved, draft), [saved, draft])
  const dirty = Object.keys(patch).length > 0
  const localErrors = useMemo(() => schemaErrors(patch), [patch])
  const errors = { ...serverErrors, ...localErrors }
  const invalid = Object.keys(localErrors).length > 0

  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  useLeaveGuard(useCallback(() => dirtyRef.current, []))

  const change = (key: string, value: unknown) => {
    setNotice('')
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path !== key && !path.startsWith(`${key}.`))))
    setDraft((current) => {
      const next = { ...current }
      if (value === undefined) delete next[key]
      else next[key] = value
      return next
    })
  }

  const save = async () => {
    setSaving(true)
    setFormError(null)
    setServerErrors({})
    try {
      const answer = await api.patch('/admin/apps/:app_id', patch as never, { params: { app_id: app.id } })
      const fresh = editable(answer)
      setSaved(fresh)
      setDraft(fresh)
      setNotice('Saved.')
    } catch (error) {
      const field = error instanceof ConsoleApiError ? error.field : null
      if (field) setServerErrors({ [field]: error instanceof Error ? error.message : String(error) })
      setFormError(error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <h1>
        Settings of <span className="app-name">{String(draft.name ?? app.name)}</span>
      </h1>
      <p className="subtle">
        App id <span className="mono">{app.id}</span> · <a href={href.users(app.id)}>Users</a>
      </p>
      <div className="settings">
        <form
          className="settings-form"
          aria-label="App settings"
          onSubmit={(event) => {
            event.preventDefault()
            if (dirty && !invalid) void save()
          }}
        >
          <nav aria-label="Setting groups" className="group-nav">
            <ul>
              {GROUPS.map((g) => (
                <li key={g.id}>
                  <a
                    href={`#${href.settings(app.id).slice(1)}`}
                    onClick={(e) => {
                      e.preventDefault()
                      const section = document.getElementById(`group-${g.id}`)
                      section?.scrollIntoView()
                      section?.focus()
                    }}
                  >
                    {g.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {readOnly && (
            <p className="card notice" role="note">
              You can view this app&apos;s settings; an owner or admin can change them.
            </p>
          )}
          <fieldset className="bare" disabled={readOnly}>
            <legend className="visually-hidden">Settings</legend>
            {GROUPS.map((group) => (
              <section key={group.id} id={`group-${group.id}`} aria-labelledby={`group-${group.id}-title`} className="card" tabIndex={-1}>
                <h2 id={`group-${group.id}-title`}>{group.title}</h2>
                {group.id === 'login' && <LoginOrder draft={draft} onChange={change} />}
                {group.keys
                  .filter((key) => key !== 'loginMethodsAndOrder')
                  .map((key) =>
                    key === 'recoveryOAuth' ? (
                      <RecoveryOAuthField key={key} value={draft[key]} errors={serverErrors} onChange={(v) => change(key, v)} />
                    ) : (
                      <SchemaField
                        key={key}
                        name={key}
                        path={key}
                        schema={properties[key]!}
                        value={draft[key]}
                        errors={errors}
                        onChange={(v) => change(key, v)}
                      />
                    ),
                  )}
              </section>
            ))}
          </fieldset>
          {!readOnly && (
            <div className="save-bar" role="region" aria-label="Save changes">
              {formError ? <ErrorNote error={formError} /> : null}
              <p role="status" className="subtle">
                {notice || (dirty ? (invalid ? 'Fix the fields marked above to save.' : 'Unsaved changes.') : 'No changes.')}
              </p>
              <button
                type="button"
                className="secondary"
                disabled={!dirty || saving}
                onClick={() => (setDraft(saved), setServerErrors({}), setFormError(null))}
              >
                Discard
              </button>
              <button type="submit" disabled={!dirty || invalid || saving}>
                {saving ? 'Saving…' : 'Save changes'}
              </button>
            </div>
          )}
        </form>
        <Preview appId={app.id} draft={draft} />
      </div>
    </>
  )
}

/** The enabled login methods in the order the landing screen shows them; move one up or down. */
function LoginOrder({ draft, onChange }: { draft: Draft; onChange: (key: string, value: unknown) => void }) {
  const enabled = LOGIN_METHODS.filter((m) => (draft.loginMethods as Record<string, boolean> | undefined)?.[m])
  const stored = (draft.loginMethodsAndOrder as { primary?: string[] } | null | undefined)?.primary ?? []
  const order = [...stored.filter((m) => (enabled as readonly string[]).includes(m)), ...enabled.filter((m) => !stored.includes(m))]
  const move = (index: number, by: number) => {
    const next = [...order]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item!)
    const overflow = (draft.loginMethodsAndOrder as { overflow?: string[] } | null | undefined)?.overflow
    onChange('loginMethodsAndOrder', overflow ? { primary: next, overflow } : { primary: next })
  }
  if (order.length < 2) return null
  return (
    <div className="field">
      <h3 id="login-order-title">Order on the landing screen</h3>
      <ol className="order" aria-labelledby="login-order-title">
        {order.map((method, i) => (
          <li key={method}>
            <span>{method}</span>
            <button type="button" className="secondary small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${method} up`}>
              ↑
            </button>
            <button type="button" className="secondary small" disabled={i === order.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${method} down`}>
              ↓
            </button>
          </li>
        ))}
      </ol>
    </div>
  )
}

/** The live preview: the real `<auth-modal>` of this app in a frame, fed the unsaved draft. */
function Preview({ appId, draft }: { appId: string; draft: Draft }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (ready) frame.current?.contentWindow?.postMessage({ type: 'gatehouse-console-draft', draft }, location.origin)
  }, [draft, ready])
  return (
    <aside className="preview" aria-label="Live preview">
      <h2>Preview</h2>
      <iframe
        ref={frame}
        title="Live preview of the login modal"
        src={`preview.html?app_id=${encodeURIComponent(appId)}`}
        onLoad={() => setReady(true)}
        tabIndex={-1}
      />
    </aside>
  )
}

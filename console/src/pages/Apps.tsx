/** Apps: the list, a create form, and delete behind a typed confirmation. */
import { useState } from 'react'
import type { ConsoleApi } from '../api.ts'
import { href, navigate } from '../router.ts'
import { can, refreshRoles, useSession } from '../session.ts'
import { ConfirmDelete, Empty, ErrorNote, formatDate, Loading, Table, useLoad } from '../ui.tsx'

export function AppsPage({ api }: { api: ConsoleApi }) {
  const [apps, reload] = useLoad(() => api.get('/admin/apps'), [])
  // Creating an app is a server owner's (and its creator then owns it); the list is the operator's own apps.
  const { me } = useSession()
  const mayCreate = Boolean(me?.serverOwner)
  const [name, setName] = useState('')
  const [creating, setCreating] = useState(false)
  const [createError, setCreateError] = useState<unknown>(null)

  const create = async () => {
    setCreating(true)
    setCreateError(null)
    try {
      const app = await api.post('/admin/apps', { name: name.trim(), loginMethods: { email: true } })
      await refreshRoles()
      navigate(href.settings(app.id))
    } catch (error) {
      setCreateError(error)
    } finally {
      setCreating(false)
    }
  }

  return (
    <>
      <h1>Apps</h1>
      {mayCreate && (
        <section aria-labelledby="create-title" className="card">
          <h2 id="create-title">Create an app</h2>
          <form
            className="inline"
            onSubmit={(event) => {
              event.preventDefault()
              if (name.trim()) void create()
            }}
          >
            <label htmlFor="new-app-name">Name</label>
            <input id="new-app-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
            <button type="submit" disabled={creating || !name.trim()}>
              {creating ? 'Creating…' : 'Create app'}
            </button>
          </form>
          {createError ? <ErrorNote error={createError} /> : null}
        </section>
      )}
      <section aria-labelledby="list-title">
        <h2 id="list-title">Your apps</h2>
        {apps.status === 'loading' && <Loading what="apps" />}
        {apps.status === 'error' && <ErrorNote error={apps.error} retry={reload} />}
        {apps.status === 'done' && apps.value.data.length === 0 && (
          <Empty>{mayCreate ? 'No apps yet: create the first one above.' : 'You hold no role in any app yet: ask an owner of the app to invite you.'}</Empty>
        )}
        {apps.status === 'done' && apps.value.data.length > 0 && (
          <Table label="Apps" headers={['Name', 'App id', 'Your role', 'Created']} actions>
            {apps.value.data.map((app) => (
              <tr key={app.id}>
                <td>
                  <a href={href.settings(app.id)}>{app.name}</a>
                  {app.reserved && <span className="badge">console</span>}
                </td>
                <td className="mono">{app.id}</td>
                <td className="role">{app.role ?? '—'}</td>
                <td>{formatDate(app.createdAt)}</td>
                <td className="row-actions">
                  <a href={href.users(app.id)}>Users</a>
                  <a href={href.operators(app.id)}>Operators</a>
                  {!app.reserved && can.own(app.role) && (
                    <ConfirmDelete
                      label={`Delete ${app.name}`}
                      title={`Delete the app ${app.name}?`}
                      word={app.id}
                      onConfirm={async () => {
                        await api.delete('/admin/apps/:app_id', { params: { app_id: app.id }, query: { confirm: app.id } })
                        reload()
                      }}
                    >
                      <p>Its users, their sessions and the server's shares of their embedded wallets are deleted with it. This cannot be undone.</p>
                    </ConfirmDelete>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </>
  )
}

/**
 * App secrets: the app's backend authenticates with one (`Authorization: Basic base64(appId:secret)`).
 * Create shows the new secret once, with copy; several live at once, so Rotate creates the next one
 * and, once the backend runs with it, revokes the old. Each row shows when it was last used.
 */
import { useState } from 'react'
import type { Answer, ConsoleApi } from '../api.ts'
import { can, useAppRole } from '../session.ts'
import { ConfirmDelete, Empty, ErrorNote, formatDate, Loading, Said, ShownOnce, Table, useLoad } from '../ui.tsx'

type Secret = Answer<'GET', '/admin/apps/:app_id/secrets'>['data'][number]
type NewSecret = Answer<'POST', '/admin/apps/:app_id/secrets'>

export default function SecretsPage({ api, appId }: { api: ConsoleApi; appId: string }) {
  // App secrets are the owner's alone (the server asks for the 'secrets' permission even to list them).
  const owner = can.own(useAppRole(appId))
  return (
    <>
      <h1>App secrets</h1>
      <p className="subtle">
        Your backend calls the owner API with <code className="mono">Authorization: Basic base64(appId:secret)</code> and the{' '}
        <code className="mono">privy-app-id</code> header; a secret reaches this app only. Only a hash is kept, so a secret is shown once.
      </p>
      {owner ? (
        <SecretsList api={api} appId={appId} />
      ) : (
        <p role="note" className="subtle">
          Only an owner of this app can see, create, rotate or revoke its secrets.
        </p>
      )}
    </>
  )
}

function SecretsList({ api, appId }: { api: ConsoleApi; appId: string }) {
  const params = { app_id: appId }
  const [secrets, reload] = useLoad(() => api.get('/admin/apps/:app_id/secrets', { params }), [appId])
  const [fresh, setFresh] = useState<{ secret: NewSecret; replaces: Secret | null } | null>(null)
  const [said, setSaid] = useState<{ text?: string; error?: unknown }>({})
  const [busy, setBusy] = useState(false)

  const create = async (replaces: Secret | null) => {
    setBusy(true)
    setSaid({})
    try {
      const secret = await api.post('/admin/apps/:app_id/secrets', undefined, { params })
      setFresh({ secret, replaces })
      reload()
    } catch (error) {
      setSaid({ error })
    } finally {
      setBusy(false)
    }
  }
  const revoke = async (secret: Secret) => {
    await api.delete('/admin/apps/:app_id/secrets/:secret_id', { params: { ...params, secret_id: secret.id } })
    setSaid({ text: `The secret ending in ${secret.last4} is revoked: it stops working at once.` })
    if (fresh?.replaces?.id === secret.id) setFresh(null)
    reload()
  }
  const list = secrets.status === 'done' ? secrets.value.data : []

  return (
    <>
      {fresh && (
        <ShownOnce label="New app secret" secret={fresh.secret.secret} onDone={() => setFresh(null)}>
          {fresh.replaces && (
            <p>
              Deploy it to your backend, then revoke the old secret ending in <span className="mono">{fresh.replaces.last4}</span>: both work until then.
            </p>
          )}
        </ShownOnce>
      )}
      <p>
        <button type="button" disabled={busy} onClick={() => void create(null)}>
          {busy ? 'Creating…' : 'Create secret'}
        </button>
      </p>
      {secrets.status === 'loading' && <Loading what="app secrets" />}
      {secrets.status === 'error' && <ErrorNote error={secrets.error} retry={reload} />}
      {secrets.status === 'done' && list.length === 0 && <Empty>No app secret yet: your backend cannot call the owner API until you create one.</Empty>}
      {list.length > 0 && (
        <Table label="App secrets" headers={['Secret', 'Created', 'Last used']} actions>
          {list.map((secret) => (
            <tr key={secret.id}>
              <td>
                <span className="mono">…{secret.last4}</span>
                <br />
                <span className="subtle mono">{secret.id}</span>
              </td>
              <td>{formatDate(secret.createdAt)}</td>
              <td>{secret.lastUsedAt ? formatDate(secret.lastUsedAt) : 'never'}</td>
              <td className="row-actions">
                <button
                  type="button"
                  className="secondary small"
                  disabled={busy}
                  aria-label={`Rotate the secret ending in ${secret.last4}`}
                  onClick={() => void create(secret)}
                >
                  Rotate
                </button>
                <ConfirmDelete
                  label="Revoke"
                  className="danger small"
                  confirmLabel="Revoke"
                  ariaLabel={`Revoke the secret ending in ${secret.last4}`}
                  title={`Revoke the secret ending in ${secret.last4}?`}
                  word={secret.last4}
                  onConfirm={() => revoke(secret)}
                >
                  <p>A backend still using it is refused from now on.</p>
                </ConfirmDelete>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Said text={said.text} error={said.error} />
    </>
  )
}

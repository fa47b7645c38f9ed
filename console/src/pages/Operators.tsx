/**
 * Operators of one app: who may use the console on it, with which role. Owners and admins invite by
 * e-mail (the account is made when missing; its holder signs in with an e-mail code), change a role
 * and remove one; admins only viewers and admins (the owner role is the owners'), and an app keeps at
 * least one owner (the server refuses both). An owner's role change is an owner-only change: the
 * server asks for MFA, and the console opens the widget for it.
 */
import { useState } from 'react'
import type { ConsoleApi } from '../api.ts'
import { can, refreshRoles, useAppRole, useSession, type OperatorRole } from '../session.ts'
import { Empty, ErrorNote, formatDate, Loading, Table, useLoad } from '../ui.tsx'

const ROLES: OperatorRole[] = ['owner', 'admin', 'viewer']
const ROLE_TEXT: Record<OperatorRole, string> = {
  owner: 'Owner: everything, including roles, app secrets and deleting the app',
  admin: 'Admin: reads and changes settings and users',
  viewer: 'Viewer: reads only',
}

export default function OperatorsPage({ api, appId }: { api: ConsoleApi; appId: string }) {
  const [operators, reload] = useLoad(() => api.get('/admin/apps/:app_id/operators', { params: { app_id: appId } }), [appId])
  const myRole = useAppRole(appId)
  const owner = can.own(myRole)
  const manager = can.change(myRole)
  // The roles this operator may hand out (the server decides the same: routes/owner-access.ts).
  const grantable = owner ? ROLES : ROLES.filter((r) => r !== 'owner')
  const { me } = useSession()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<OperatorRole>('viewer')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')

  const run = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true)
    setError(null)
    setNotice('')
    try {
      await what()
      setNotice(done)
      reload()
      await refreshRoles()
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <h1>Operators</h1>
      <p className="subtle">
        App id <span className="mono">{appId}</span>
      </p>
      {manager && (
        <section className="card" aria-labelledby="invite-title">
          <h2 id="invite-title">Invite an operator</h2>
          {owner && <p className="subtle">As an owner, changing roles asks for your second factor (MFA).</p>}
          <form
            className="inline"
            onSubmit={(event) => {
              event.preventDefault()
              const address = email.trim()
              if (!address) return
              void run(async () => {
                await api.post('/admin/apps/:app_id/operators', { email: address, role }, { params: { app_id: appId } })
                setEmail('')
              }, `${address} is now ${role}.`)
            }}
          >
            <label htmlFor="invite-email">E-mail</label>
            <input id="invite-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} required maxLength={254} />
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
              {grantable.map((r) => (
                <option key={r} value={r}>
                  {ROLE_TEXT[r]}
                </option>
              ))}
            </select>
            <button type="submit" disabled={busy || !email.trim()}>
              Invite
            </button>
          </form>
        </section>
      )}
      {error ? <ErrorNote error={error} /> : null}
      <p role="status" className="subtle">
        {notice}
      </p>
      <section aria-labelledby="operators-title">
        <h2 id="operators-title">Who has a role</h2>
        {operators.status === 'loading' && <Loading what="operators" />}
        {operators.status === 'error' && <ErrorNote error={operators.error} retry={reload} />}
        {operators.status === 'done' && operators.value.data.length === 0 && <Empty>Nobody holds a role in this app yet.</Empty>}
        {operators.status === 'done' && operators.value.data.length > 0 && (
          <Table label="Operators" headers={['E-mail', 'Role', 'Since']} actions={manager}>
            {operators.value.data.map((o) => {
              const name = o.email ?? o.userId
              const editable = owner || (manager && o.role !== 'owner')
              return (
                <tr key={o.userId}>
                  <td>
                    {name}
                    {o.userId === me?.userId && <span className="badge">you</span>}
                  </td>
                  <td className="role">
                    {editable ? (
                      <select
                        aria-label={`Role of ${name}`}
                        value={o.role}
                        disabled={busy}
                        onChange={(e) => {
                          const next = e.target.value as OperatorRole
                          void run(
                            () => api.put('/admin/apps/:app_id/operators/:user_id', { role: next }, { params: { app_id: appId, user_id: o.userId } }),
                            `${name} is now ${next}.`,
                          )
                        }}
                      >
                        {grantable.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </select>
                    ) : (
                      o.role
                    )}
                  </td>
                  <td>{formatDate(o.createdAt)}</td>
                  {manager && (
                    <td className="row-actions">
                      {editable && (
                        <button
                          type="button"
                          className="secondary small"
                          disabled={busy}
                          onClick={() =>
                            void run(
                              () => api.delete('/admin/apps/:app_id/operators/:user_id', { params: { app_id: appId, user_id: o.userId } }),
                              `${name} was removed.`,
                            )
                          }
                        >
                          Remove <span className="visually-hidden">{name}</span>
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              )
            })}
          </Table>
        )}
      </section>
    </>
  )
}

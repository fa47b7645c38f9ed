/** One user: linked accounts, embedded wallets with explorer links and recovery, MFA, sessions, custom metadata, delete. */
import { useState } from 'react'
import { ConsoleApiError, type ConsoleApi } from '../api.ts'
import { href, navigate } from '../router.ts'
import { can, useAppRole } from '../session.ts'
import { ConfirmDelete, ErrorNote, formatDate, Loading, useLoad } from '../ui.tsx'
import { identifier, type OwnerUser } from './Users.tsx'

const EXPLORERS: Record<string, string> = {
  ethereum: 'https://etherscan.io/address/',
  solana: 'https://explorer.solana.com/address/',
}

export default function UserPage({ api, appId, userId }: { api: ConsoleApi; appId: string; userId: string }) {
  const [user, reload] = useLoad(() => api.get('/apps/:app_id/users/:user_id', { params: { app_id: appId, user_id: userId } }), [appId, userId])
  return (
    <>
      <p>
        <a href={href.users(appId)}>← All users</a>
      </p>
      {user.status === 'loading' && <Loading what="the user" />}
      {user.status === 'error' && <ErrorNote error={user.error} retry={reload} />}
      {user.status === 'done' && <UserDetail api={api} appId={appId} user={user.value} />}
    </>
  )
}

function UserDetail({ api, appId, user }: { api: ConsoleApi; appId: string; user: OwnerUser }) {
  // A viewer reads: no save, no delete (the server refuses them too).
  const editor = can.change(useAppRole(appId))
  const [metadata, setMetadata] = useState(JSON.stringify(user.custom_metadata ?? {}, null, 2))
  const [metaState, setMetaState] = useState<{ error?: unknown; saved?: boolean }>({})
  const saveMetadata = async () => {
    setMetaState({})
    try {
      const parsed = JSON.parse(metadata) as Record<string, string | number | boolean>
      await api.put('/apps/:app_id/users/:user_id/custom_metadata', { custom_metadata: parsed }, { params: { app_id: appId, user_id: user.id } })
      setMetaState({ saved: true })
    } catch (error) {
      setMetaState({ error: error instanceof SyntaxError ? new Error('The metadata is not valid JSON.') : error })
    }
  }
  return (
    <>
      <h1>{identifier(user)}</h1>
      <dl className="facts">
        <dt>User id</dt>
        <dd className="mono">{user.id}</dd>
        <dt>Created</dt>
        <dd>{formatDate(user.created_at)}</dd>
        <dt>Live sessions</dt>
        <dd>{user.sessions_count}</dd>
        <dt>MFA</dt>
        <dd>{user.mfa_methods?.length ? user.mfa_methods.map((m) => m.type).join(', ') : 'none'}</dd>
        <dt>Guest</dt>
        <dd>{user.is_guest ? 'yes' : 'no'}</dd>
      </dl>
      <section className="card" aria-labelledby="accounts-title">
        <h2 id="accounts-title">Linked accounts</h2>
        <ul className="plain">
          {(user.linked_accounts as Record<string, unknown>[]).map((account, i) => (
            <li key={i}>
              <strong>{String(account.type)}</strong>{' '}
              <span className="mono">{String(account.address ?? account.phone_number ?? account.subject ?? account.username ?? '')}</span>
              {typeof account.verified_at === 'number' && <span className="subtle"> · verified {formatDate(account.verified_at)}</span>}
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="wallets-title">
        <h2 id="wallets-title">Embedded wallets</h2>
        {user.wallets.length === 0 ? (
          <p className="subtle">No embedded wallet.</p>
        ) : (
          <ul className="plain">
            {user.wallets.map((w) => (
              <li key={w.address}>
                {EXPLORERS[w.chain_type] ? (
                  <a className="mono" href={EXPLORERS[w.chain_type] + w.address} target="_blank" rel="noreferrer noopener">
                    {w.address}
                    <span className="visually-hidden"> on the {w.chain_type} explorer (opens a new tab)</span>
                  </a>
                ) : (
                  <span className="mono">{w.address}</span>
                )}{' '}
                <span className="subtle">
                  {w.chain_type} · recovery {w.recovery_method ?? 'none on the server'}
                  {w.imported ? ' · imported' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="metadata-title">
        <h2 id="metadata-title">Custom metadata</h2>
        <label htmlFor="metadata">JSON object (strings, numbers, booleans)</label>
        <textarea
          id="metadata"
          className="mono"
          rows={4}
          value={metadata}
          readOnly={!editor}
          onChange={(e) => setMetadata(e.target.value)}
          spellCheck={false}
        />
        {metaState.error ? <ErrorNote error={metaState.error} /> : null}
        <p role="status" className="subtle">
          {metaState.saved ? 'Saved.' : ''}
        </p>
        {editor && (
          <button type="button" onClick={() => void saveMetadata()}>
            Save metadata
          </button>
        )}
      </section>
      {editor && (
        <section className="card danger-zone" aria-labelledby="delete-title">
          <h2 id="delete-title">Delete</h2>
          <ConfirmDelete
            label="Delete user"
            title="Delete this user?"
            word={user.id}
            onConfirm={async () => {
              const query = user.wallets.length ? { confirm_wallet_deletion: 'true' as const } : {}
              try {
                await api.delete('/apps/:app_id/users/:user_id', { params: { app_id: appId, user_id: user.id }, query })
              } catch (error) {
                if (error instanceof ConsoleApiError && error.status === 404) return navigate(href.users(appId))
                throw error
              }
              navigate(href.users(appId))
            }}
          >
            <p>Every session ends at once.</p>
            {user.wallets.length > 0 && (
              <p className="warning">
                This user holds {user.wallets.length} embedded wallet{user.wallets.length > 1 ? 's' : ''}: the server's key shares are destroyed with the user,
                and without the recovery share the funds may be lost for good.
              </p>
            )}
          </ConfirmDelete>
        </section>
      )}
    </>
  )
}

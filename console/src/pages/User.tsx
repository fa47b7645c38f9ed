/** One user: linked accounts, embedded wallets with explorer links and recovery, MFA, sessions with revoke, custom metadata, delete. */
import { useState } from 'react'
import { ConsoleApiError, type Answer, type ConsoleApi } from '../api.ts'
import { href, navigate } from '../router.ts'
import { can, useAppRole } from '../session.ts'
import { ConfirmDelete, Empty, ErrorNote, formatDate, Loading, Said, Table, useLoad } from '../ui.tsx'
import { identifier, type OwnerUser } from './Users.tsx'

type AppConfig = Answer<'GET', '/apps/:app_id'>
type Session = Answer<'GET', '/admin/apps/:app_id/users/:user_id/sessions'>['data'][number]

/** Mainnet's explorer, when the app names no chain (the widget's default, spec part 3 §9). */
const DEFAULT_ETHEREUM_EXPLORER = 'https://etherscan.io'

/**
 * A wallet's page on the explorer of the app's chain config: the default Ethereum chain's
 * explorer (mainnet's when the app names no chain; none for a chain without one, such as a local
 * chain), Solana's explorer on the app's cluster.
 */
export function explorerAddress(config: AppConfig | null, chainType: string, address: string): string | null {
  // No link until the chain config is known: a guess could name the wrong chain's explorer.
  if (!config) return null
  if (chainType === 'ethereum') {
    const chains = config.chains
    const chain = chains.find((c) => c.id === config?.defaultChain) ?? chains[0]
    const base = chain ? chain.blockExplorerUrl : DEFAULT_ETHEREUM_EXPLORER
    return base ? `${base.replace(/\/+$/, '')}/address/${address}` : null
  }
  if (chainType === 'solana') {
    const cluster = config.solanaCluster?.name ?? 'mainnet-beta'
    if (!['mainnet-beta', 'devnet', 'testnet'].includes(cluster)) return null
    return `https://explorer.solana.com/address/${address}${cluster === 'mainnet-beta' ? '' : `?cluster=${cluster}`}`
  }
  return null
}

const MFA_NAMES: Record<string, string> = { sms: 'SMS code', totp: 'Authenticator app (TOTP)', passkey: 'Passkey' }
const RECOVERY_NAMES: Record<string, string> = { privy: 'automatic (server-held recovery share)', 'user-passcode': 'password set by the user' }

export default function UserPage({ api, appId, userId }: { api: ConsoleApi; appId: string; userId: string }) {
  const [user, reload] = useLoad(() => api.get('/apps/:app_id/users/:user_id', { params: { app_id: appId, user_id: userId } }), [appId, userId])
  // The chain config names the explorers; without it the wallets are still listed, unlinked.
  // Read again per user: the page stays mounted from one user to the next, and the chains may have changed since.
  const [config] = useLoad(() => api.get('/apps/:app_id', { params: { app_id: appId } }), [appId, userId])
  return (
    <>
      <p>
        <a href={href.users(appId)}>← All users</a>
      </p>
      {user.status === 'loading' && <Loading what="the user" />}
      {user.status === 'error' && <ErrorNote error={user.error} retry={reload} />}
      {user.status === 'done' && <UserDetail api={api} appId={appId} user={user.value} config={config.status === 'done' ? config.value : null} />}
    </>
  )
}

function UserDetail({ api, appId, user, config }: { api: ConsoleApi; appId: string; user: OwnerUser; config: AppConfig | null }) {
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
                {explorerAddress(config, w.chain_type, w.address) ? (
                  <a className="mono" href={explorerAddress(config, w.chain_type, w.address)!} target="_blank" rel="noreferrer noopener">
                    {w.address}
                    <span className="visually-hidden"> on the {w.chain_type} explorer (opens a new tab)</span>
                  </a>
                ) : (
                  <span className="mono">{w.address}</span>
                )}{' '}
                <span className="subtle">
                  {w.chain_type} · recovery: {w.recovery_method ? (RECOVERY_NAMES[w.recovery_method] ?? w.recovery_method) : 'none on the server'}
                  {w.imported ? ' · imported' : ''}
                  {w.on_device ? '' : ' · made in advance, not yet on a device'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="mfa-title">
        <h2 id="mfa-title">MFA methods</h2>
        {user.mfa_methods?.length ? (
          <ul className="plain">
            {user.mfa_methods.map((m) => (
              <li key={m.type}>{MFA_NAMES[m.type] ?? m.type}</li>
            ))}
          </ul>
        ) : (
          <p className="subtle">No MFA method enrolled.</p>
        )}
      </section>
      <Sessions api={api} appId={appId} userId={user.id} />
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

/** The user's live sessions, newest first, each with Revoke; Revoke all ends every one at once. */
function Sessions({ api, appId, userId }: { api: ConsoleApi; appId: string; userId: string }) {
  const params = { app_id: appId, user_id: userId }
  const [sessions, reload] = useLoad(() => api.get('/admin/apps/:app_id/users/:user_id/sessions', { params }), [appId, userId])
  const [said, setSaid] = useState<{ text?: string; error?: unknown }>({})
  const [busy, setBusy] = useState<string | null>(null)
  // A viewer sees the sessions, not Revoke (the server refuses them too).
  const editor = can.change(useAppRole(appId))
  const revoke = async (session: Session | null) => {
    setBusy(session?.id ?? 'all')
    setSaid({})
    try {
      const { revoked } = session
        ? await api.delete('/admin/apps/:app_id/users/:user_id/sessions/:session_id', { params: { ...params, session_id: session.id } })
        : await api.delete('/admin/apps/:app_id/users/:user_id/sessions', { params })
      setSaid({ text: `${revoked} session${revoked === 1 ? '' : 's'} revoked.` })
      reload()
    } catch (error) {
      setSaid({ error })
    } finally {
      setBusy(null)
    }
  }
  const list = sessions.status === 'done' ? sessions.value.data : []
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <p className="subtle">Revoking refuses the next refresh at once; an open wallet stops signing within 60 seconds.</p>
      {sessions.status === 'loading' && <Loading what="sessions" />}
      {sessions.status === 'error' && <ErrorNote error={sessions.error} retry={reload} />}
      {sessions.status === 'done' && list.length === 0 && <Empty>No live session.</Empty>}
      {list.length > 0 && (
        <>
          <Table label="Live sessions" headers={['Started', 'Last refresh', 'Device', 'Browser', 'Address']} actions={editor}>
            {list.map((session) => (
              <tr key={session.id}>
                <td>{formatDate(session.createdAt)}</td>
                <td>{session.lastRefreshedAt ? formatDate(session.lastRefreshedAt) : 'never'}</td>
                <td>{session.deviceBound ? 'bound to a device key' : 'not bound'}</td>
                <td className="ua">{session.userAgent ?? '—'}</td>
                <td className="mono">{session.ip ?? '—'}</td>
                {editor && (
                  <td>
                    <button
                      type="button"
                      className="danger small"
                      disabled={busy !== null}
                      aria-label={`Revoke the session started ${formatDate(session.createdAt)}`}
                      onClick={() => void revoke(session)}
                    >
                      Revoke
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </Table>
          {editor && (
            <p>
              <button type="button" className="danger" disabled={busy !== null} onClick={() => void revoke(null)}>
                {busy === 'all' ? 'Revoking…' : 'Revoke all sessions'}
              </button>
            </p>
          )}
        </>
      )}
      <Said text={said.text} error={said.error} />
    </section>
  )
}

/**
 * The operator console's page. Signed out, index.html shows the console app's `<auth-modal>`;
 * signed in, this renders the shell (header, navigation) and the page the address names. Pages
 * beyond the apps list load on demand, so the first page stays small (bench: console-js).
 */
import { lazy, StrictMode, Suspense, useMemo, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createConsoleApi, type ConsoleApiError } from './api.ts'
import { AppsPage } from './pages/Apps.tsx'
import { href, useRoute } from './router.ts'
import { bearer, signOut, startSession, setAdminToken, useSession } from './session.ts'
import { Loading } from './ui.tsx'

const SettingsPage = lazy(() => import('./pages/Settings.tsx'))
const UsersPage = lazy(() => import('./pages/Users.tsx'))
const UserPage = lazy(() => import('./pages/User.tsx'))
const WebhooksPage = lazy(() => import('./pages/Webhooks.tsx'))
const AuditPage = lazy(() => import('./pages/Audit.tsx'))
const AnalyticsPage = lazy(() => import('./pages/Analytics.tsx'))
const SecretsPage = lazy(() => import('./pages/Secrets.tsx'))

/** The app's pages after Settings and Users, in the navigation's order. */
const APP_NAV = [
  ['webhooks', 'Webhooks'],
  ['audit', 'Audit log'],
  ['analytics', 'Analytics'],
  ['secrets', 'App secrets'],
] as const

function Console() {
  const session = useSession()
  const route = useRoute()
  const [refused, setRefused] = useState<ConsoleApiError | null>(null)
  const api = useMemo(() => createConsoleApi(bearer, setRefused), [])
  if (session.status !== 'signed-in') return session.status === 'loading' ? <Loading what="the console" /> : null
  const appId = 'appId' in route ? route.appId : null
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <a className="brand" href={href.apps()}>
          Gatehouse console
        </a>
        <nav aria-label="Main">
          <ul>
            <li>
              <a href={href.apps()} aria-current={route.page === 'apps' ? 'page' : undefined}>
                Apps
              </a>
            </li>
            {appId && (
              <>
                <li>
                  <a href={href.settings(appId)} aria-current={route.page === 'settings' ? 'page' : undefined}>
                    Settings
                  </a>
                </li>
                <li>
                  <a href={href.users(appId)} aria-current={route.page === 'users' || route.page === 'user' ? 'page' : undefined}>
                    Users
                  </a>
                </li>
                {APP_NAV.map(([page, label]) => (
                  <li key={page}>
                    <a href={href[page](appId)} aria-current={route.page === page ? 'page' : undefined}>
                      {label}
                    </a>
                  </li>
                ))}
              </>
            )}
          </ul>
        </nav>
        <div className="who">
          <span>{session.who}</span>
          <button type="button" className="secondary small" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {session.claimError && (
          <p className="error" role="alert">
            {session.claimError}
          </p>
        )}
        {refused && <Refused error={refused} adminToken={session.adminToken} onToken={() => setRefused(null)} />}
        <Suspense fallback={<Loading what="the page" />}>
          {route.page === 'apps' && <AppsPage api={api} />}
          {route.page === 'settings' && <SettingsPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'users' && <UsersPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'user' && <UserPage api={api} appId={route.appId} userId={route.userId} />}
          {route.page === 'webhooks' && <WebhooksPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'audit' && <AuditPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'analytics' && <AnalyticsPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'secrets' && <SecretsPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'not-found' && (
            <>
              <h1>Page not found</h1>
              <p>
                <a href={href.apps()}>Go to the apps</a>
              </p>
            </>
          )}
        </Suspense>
      </main>
    </>
  )
}

/**
 * The server refused the operator's session: the account holds no role on this server (operator roles
 * come with the access part of the owner API). An admin token still opens the console for this tab.
 */
function Refused({ error, adminToken, onToken }: { error: ConsoleApiError; adminToken: boolean; onToken: () => void }) {
  const [token, setToken] = useState('')
  return (
    <section className="card warning" role="alert" aria-labelledby="refused-title">
      <h2 id="refused-title">{adminToken ? 'The admin token was refused' : 'Your account holds no role on this server'}</h2>
      <p>{error.message}. Ask an owner to add you, or use the server's admin token for this tab.</p>
      <form
        className="inline"
        onSubmit={(event) => {
          event.preventDefault()
          if (!token.trim()) return
          setAdminToken(token.trim())
          onToken()
          location.reload()
        }}
      >
        <label htmlFor="admin-token">Admin token</label>
        <input id="admin-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
        <button type="submit">Use the admin token</button>
      </form>
    </section>
  )
}

startSession()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Console />
  </StrictMode>,
)

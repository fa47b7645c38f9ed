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
import { askForMfa, bearer, signOut, startSession, useSession } from './session.ts'
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
const OperatorsPage = lazy(() => import('./pages/Operators.tsx'))

function Console() {
  const session = useSession()
  const route = useRoute()
  const [refused, setRefused] = useState<ConsoleApiError | null>(null)
  const api = useMemo(() => createConsoleApi(bearer, setRefused, askForMfa), [])
  if (session.status !== 'signed-in') return session.status === 'loading' ? <Loading what="the console" /> : null
  const appId = 'appId' in route ? route.appId : null
  const owner = Boolean(session.me?.serverOwner) || Object.values(session.roles).includes('owner')
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
                <li>
                  <a href={href.operators(appId)} aria-current={route.page === 'operators' ? 'page' : undefined}>
                    Operators
                  </a>
                </li>
              </>
            )}
          </ul>
        </nav>
        <div className="who">
          <span>{session.who}</span>
          {session.me?.serverOwner && <span className="badge">server owner</span>}
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
        {session.loadError && (
          <p className="error" role="alert">
            {session.loadError}
          </p>
        )}
        {owner && !session.me?.mfa.enrolled && <MfaNotice />}
        {refused && <Refused error={refused} onDismiss={() => setRefused(null)} />}
        <Suspense fallback={<Loading what="the page" />}>
          {route.page === 'apps' && <AppsPage api={api} />}
          {route.page === 'settings' && <SettingsPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'users' && <UsersPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'user' && <UserPage api={api} appId={route.appId} userId={route.userId} />}
          {route.page === 'webhooks' && <WebhooksPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'audit' && <AuditPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'analytics' && <AnalyticsPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'secrets' && <SecretsPage key={route.appId} api={api} appId={route.appId} />}
          {route.page === 'operators' && <OperatorsPage key={route.appId} api={api} appId={route.appId} />}
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

/** The server refused a call: the operator's role does not allow it (the server decides; services/owner-auth.ts). */
function Refused({ error, onDismiss }: { error: ConsoleApiError; onDismiss: () => void }) {
  return (
    <section className="card warning" role="alert" aria-labelledby="refused-title">
      <h2 id="refused-title">
        {error.status === 401 ? 'Sign in again' : error.code === 'missing_or_invalid_mfa' ? 'Two-step verification needed' : 'Your role does not allow this'}
      </h2>
      <p>{error.code === 'missing_or_invalid_mfa' ? error.message : `${error.message}. Ask an owner of the app for another role.`}</p>
      <button type="button" className="secondary small" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  )
}

/** Owners need MFA for owner-only changes (roles, secrets, deleting an app): offered up front. */
function MfaNotice() {
  return (
    <section className="card notice" aria-labelledby="mfa-title">
      <h2 id="mfa-title">Turn on two-step verification</h2>
      <p>You own an app: changing roles, app secrets or deleting an app needs a second factor (an authenticator app or a passkey).</p>
      <button
        type="button"
        onClick={() => void (document.getElementById('mfa') as (HTMLElement & { showMfaEnrollmentModal(): Promise<void> }) | null)?.showMfaEnrollmentModal()}
      >
        Set up two-step verification
      </button>
    </section>
  )
}

startSession()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Console />
  </StrictMode>,
)

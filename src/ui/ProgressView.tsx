import { Spinner } from './Spinner.tsx'
import { TITLE_ID } from './ScreenTitle.tsx'

const mark = {
  width: 32,
  height: 32,
  alignSelf: 'center',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '50%',
  background: 'var(--gh-success)',
  color: 'var(--gh-accent-contrast)',
} as const

/**
 * One progress state for the steps that follow a login (creating the wallet, then 'Welcome'): the
 * same title, indicator and detail line in the same places, the spinner turning into a check mark,
 * so the steps read as one screen that finishes rather than a run of title-only screens.
 */
export function ProgressView({ screen, title, detail, done = false }: { screen: string; title: string; detail: string; done?: boolean }) {
  return (
    <div className="body" part="body" data-screen={screen} data-progress={done ? 'done' : 'working'}>
      <h2 id={TITLE_ID} className="title" part="title">
        {title}
      </h2>
      {done ? (
        <div style={mark} aria-hidden="true">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </div>
      ) : (
        <Spinner label={title} />
      )}
      <p className="detail" role="status">
        {detail}
      </p>
    </div>
  )
}

import { Spinner } from '../../ui/Spinner.tsx'

/** Shown until the configuration and the stored session have settled, and while chunks load. */
export default function LoadingScreen() {
  return (
    <div className="body" part="body" data-screen="loading">
      <h2 id="gh-screen-title" className="visually-hidden">
        Loading
      </h2>
      <Spinner />
    </div>
  )
}

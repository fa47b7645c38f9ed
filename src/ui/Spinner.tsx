export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <div className="spinner" part="spinner" role="progressbar" aria-label={label} />
}

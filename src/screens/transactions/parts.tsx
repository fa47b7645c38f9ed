/** A summary row, shared by the Ethereum and Solana confirmation screens. */

export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="tx-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

import { useState } from 'react'
import type { LinkedAccount } from '../../api/user.ts'

/** Spec: a passkey is named 'authenticator on browser', else 'browser on OS', else 'Unknown device'. */
export function passkeyTitle(a: LinkedAccount): string {
  const name = a.authenticatorName as string | null | undefined
  const browser = a.createdWithBrowser as string | null | undefined
  const os = a.createdWithOs as string | null | undefined
  if (name && browser) return `${name} on ${browser}`
  if (browser && os) return `${browser} on ${os}`
  return 'Unknown device'
}

export const userPasskeys = (accounts: LinkedAccount[] | undefined) => (accounts ?? []).filter((a) => a.type === 'passkey')

/**
 * The user's passkeys with 'Last used' and a remove button; `shown` rows until the view-all button.
 * Spec part 2 §2 labels it 'View All' on enrollment and 'View all' on the management screen.
 */
export function PasskeyList({
  passkeys,
  shown,
  onRemove,
  viewAllLabel = 'View all',
}: {
  passkeys: LinkedAccount[]
  shown: number
  onRemove: (credentialId: string) => void
  viewAllLabel?: 'View all' | 'View All'
}) {
  const [all, setAll] = useState(false)
  const rows = all ? passkeys : passkeys.slice(0, shown)
  return (
    <div className="passkey-list" part="passkey-list">
      <ul>
        {rows.map((a) => (
          <li key={String(a.credentialId)} data-passkey={String(a.credentialId)}>
            <span className="label">{passkeyTitle(a)}</span>
            <span className="detail">Last used {(a.latestVerifiedAt ?? a.firstVerifiedAt)?.toLocaleDateString() ?? '–'}</span>
            <button type="button" className="link-button" aria-label={`Remove ${passkeyTitle(a)}`} onClick={() => onRemove(String(a.credentialId))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      {!all && passkeys.length > shown ? (
        <button type="button" className="link-button" onClick={() => setAll(true)}>
          {viewAllLabel}
        </button>
      ) : null}
    </div>
  )
}

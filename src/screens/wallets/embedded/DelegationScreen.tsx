import { useStore } from '@nanostores/react'
import { $config } from '../../../stores/config.ts'
import { $delegation } from '../../../stores/delegation.ts'
import { confirmDelegation, declineDelegation } from '../../../wallets/embedded/delegation.ts'
import { PrimaryButton, SecondaryButton } from '../../../ui/Button.tsx'
import { ProgressView } from '../../../ui/ProgressView.tsx'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'

const short = (address: string) => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address)

/**
 * Delegated actions (spec part 2 'Delegated actions', part 3 §8): 'Enable offline access' with
 * 'Not now' / 'Accept', or 'Revoke offline access to wallet' with 'Deny' / 'Confirm'; then
 * 'Success!' or 'Something went wrong' / 'Please try again.', closing after 2.5 s.
 */
export default function DelegationScreen() {
  const request = useStore($delegation)
  const { app } = useStore($config)
  if (!request) return null
  const appName = app?.name || 'This app'
  if (request.status === 'success') {
    const detail = request.kind === 'delegate' ? `${appName} can now use your wallet while you are offline.` : 'Offline access was revoked.'
    return <ProgressView screen="delegated-actions-success" done title="Success!" detail={detail} />
  }
  if (request.status === 'error') {
    return (
      <div className="body" part="body" data-screen="delegated-actions-error">
        <ScreenTitle>Something went wrong</ScreenTitle>
        <p className="detail" role="alert">
          Please try again.
        </p>
      </div>
    )
  }
  const busy = request.status === 'submitting'
  const delegate = request.kind === 'delegate'
  return (
    <div className="body" part="body" data-screen={delegate ? 'delegated-actions-consent' : 'delegated-actions-revoke'}>
      <ScreenTitle>{delegate ? 'Enable offline access' : 'Revoke offline access to wallet'}</ScreenTitle>
      <p className="detail">
        {delegate
          ? `${appName} will be able to use your wallet ${short(request.wallet!.address)} while you are offline. You can revoke this at any time.`
          : `${appName} will no longer be able to use your wallet while you are offline.`}
      </p>
      <div className="actions">
        <PrimaryButton onClick={() => void confirmDelegation()} disabled={busy} aria-busy={busy || undefined}>
          {delegate ? 'Accept' : 'Confirm'}
        </PrimaryButton>
        <SecondaryButton onClick={declineDelegation} disabled={busy}>
          {delegate ? 'Not now' : 'Deny'}
        </SecondaryButton>
      </div>
    </div>
  )
}

import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

/** The end of a provider login (Telegram, Farcaster): checking the proof, then connected or failed. */
export type ProviderOutcome = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; title: string; detail: string; retry: boolean }

/**
 * 'Verifying connection to X' → 'Successfully connected with X' / the mapped error with Retry when
 * retryable (spec part 1 §2 status screens). Renders nothing for the screen's own earlier states.
 */
export function ProviderStatusView({ provider, status, onRetry }: { provider: string; status: ProviderOutcome | { kind: string }; onRetry(): void }) {
  const outcome = status as ProviderOutcome
  if (outcome.kind === 'verifying') {
    return (
      <>
        <ScreenTitle>{`Verifying connection to ${provider}`}</ScreenTitle>
        <Spinner label="Verifying" />
      </>
    )
  }
  if (outcome.kind === 'success') {
    return (
      <>
        <ScreenTitle>{`Successfully connected with ${provider}`}</ScreenTitle>
        <p className="detail" role="status">
          You're good to go!
        </p>
      </>
    )
  }
  if (outcome.kind === 'error') {
    return (
      <>
        <ScreenTitle>{outcome.title}</ScreenTitle>
        <p className="error" role="alert" part="error">
          {outcome.detail}
        </p>
        {outcome.retry && <PrimaryButton onClick={onRetry}>Retry</PrimaryButton>}
      </>
    )
  }
  return null
}

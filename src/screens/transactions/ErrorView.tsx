import type { BaseError } from '../../errors/base.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { onScreen } from '../../ui/onScreen.ts'
import { CloseButton, TxHash } from './parts.tsx'
import { errorTitle, TX_TEXTS } from './texts.ts'
import { txStyles } from './styles.ts'

/** Spec part 3 §2 error screen: a title for the code (never the code itself), 'Please try again.', the message (in our words, src/ui/onScreen.ts), the hash with its explorer link, 'Retry transaction'. */
export function ErrorView({
  phase,
  explorerHref,
  onRetry,
  onClose,
}: {
  phase: { error: BaseError; hash: string | null }
  /** The hash's page on the chain's explorer; null when the chain has none (no link then). */
  explorerHref: string | null
  onRetry(): void
  onClose(): void
}) {
  return (
    <div className="body tx" part="body" data-screen="transaction-error">
      <style>{txStyles}</style>
      <CloseButton onClose={onClose} />
      <h2 id="gh-sign-title" className="title" part="title">
        {errorTitle(phase.error)}
      </h2>
      <p className="detail">{TX_TEXTS.pleaseTryAgain}</p>
      <p className="error-message tx-error-box" part="error-message" role="alert" data-code={phase.error.code}>
        {onScreen(phase.error.shortMessage)}
      </p>
      {phase.hash ? <TxHash hash={phase.hash} explorerHref={explorerHref} /> : null}
      <PrimaryButton onClick={onRetry}>{TX_TEXTS.retry}</PrimaryButton>
      <SecondaryButton onClick={onClose}>{TX_TEXTS.notNow}</SecondaryButton>
    </div>
  )
}

/** Pieces shared by the Ethereum and Solana confirmation screens: a summary row and the error screen. */
import { useState } from 'react'
import type { BaseError } from '../../errors/base.ts'
import { TRANSACTION_MESSAGES } from '../../errors/transaction.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { shortAddress } from '../../wallets/ethereum/format.ts'
import { TX_TEXTS } from './texts.ts'
import { txStyles } from './styles.ts'

export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="tx-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** Spec part 3 §2 error: the code, 'Please try again.', the message box, the hash (copy, explorer) and 'Retry transaction'. */
export function TxErrorView({
  error,
  hash,
  explorerHref,
  onRetry,
  onClose,
}: {
  error: BaseError
  hash: string | null
  explorerHref: string | null
  onRetry(): void
  onClose(): void
}) {
  const [copied, setCopied] = useState(false)
  const reverted = error.shortMessage === TRANSACTION_MESSAGES.failed
  return (
    <div className="body" part="body" data-screen="transaction-error">
      <style>{txStyles}</style>
      <h2 id="gh-sign-title" className="title" part="title">
        {reverted ? TRANSACTION_MESSAGES.failed : error.code}
      </h2>
      <p className="detail">{TX_TEXTS.pleaseTryAgain}</p>
      <p className="error-message tx-error-box" part="error-message" role="alert" data-code={error.code}>
        {error.shortMessage}
      </p>
      {hash ? (
        <div className="tx-hash" part="transaction-hash">
          <code title={hash}>{shortAddress(hash)}</code>
          <button type="button" className="tx-copy" onClick={() => void navigator.clipboard?.writeText(hash).then(() => setCopied(true))}>
            {copied ? TX_TEXTS.copied : TX_TEXTS.copy}
          </button>
          {explorerHref ? (
            <a href={explorerHref} target="_blank" rel="noopener noreferrer">
              {TX_TEXTS.viewOnExplorer}
            </a>
          ) : null}
        </div>
      ) : null}
      <PrimaryButton onClick={onRetry}>{TX_TEXTS.retry}</PrimaryButton>
      <SecondaryButton onClick={onClose}>{TX_TEXTS.notNow}</SecondaryButton>
    </div>
  )
}

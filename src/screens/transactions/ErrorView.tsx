import { useState } from 'react'
import { TRANSACTION_MESSAGES } from '../../errors/transaction.ts'
import type { BaseError } from '../../errors/base.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { explorerUrl, type ChainConfig } from '../../wallets/ethereum/chains.ts'
import { shortAddress } from '../../wallets/ethereum/format.ts'
import { TX_TEXTS } from './texts.ts'
import { txStyles } from './styles.ts'

/** Spec part 3 §2 error screen: the code, 'Please try again.', the message, the hash with its explorer link, 'Retry transaction'. */
export function ErrorView({
  phase,
  explorerHref,
  onRetry,
  onClose,
}: {
  phase: { error: BaseError; hash: string | null; chain: ChainConfig | null }
  /** The hash's explorer page when not an Ethereum chain's (Solana); default from `phase.chain`. */
  explorerHref?: string | null
  onRetry(): void
  onClose(): void
}) {
  const explorer = explorerHref ?? (phase.chain && phase.hash ? `${explorerUrl(phase.chain)}/tx/${phase.hash}` : null)
  const [copied, setCopied] = useState(false)
  const reverted = phase.error.shortMessage === TRANSACTION_MESSAGES.failed
  return (
    <div className="body" part="body" data-screen="transaction-error">
      <style>{txStyles}</style>
      <h2 id="gh-sign-title" className="title" part="title">
        {reverted ? TRANSACTION_MESSAGES.failed : phase.error.code}
      </h2>
      <p className="detail">{TX_TEXTS.pleaseTryAgain}</p>
      <p className="error-message tx-error-box" part="error-message" role="alert" data-code={phase.error.code}>
        {phase.error.shortMessage}
      </p>
      {phase.hash ? (
        <div className="tx-hash" part="transaction-hash">
          <code title={phase.hash}>{shortAddress(phase.hash)}</code>
          <button type="button" className="tx-copy" onClick={() => void navigator.clipboard?.writeText(phase.hash!).then(() => setCopied(true))}>
            {copied ? TX_TEXTS.copied : TX_TEXTS.copy}
          </button>
          {explorer ? (
            <a href={explorer} target="_blank" rel="noopener noreferrer">
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

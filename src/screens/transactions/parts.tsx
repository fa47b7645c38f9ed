/** Pieces shared by the Ethereum and Solana confirmation screens. */
import type { TransactionUiOptions } from '../../transactions/types.ts'
import { useEffect, useState } from 'react'
import { shortAddress } from '../../wallets/ethereum/format.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { useCopied } from '../../ui/useCopied.ts'
import { WALLET_TIMING } from '../wallets/embedded/timing.ts'
import { TX_TEXTS } from './texts.ts'
import { txStyles } from './styles.ts'

/** The reason beside a main button that funds are missing for (its accessible description). */
export const FUNDS_REASON_ID = 'gh-tx-funds-reason'

/** A summary row. */
export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="tx-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** The sheet's close control (named 'Close'): what it does is the screen's 'Not now' or 'All Done'. */
export function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" className="tx-close" part="close-button" aria-label={TX_TEXTS.close} onClick={onClose}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}

/**
 * Back one step of a batch and the close control (both hidden while busy; close declines, as 'Not
 * now' does, and is absent when the request is not cancellable), the requester's logo and the title.
 */
export function TxHeader(p: { options: TransactionUiOptions; step: number; busy: boolean; onBack: () => void; onClose: (() => void) | null; title: string }) {
  const logo = p.options.transactionInfo?.contractInfo
  return (
    <>
      {p.step > 0 && !p.busy ? (
        <button type="button" className="tx-back" aria-label={TX_TEXTS.back} onClick={p.onBack}>
          ←
        </button>
      ) : null}
      {p.onClose && !p.busy ? <CloseButton onClose={p.onClose} /> : null}
      {logo?.imgUrl ? <img className="logo" part="icon" src={logo.imgUrl} alt={logo.imgAltText ?? ''} /> : null}
      <h2 id="gh-sign-title" className="title" part="title">
        {p.title}
      </h2>
    </>
  )
}

/**
 * The main button (spec §2: 'Approve' or the host's text, 'Continue' for a batch step, 'Add funds'
 * when funds are missing, funding is available and the transaction is not sponsored) and the
 * optional 'Not now'.
 */
export function TxButtons(p: {
  options: TransactionUiOptions
  label: 'Approve' | 'Continue' | 'Add funds'
  onApprove: () => void
  onAddFunds: () => void
  disabled: boolean
  busy: boolean
  onDecline: () => void
  /** The id of the text saying why the button is disabled or reads 'Add funds'. */
  describedBy?: string
}) {
  return (
    <>
      <PrimaryButton
        onClick={p.label === 'Add funds' ? p.onAddFunds : p.onApprove}
        disabled={p.disabled}
        aria-busy={p.busy || undefined}
        aria-describedby={p.describedBy}
      >
        {p.label === 'Approve' ? (p.options.buttonText ?? TX_TEXTS.approve) : p.label}
      </PrimaryButton>
      {p.options.isCancellable !== false && !p.busy ? <SecondaryButton onClick={p.onDecline}>{TX_TEXTS.notNow}</SecondaryButton> : null}
    </>
  )
}

/** A transaction hash (or Solana signature), shortened, with Copy and its explorer link when the chain has an explorer. */
export function TxHash({ hash, explorerHref }: { hash: string; explorerHref: string | null }) {
  const [copied, copy] = useCopied()
  return (
    <div className="tx-hash" part="transaction-hash">
      <code title={hash}>{shortAddress(hash)}</code>
      <button type="button" className="tx-copy" aria-label={copied ? TX_TEXTS.copied : TX_TEXTS.copyHash} onClick={() => copy(hash)}>
        {copied ? TX_TEXTS.copied : TX_TEXTS.copy}
      </button>
      {explorerHref ? (
        <a href={explorerHref} target="_blank" rel="noopener noreferrer">
          {TX_TEXTS.viewOnExplorer}
        </a>
      ) : null}
    </div>
  )
}

/** 'Transaction complete!' (or `header`) / 'You're all set.', the hash with its explorer link once sent, 'All Done' when `onDone` is given. */
export function TxSuccess(p: { options: TransactionUiOptions; header: string; hash: string | null; explorerHref: string | null; onDone: (() => void) | null }) {
  return (
    <div className="body tx" part="body" data-screen="transaction-success">
      <style>{txStyles}</style>
      {p.onDone ? <CloseButton onClose={p.onDone} /> : null}
      <h2 id="gh-sign-title" className="title" part="title">
        {p.options.successHeader ?? p.header}
      </h2>
      <p className="detail">{p.options.successDescription ?? TX_TEXTS.successDescription}</p>
      {p.hash ? <TxHash hash={p.hash} explorerHref={p.explorerHref} /> : null}
      {p.onDone ? <PrimaryButton onClick={p.onDone}>{TX_TEXTS.allDone}</PrimaryButton> : null}
    </div>
  )
}

/** Spec part 3 §4: a sign-only success closes by itself after 1.4 s (the host already has its answer). */
export function useSignedClose(signed: boolean, close: () => void) {
  useEffect(() => {
    if (!signed) return
    const timer = setTimeout(close, WALLET_TIMING.successCloseMs)
    return () => clearTimeout(timer)
  }, [signed])
}

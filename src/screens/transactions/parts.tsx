/** Pieces shared by the Ethereum and Solana confirmation screens. */
import type { TransactionUiOptions } from '../../transactions/types.ts'
import { useEffect } from 'react'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { WALLET_TIMING } from '../wallets/embedded/timing.ts'
import { TX_TEXTS } from './texts.ts'
import { txStyles } from './styles.ts'

/** A summary row. */
export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="tx-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** Back one step of a batch (hidden while busy), the requester's logo and the title. */
export function TxHeader(p: { options: TransactionUiOptions; step: number; busy: boolean; onBack: () => void; title: string }) {
  const logo = p.options.transactionInfo?.contractInfo
  return (
    <>
      {p.step > 0 && !p.busy ? (
        <button type="button" className="tx-back" aria-label={TX_TEXTS.back} onClick={p.onBack}>
          ←
        </button>
      ) : null}
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
}) {
  return (
    <>
      <PrimaryButton onClick={p.label === 'Add funds' ? p.onAddFunds : p.onApprove} disabled={p.disabled} aria-busy={p.busy || undefined}>
        {p.label === 'Approve' ? (p.options.buttonText ?? TX_TEXTS.approve) : p.label}
      </PrimaryButton>
      {p.options.isCancellable !== false && !p.busy ? <SecondaryButton onClick={p.onDecline}>{TX_TEXTS.notNow}</SecondaryButton> : null}
    </>
  )
}

/** 'Transaction complete!' (or `header`) / 'You're all set.' with 'All Done' when `onDone` is given. */
export function TxSuccess(p: { options: TransactionUiOptions; header: string; onDone: (() => void) | null }) {
  return (
    <div className="body" part="body" data-screen="transaction-success">
      <style>{txStyles}</style>
      <h2 id="gh-sign-title" className="title" part="title">
        {p.options.successHeader ?? p.header}
      </h2>
      <p className="detail">{p.options.successDescription ?? TX_TEXTS.successDescription}</p>
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

import { useEffect, useRef, useState } from 'react'
import { toBaseError } from '../../errors/toBaseError.ts'
import { TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import type { BaseError } from '../../errors/base.ts'
import { $config } from '../../stores/config.ts'
import type { PendingTx, TxStepResult } from '../../stores/txRequest.ts'
import { Spinner } from '../../ui/Spinner.tsx'
import { chainRpc, type ChainConfig } from '../../wallets/ethereum/chains.ts'
import { decodeCall, readToken } from '../../wallets/ethereum/decode.ts'
import { fetchUsdPrice, scanTransaction } from '../../wallets/ethereum/insights.ts'
import { isSponsored, prepareTransaction, signPrepared, submitSigned, waitForReceipt } from '../../wallets/embedded/transactions.ts'
import { WALLET_TIMING } from '../wallets/embedded/timing.ts'
import { TX_TEXTS } from './texts.ts'
import { mainButton, txTransition, type TxEvent } from './txFlow.ts'
import { txStyles } from './styles.ts'
import { addFunds, fundingAvailable } from './addFunds.ts'
import { ErrorView } from './ErrorView.tsx'
import { fundsMissing, Summary, type StepView } from './Summary.tsx'
import { TxButtons, TxHeader, TxSuccess } from './parts.tsx'

/** Spec part 3 §4: preparing → ready → submitting → awaiting-receipt → success | error (reverted: 'Transaction failed'). */
export type TxPhase =
  | { name: 'preparing' }
  | { name: 'ready'; view: StepView }
  | { name: 'submitting'; view: StepView }
  | { name: 'awaiting-receipt'; view: StepView; hash: string }
  | { name: 'success' }
  | { name: 'error'; error: BaseError; hash: string | null; chain: ChainConfig | null }

async function loadStep(request: PendingTx, step: number): Promise<StepView> {
  const tx = request.requests[step]!
  const prepared = await prepareTransaction(request.address, tx, request.chainId)
  const [token, balance, usd, scan] = await Promise.all([
    tx.to && tx.data && tx.data !== '0x' ? readToken(prepared.chain, tx.to) : Promise.resolve(null),
    chainRpc(prepared.chain, 'eth_getBalance', [request.address, 'latest']).then((b) => BigInt(b as string)),
    fetchUsdPrice(prepared.chain.id, prepared.chain.nativeCurrency.symbol),
    scanTransaction(request.method, prepared.tx),
  ])
  return { prepared, info: decodeCall(tx.data, token?.isErc20 ?? false), token, balance, usd, scan, sponsored: isSponsored(prepared, request.method) }
}

/** The Ethereum transaction confirmation screen (one request or a batch, '(n / total)'). */
export default function TransactionView({ request }: { request: PendingTx }) {
  const options = request.uiOptions ?? {}
  const total = request.requests.length
  const [step, setStep] = useState(0)
  const [phase, setPhase] = useState<TxPhase>({ name: 'preparing' })
  // Every move goes through the state table (txFlow.ts); a move it does not allow is ignored.
  const go = (event: TxEvent, next: TxPhase) => setPhase((from) => (txTransition(from.name, event) === next.name ? next : from))
  const [attempt, setAttempt] = useState(0)
  // Spec §4: a malicious verdict disables the button until the user ticks the box.
  const [acknowledged, setAcknowledged] = useState(false)
  const results = useRef<TxStepResult[]>([])
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  useEffect(() => {
    let live = true
    setPhase((from) => (from.name === 'preparing' ? from : txTransition(from.name, from.name === 'error' ? 'retry' : 'step') ? { name: 'preparing' } : from))
    loadStep(request, step).then(
      (view) => live && go('prepared', { name: 'ready', view }),
      (error) => live && go('fail', { name: 'error', error: toBaseError(error), hash: null, chain: null }),
    )
    return () => void (live = false)
  }, [request, step, attempt])

  const last = step === total - 1
  const appName = $config.get().app?.name ?? 'This app'

  /** 'Approve' on the last step sends every step not yet sent, in order, each after the previous receipt. */
  async function approve(view: StepView) {
    if (!last) return setStep(step + 1)
    go('approve', { name: 'submitting', view })
    let current = view
    let hash: string | null = null
    try {
      for (let i = results.current.length; i < total; i++) {
        // A batch's steps are prepared again right before signing: each nonce follows the previous step's.
        const prepared = total === 1 ? view.prepared : await prepareTransaction(request.address, request.requests[i]!, request.chainId)
        current = { ...current, prepared }
        if (i > 0) go('approve', { name: 'submitting', view: current })
        hash = null
        const signed = await signPrepared(request.address, prepared)
        if (request.method === 'eth_signTransaction') {
          results.current.push({ chainId: prepared.chain.id, hash: null, signature: signed })
          continue
        }
        hash = await submitSigned(request.address, prepared, signed)
        go('broadcast', { name: 'awaiting-receipt', view: current, hash })
        await waitForReceipt(prepared.chain, hash)
        results.current.push({ chainId: prepared.chain.id, hash, signature: null })
      }
      go(request.method === 'eth_signTransaction' ? 'signed' : 'receipt', { name: 'success' })
      // Spec §4: in sign-only mode success follows by itself after 1.4 s.
      if (request.method === 'eth_signTransaction') timer.current = setTimeout(() => request.resolve(results.current), WALLET_TIMING.successCloseMs)
    } catch (error) {
      const base = toBaseError(error)
      if (base.code === 'USER_EXITED_AUTH_FLOW') return request.reject(base)
      go('fail', { name: 'error', error: base, hash: hash ?? (error instanceof TransactionError ? error.hash : null), chain: current.prepared.chain })
    }
  }

  const decline = () => request.reject(new TransactionError(TRANSACTION_MESSAGES.rejected, { code: 'USER_REJECTED' }))

  if (phase.name === 'success') {
    const done = request.method === 'eth_sendTransaction' ? () => request.resolve(results.current) : null
    return <TxSuccess options={options} header={TX_TEXTS.successHeader} onDone={done} />
  }

  if (phase.name === 'error') return <ErrorView phase={phase} onRetry={() => setAttempt(attempt + 1)} onClose={() => request.reject(phase.error)} />

  const titleBase =
    options.transactionInfo?.title ?? (options.transactionInfo?.action ? TX_TEXTS.approveAction(options.transactionInfo.action) : TX_TEXTS.confirmAction)
  const title = total > 1 ? `${titleBase} (${step + 1} / ${total})` : titleBase
  const view = phase.name === 'preparing' ? null : phase.view
  const busy = phase.name === 'submitting' || phase.name === 'awaiting-receipt'
  const label = mainButton({ last, fundsMissing: view ? fundsMissing(view) : false, fundingEnabled: fundingAvailable(), sponsored: view?.sponsored ?? false })
  return (
    <div className="body tx" part="body" data-screen="transaction-confirm" data-phase={phase.name}>
      <style>{txStyles}</style>
      <TxHeader options={options} step={step} busy={busy} onBack={() => setStep(step - 1)} title={title} />
      <p className="detail">{options.description ?? TX_TEXTS.subtitle(appName)}</p>
      {view?.scan === 'Warning' ? (
        <p className="tx-warning" part="scan-warning" role="alert">
          {TX_TEXTS.suspicious}
        </p>
      ) : null}
      {view?.scan === 'Malicious' ? (
        <div className="tx-malicious" part="scan-warning" role="alert">
          <p>{TX_TEXTS.malicious}</p>
          <label>
            <input type="checkbox" checked={acknowledged} onChange={(e) => setAcknowledged(e.currentTarget.checked)} /> {TX_TEXTS.acknowledge}
          </label>
        </div>
      ) : null}
      {view ? <Summary view={view} request={request} step={step} /> : <Spinner />}
      <TxButtons
        options={options}
        label={label}
        onApprove={() => view && approve(view)}
        onAddFunds={() => view && addFunds(request.address, view.prepared.chain.id).then(() => setAttempt((a) => a + 1))}
        disabled={!view || busy || (view.scan === 'Malicious' && !acknowledged)}
        busy={busy}
        onDecline={decline}
      />
    </div>
  )
}

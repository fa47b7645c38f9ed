import { useEffect, useRef, useState } from 'react'
import { toBaseError } from '../../errors/toBaseError.ts'
import { TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import type { BaseError } from '../../errors/base.ts'
import { $config } from '../../stores/config.ts'
import type { PendingTx, TxStepResult } from '../../stores/txRequest.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { chainRpc, explorerUrl, type ChainConfig } from '../../wallets/ethereum/chains.ts'
import { decodeCall, readToken, type DecodedCallInfo, type TokenInfo } from '../../wallets/ethereum/decode.ts'
import { formatCrypto, formatUnits, formatUsd, MAX_UINT256, shortAddress } from '../../wallets/ethereum/format.ts'
import { fetchUsdPrice, scanTransaction, type ScanVerdict } from '../../wallets/ethereum/insights.ts'
import { broadcast, prepareTransaction, signPrepared, waitForReceipt, type PreparedTransaction } from '../../wallets/embedded/transactions.ts'
import { WALLET_TIMING } from '../wallets/embedded/timing.ts'
import { TX_TEXTS } from './texts.ts'
import { mainButton, txTransition, type TxEvent } from './txFlow.ts'
import { Row, TxErrorView } from './parts.tsx'
import { txStyles } from './styles.ts'

/** Spec part 3 §4: preparing → ready → submitting → awaiting-receipt → success | error (reverted: 'Transaction failed'). */
export type TxPhase =
  | { name: 'preparing' }
  | { name: 'ready'; view: StepView }
  | { name: 'submitting'; view: StepView }
  | { name: 'awaiting-receipt'; view: StepView; hash: string }
  | { name: 'success' }
  | { name: 'error'; error: BaseError; hash: string | null; chain: ChainConfig | null }

interface StepView {
  prepared: PreparedTransaction
  info: DecodedCallInfo
  token: TokenInfo | null
  balance: bigint
  /** USD per native token; null when no price (no USD shown). */
  usd: number | null
  scan: ScanVerdict | null
}

async function loadStep(request: PendingTx, step: number): Promise<StepView> {
  const tx = request.requests[step]!
  const prepared = await prepareTransaction(request.address, tx, request.chainId)
  const [token, balance, usd, scan] = await Promise.all([
    tx.to && tx.data && tx.data !== '0x' ? readToken(prepared.chain, tx.to) : Promise.resolve(null),
    chainRpc(prepared.chain, 'eth_getBalance', [request.address, 'latest']).then((b) => BigInt(b as string)),
    fetchUsdPrice(prepared.chain.id, prepared.chain.nativeCurrency.symbol),
    scanTransaction(request.method, prepared.tx),
  ])
  return { prepared, info: decodeCall(tx.data, token?.isErc20 ?? false), token, balance, usd, scan }
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
        hash = await broadcast(prepared.chain, signed)
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
    return (
      <div className="body" part="body" data-screen="transaction-success">
        <style>{txStyles}</style>
        <h2 id="gh-sign-title" className="title" part="title">
          {options.successHeader ?? TX_TEXTS.successHeader}
        </h2>
        <p className="detail">{options.successDescription ?? TX_TEXTS.successDescription}</p>
        {request.method === 'eth_sendTransaction' ? <PrimaryButton onClick={() => request.resolve(results.current)}>{TX_TEXTS.allDone}</PrimaryButton> : null}
      </div>
    )
  }

  if (phase.name === 'error') {
    const { chain, hash, error } = phase
    const explorer = chain && hash ? `${explorerUrl(chain)}/tx/${hash}` : null
    return <TxErrorView error={error} hash={hash} explorerHref={explorer} onRetry={() => setAttempt(attempt + 1)} onClose={() => request.reject(error)} />
  }

  const titleBase =
    options.transactionInfo?.title ?? (options.transactionInfo?.action ? TX_TEXTS.approveAction(options.transactionInfo.action) : TX_TEXTS.confirmAction)
  const title = total > 1 ? `${titleBase} (${step + 1} / ${total})` : titleBase
  const view = phase.name === 'preparing' ? null : phase.view
  const busy = phase.name === 'submitting' || phase.name === 'awaiting-receipt'
  return (
    <div className="body tx" part="body" data-screen="transaction-confirm" data-phase={phase.name}>
      <style>{txStyles}</style>
      {step > 0 && !busy ? (
        <button type="button" className="tx-back" aria-label={TX_TEXTS.back} onClick={() => setStep(step - 1)}>
          ←
        </button>
      ) : null}
      {options.transactionInfo?.contractInfo?.imgUrl ? (
        <img className="logo" part="icon" src={options.transactionInfo.contractInfo.imgUrl} alt={options.transactionInfo.contractInfo.imgAltText ?? ''} />
      ) : null}
      <h2 id="gh-sign-title" className="title" part="title">
        {title}
      </h2>
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
      <PrimaryButton
        onClick={() => view && approve(view)}
        disabled={!view || busy || (view.scan === 'Malicious' && !acknowledged)}
        aria-busy={busy || undefined}
      >
        {/* Funding does not exist yet (fundingEnabled false): a short balance shows the spec's 'Add funds on <chain>' text instead. */}
        {((label) => (label === 'Approve' ? (options.buttonText ?? TX_TEXTS.approve) : label))(
          mainButton({ last, fundsMissing: view ? view.balance < view.prepared.value + view.prepared.maxFee : false, fundingEnabled: false, sponsored: false }),
        )}
      </PrimaryButton>
      {options.isCancellable !== false && !busy ? <SecondaryButton onClick={decline}>{TX_TEXTS.notNow}</SecondaryButton> : null}
    </div>
  )
}

function AddressLink({ chain, address }: { chain: ChainConfig; address: string }) {
  return (
    <a href={`${explorerUrl(chain)}/address/${address}`} target="_blank" rel="noopener noreferrer" title={address}>
      {shortAddress(address)}
    </a>
  )
}

function Summary({ view, request, step }: { view: StepView; request: PendingTx; step: number }) {
  const [open, setOpen] = useState(false)
  const { prepared, info, token, balance, usd } = view
  const { chain } = prepared
  const native = chain.nativeCurrency
  // Spec §9: USD beside native amounts when a price is known.
  const inUsd = (wei: bigint) => (usd === null ? '' : ` (${formatUsd(Number(formatUnits(wei, native.decimals)) * usd)})`)
  const tx = request.requests[step]!
  const tokenAmount = (amount: bigint) =>
    amount === MAX_UINT256 ? TX_TEXTS.maximum : `${formatCrypto(amount, token?.decimals ?? 18)}${token?.symbol ? ` ${token.symbol}` : ''}`
  const fee = `${formatCrypto(prepared.maxFee, native.decimals)} ${native.symbol}${inUsd(prepared.maxFee)}`
  const short = balance < prepared.value + prepared.maxFee
  const to = info.transferTo ?? tx.to ?? null
  return (
    <>
      <dl className="tx-rows" part="transaction-summary">
        {prepared.value > 0n ? (
          <Row label={TX_TEXTS.amount}>{`${formatCrypto(prepared.value, native.decimals)} ${native.symbol}${inUsd(prepared.value)}`}</Row>
        ) : null}
        {info.isErc20Ish && info.amount !== undefined ? <Row label={TX_TEXTS.amount}>{tokenAmount(info.amount)}</Row> : null}
        {info.isNFTIsh && info.tokenId !== undefined ? <Row label={TX_TEXTS.amount}>{`#${info.tokenId}`}</Row> : null}
        {info.spender || info.operator ? (
          <Row label={TX_TEXTS.spender}>
            <AddressLink chain={chain} address={(info.spender ?? info.operator)!} />
          </Row>
        ) : null}
        {to ? (
          <Row label={TX_TEXTS.to}>
            <AddressLink chain={chain} address={to} />
          </Row>
        ) : null}
        {(info.isErc20Ish || info.isNFTIsh) && tx.to ? (
          <Row label={TX_TEXTS.tokenAddress}>
            <AddressLink chain={chain} address={tx.to} />
          </Row>
        ) : null}
        <Row label={TX_TEXTS.network}>{chain.name}</Row>
        <Row label={TX_TEXTS.estimatedFee}>{fee}</Row>
      </dl>
      <button type="button" className="tx-details-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {TX_TEXTS.details}
      </button>
      {open ? (
        <dl className="tx-rows tx-details" part="transaction-details">
          <Row label={TX_TEXTS.from}>
            <AddressLink chain={chain} address={request.address} />
          </Row>
          {tx.to ? (
            <Row label={TX_TEXTS.to}>
              <AddressLink chain={chain} address={tx.to} />
            </Row>
          ) : null}
          <Row label={TX_TEXTS.action}>{info.functionName ?? info.action}</Row>
          <Row label={TX_TEXTS.estFees}>{fee}</Row>
          <Row label={TX_TEXTS.total}>{`${formatCrypto(prepared.value + prepared.maxFee, native.decimals)} ${native.symbol}`}</Row>
        </dl>
      ) : null}
      <div className="tx-balance" part="balance-card">
        <span>{shortAddress(request.address)}</span>
        <span>
          {TX_TEXTS.balance} {`${formatCrypto(balance, native.decimals)} ${native.symbol}`}
        </span>
      </div>
      {short ? (
        <p className="error-message" role="alert">
          {TRANSACTION_MESSAGES.addFunds(chain.name)}
        </p>
      ) : null}
    </>
  )
}

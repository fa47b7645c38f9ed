/**
 * Spec part 3 §2 'Solana transaction confirmation': 'Confirm transaction' with the Amount, Swap,
 * Network and Estimated fee rows and the expandable 'Advanced' instruction list; §4 prepare →
 * confirm → success ('Transaction complete!' / 'Transaction signed!') | error, whose retry signs
 * over a fresh blockhash. Several transactions are reviewed one by one ('(n / total)', 'Continue').
 */
import type { VersionedTransaction } from '@solana/web3.js'
import { useEffect, useRef, useState } from 'react'
import { SOLANA_TX_MESSAGES } from '../../errors/solana.ts'
import { toBaseError } from '../../errors/toBaseError.ts'
import { TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import type { BaseError } from '../../errors/base.ts'
import { $config } from '../../stores/config.ts'
import type { PendingSolanaTx, SolanaTxResult } from '../../stores/solanaTxRequest.ts'
import { Spinner } from '../../ui/Spinner.tsx'
import { formatCrypto, formatUsd, shortAddress } from '../../wallets/ethereum/format.ts'
import { SOL_DECIMALS, type SolanaCluster } from '../../wallets/solana/cluster.ts'
import { summarize, type ParsedInstruction } from '../../wallets/solana/instructions.ts'
import { requestCluster } from '../../wallets/solana/request.ts'
import {
  connectionFor,
  prepareSolanaTransaction,
  sendAndConfirm,
  signInFrame,
  toVersioned,
  withFreshBlockhash,
  type PreparedSolanaTransaction,
} from '../../wallets/solana/transactions.ts'
import { WALLET_TIMING } from '../wallets/embedded/timing.ts'
import { ErrorView } from './ErrorView.tsx'
import { addFunds, fundingAvailable } from './addFunds.ts'
import { Row, TxButtons, TxHeader, TxSuccess } from './parts.tsx'
import { TX_TEXTS } from './texts.ts'
import { mainButton, txTransition, type TxEvent } from './txFlow.ts'
import { txStyles } from './styles.ts'

type Phase =
  | { name: 'preparing' }
  | { name: 'ready' | 'submitting'; view: PreparedSolanaTransaction }
  | { name: 'awaiting-receipt'; view: PreparedSolanaTransaction; hash: string | null }
  | { name: 'success' }
  | { name: 'error'; error: BaseError; hash: string | null }

const explorerTx = (cluster: SolanaCluster, signature: string) =>
  `https://explorer.solana.com/tx/${signature}${cluster.name === 'mainnet-beta' ? '' : `?cluster=custom&customUrl=${encodeURIComponent(cluster.rpcUrl)}`}`

export default function SolanaTransactionView({ request }: { request: PendingSolanaTx }) {
  const options = request.uiOptions ?? {}
  const total = request.transactions.length
  const cluster = requestCluster(request)
  const [step, setStep] = useState(0)
  const [phase, setPhase] = useState<Phase>({ name: 'preparing' })
  const go = (event: TxEvent, next: Phase) => setPhase((from) => (txTransition(from.name, event) === next.name ? next : from))
  const [attempt, setAttempt] = useState(0)
  /** Each transaction as our VersionedTransaction, converted once; a retry refreshes the blockhash of those not yet sent. */
  const converted = useRef<VersionedTransaction[]>([])
  const results = useRef<SolanaTxResult[]>([])
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  const transaction = async (i: number) => (converted.current[i] ??= await toVersioned(request.transactions[i]!, request.address, connectionFor(cluster)))

  useEffect(() => {
    let live = true
    setPhase((from) => (from.name === 'preparing' ? from : txTransition(from.name, from.name === 'error' ? 'retry' : 'step') ? { name: 'preparing' } : from))
    ;(async () => {
      if (attempt > 0) for (let i = results.current.length; i < converted.current.length; i++) await withFreshBlockhash(converted.current[i]!, cluster)
      return prepareSolanaTransaction(request.address, await transaction(step), cluster)
    })().then(
      (view) => live && go('prepared', { name: 'ready', view }),
      (error) => live && go('fail', { name: 'error', error: toBaseError(error), hash: null }),
    )
    return () => void (live = false)
  }, [request, step, attempt])

  const last = step === total - 1
  const appName = $config.get().app?.name ?? 'This app'

  /** 'Approve' on the last step signs every transaction not yet done, in order, sending each (unless sign-only) after the previous one confirmed. */
  async function approve(view: PreparedSolanaTransaction) {
    if (!last) return setStep(step + 1)
    go('approve', { name: 'submitting', view })
    let hash: string | null = null
    try {
      for (let i = results.current.length; i < total; i++) {
        const signed = await signInFrame(request.address, await transaction(i))
        if (request.signOnly) {
          results.current.push({ signedTransaction: signed.serialize(), signature: null })
          continue
        }
        go('broadcast', { name: 'awaiting-receipt', view, hash: null })
        hash = await sendAndConfirm(signed, cluster, request.transactionOptions)
        results.current.push({ signedTransaction: signed.serialize(), signature: hash })
      }
      go(request.signOnly ? 'signed' : 'receipt', { name: 'success' })
      // As for Ethereum (spec §4): sign-only success closes by itself after 1.4 s.
      if (request.signOnly) timer.current = setTimeout(() => request.resolve(results.current), WALLET_TIMING.successCloseMs)
    } catch (error) {
      const base = toBaseError(error)
      if (base.code === 'USER_EXITED_AUTH_FLOW') return request.reject(base)
      go('fail', { name: 'error', error: base, hash: error instanceof TransactionError ? (error.hash ?? hash) : hash })
    }
  }

  const decline = () => request.reject(new TransactionError(TRANSACTION_MESSAGES.rejected, { code: 'USER_REJECTED' }))

  if (phase.name === 'success') {
    const header = request.signOnly ? TX_TEXTS.signedHeader : TX_TEXTS.successHeader
    return <TxSuccess options={options} header={header} onDone={request.signOnly ? null : () => request.resolve(results.current)} />
  }
  if (phase.name === 'error') {
    const { error, hash } = phase
    return (
      <ErrorView
        phase={{ error, hash, chain: null }}
        explorerHref={hash ? explorerTx(cluster, hash) : null}
        onRetry={() => setAttempt(attempt + 1)}
        onClose={() => request.reject(error)}
      />
    )
  }

  const titleBase = options.transactionInfo?.title ?? TX_TEXTS.confirmTransaction
  const view = phase.name === 'preparing' ? null : phase.view
  const busy = phase.name === 'submitting' || phase.name === 'awaiting-receipt'
  const short = view !== null && !request.signOnly && !view.hasFunds
  // Spec §2, §4: 'Add funds' when funds are missing and funding is available (no Solana sponsorship here).
  const label = mainButton({ last, fundsMissing: short, fundingEnabled: fundingAvailable(), sponsored: false })
  return (
    <div className="body tx" part="body" data-screen="solana-transaction-confirm" data-phase={phase.name}>
      <style>{txStyles}</style>
      <TxHeader
        options={options}
        step={step}
        busy={busy}
        onBack={() => setStep(step - 1)}
        title={total > 1 ? `${titleBase} (${step + 1} / ${total})` : titleBase}
      />
      <p className="detail">{options.description ?? TX_TEXTS.subtitle(appName)}</p>
      {view ? <SolanaSummary view={view} cluster={cluster} address={request.address} /> : <Spinner />}
      {short ? (
        <p className="error-message" role="alert">
          {SOLANA_TX_MESSAGES.addFunds}
        </p>
      ) : null}
      <TxButtons
        options={options}
        label={label}
        onApprove={() => view && approve(view)}
        onAddFunds={() => addFunds(request.address, `solana:${cluster.name}`).then(() => setAttempt((a) => a + 1))}
        disabled={!view || busy || (short && label !== 'Add funds')}
        busy={busy}
        onDecline={decline}
      />
    </div>
  )
}

function SolanaSummary({ view, cluster, address }: { view: PreparedSolanaTransaction; cluster: SolanaCluster; address: string }) {
  const [open, setOpen] = useState(false)
  const { transfer, swap } = summarize(view.instructions)
  const sol = (lamports: bigint) =>
    `${formatCrypto(lamports, SOL_DECIMALS)} SOL${view.usd === null ? '' : ` (${formatUsd((Number(lamports) / 1e9) * view.usd)})`}`
  const token = (amount: bigint, address?: string) => {
    const info = address ? view.tokens[address] : undefined
    return info ? `${formatCrypto(amount, info.decimals)} ${info.symbol ?? shortAddress(info.mint)}` : `${amount} (${shortAddress(address ?? '?')})`
  }
  const amount = !transfer
    ? null
    : transfer.type === 'sol-transfer'
      ? sol(transfer.lamports)
      : transfer.type === 'spl-transfer'
        ? token(transfer.amount, transfer.mint ?? transfer.source)
        : null
  const describe = (ix: ParsedInstruction): string => {
    switch (ix.type) {
      case 'sol-transfer':
        return `Transfer ${sol(ix.lamports)} to ${shortAddress(ix.to)}`
      case 'spl-transfer':
        return `Transfer ${token(ix.amount, ix.mint ?? ix.source)} to ${shortAddress(ix.destination)}`
      case 'ata-creation':
        return `Create ${view.tokens[ix.mint]?.symbol ?? shortAddress(ix.mint)} token account for ${shortAddress(ix.owner)}`
      case 'create-account':
        return `Create account ${shortAddress(ix.account)} (${sol(ix.lamports)})`
      case 'spl-init-account':
        return `Initialize token account ${shortAddress(ix.account)}`
      case 'spl-close-account':
        return `Close token account ${shortAddress(ix.account)}`
      case 'spl-sync-native':
        return `Sync wrapped SOL account ${shortAddress(ix.account)}`
      case 'unknown':
        return `Unknown instruction (program ${shortAddress(ix.program)}, discriminator ${ix.discriminator || 'none'})`
      default:
        return `${ix.type.startsWith('raydium') ? 'Raydium' : 'Jupiter'} swap: ${token(ix.amountIn, ix.inputMint)} → ${token(ix.amountOut, ix.outputMint)}`
    }
  }
  return (
    <>
      <dl className="tx-rows" part="transaction-summary">
        {amount ? <Row label={TX_TEXTS.amount}>{amount}</Row> : null}
        {swap ? <Row label={TX_TEXTS.swap}>{`${token(swap.amountIn, swap.inputMint)} → ${token(swap.amountOut, swap.outputMint)}`}</Row> : null}
        <Row label={TX_TEXTS.network}>{cluster.label}</Row>
        <Row label={TX_TEXTS.estimatedFee}>{view.spender === address ? sol(view.fee) : `${sol(view.fee)} (${shortAddress(view.spender)})`}</Row>
      </dl>
      <button type="button" className="tx-details-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {TX_TEXTS.advanced}
      </button>
      {open ? (
        <ol className="tx-rows tx-details tx-instructions" part="transaction-instructions">
          {view.instructions.map((ix, i) => (
            <li key={i} data-type={ix.type}>
              {describe(ix)}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="tx-balance" part="balance-card">
        <span>{shortAddress(address)}</span>
        <span>
          {TX_TEXTS.balance} {`${formatCrypto(view.balance, SOL_DECIMALS)} SOL`}
        </span>
      </div>
    </>
  )
}

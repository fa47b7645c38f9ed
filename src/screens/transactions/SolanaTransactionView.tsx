/**
 * Spec part 3 §2 'Solana transaction confirmation': 'Confirm transaction' with the Amount, Swap,
 * Network and Estimated fee rows and the expandable 'Advanced' instruction list; §4 prepare →
 * confirm → success ('Transaction complete!' / 'Transaction signed!') | error, whose retry signs
 * over a fresh blockhash. Several transactions are reviewed one by one ('(n / total)', 'Continue').
 */
import { useStore } from '@nanostores/react'
import { ChainIcon } from '../../ui/ChainIcon.tsx'
import { useState } from 'react'
import { SOLANA_TX_MESSAGES } from '../../errors/solana.ts'
import { $config } from '../../stores/config.ts'
import { approveBlocked, mainButton } from '../../transactions/flow.ts'
import type { SolanaTxController } from '../../transactions/drivers/solana.ts'
import { Spinner } from '../../ui/Spinner.tsx'
import { formatCrypto, formatUsd, shortAddress } from '../../wallets/ethereum/format.ts'
import { SOL_DECIMALS, type SolanaCluster } from '../../wallets/solana/cluster.ts'
import { summarize, type ParsedInstruction } from '../../wallets/solana/instructions.ts'
import type { PreparedSolanaTransaction } from '../../wallets/solana/transactions.ts'
import { ErrorView } from './ErrorView.tsx'
import { addFunds, fundingAvailable } from './addFunds.ts'
import { FUNDS_REASON_ID, Row, TxButtons, TxHeader, TxSuccess, useSignedClose } from './parts.tsx'
import { TX_TEXTS } from './texts.ts'
import { txStyles } from './styles.ts'

/** Renders the transaction controller's state; sends it approve / decline / retry / step. */
export default function SolanaTransactionView({ controller }: { controller: SolanaTxController }) {
  const { step, phase } = useStore(controller.$state)
  const { parameters: request, cluster, total, signOnly } = controller.driver
  const options = controller.driver.uiOptions
  useSignedClose(phase.name === 'success' && signOnly, () => controller.close())
  const last = step === total - 1
  const appName = $config.get().app?.name ?? 'This app'

  if (phase.name === 'success') {
    const header = signOnly ? TX_TEXTS.signedHeader : TX_TEXTS.successHeader
    // The host already has its answer: 'All Done' only closes.
    const href = phase.hash ? controller.driver.explorer(phase.at, phase.hash) : null
    return <TxSuccess options={options} header={header} hash={phase.hash} explorerHref={href} onDone={signOnly ? null : () => controller.close()} />
  }
  if (phase.name === 'error') {
    const { error, hash } = phase
    return (
      <ErrorView
        phase={{ error, hash }}
        explorerHref={hash ? controller.driver.explorer(phase.at, hash) : null}
        onRetry={() => controller.retry()}
        onClose={() => controller.fail(error)}
      />
    )
  }

  const titleBase = options.transactionInfo?.title ?? TX_TEXTS.confirmTransaction
  const view = phase.name === 'preparing' ? null : phase.view
  const busy = phase.name === 'submitting' || phase.name === 'awaiting-receipt'
  const short = view !== null && !request.signOnly && !view.hasFunds
  // Spec §2, §4: 'Add funds' when funds are missing and funding is available; else a disabled button with the reason.
  const funds = { last, fundsMissing: short, fundingEnabled: fundingAvailable() }
  const label = mainButton(funds)
  const cancellable = options.isCancellable !== false
  return (
    <div className="body tx" part="body" data-screen="solana-transaction-confirm" data-phase={phase.name}>
      <style>{txStyles}</style>
      <TxHeader
        options={options}
        step={step}
        busy={busy}
        onBack={() => controller.step(step - 1)}
        onClose={cancellable ? () => controller.decline() : null}
        title={total > 1 ? `${titleBase} (${step + 1} / ${total})` : titleBase}
      />
      <p className="detail">{options.description ?? TX_TEXTS.subtitle(appName)}</p>
      {view ? (
        <SolanaSummary view={view} cluster={cluster} address={request.address} link={(a) => controller.driver.explorerPage('address', a)} />
      ) : (
        <Spinner />
      )}
      {short ? (
        <p className="error-message" role="alert" id={FUNDS_REASON_ID}>
          {SOLANA_TX_MESSAGES.addFunds}
        </p>
      ) : null}
      <TxButtons
        options={options}
        label={label}
        onApprove={() => controller.approve()}
        onAddFunds={() => addFunds(request.address, `solana:${cluster.name}`).then(() => controller.refresh())}
        disabled={!view || busy || approveBlocked(funds)}
        describedBy={short ? FUNDS_REASON_ID : undefined}
        busy={busy}
        onDecline={() => controller.decline()}
      />
    </div>
  )
}

/**
 * Who receives a transfer, shown without opening 'Advanced': the SOL recipient, or the owner of the
 * receiving token account when the transaction creates that account (else the token account itself).
 */
function recipientOf(transfer: ParsedInstruction | null, instructions: ParsedInstruction[]): string | null {
  if (transfer?.type === 'sol-transfer') return transfer.to
  if (transfer?.type !== 'spl-transfer') return null
  for (const ix of instructions) {
    if ((ix.type === 'ata-creation' || ix.type === 'spl-init-account') && ix.account === transfer.destination && ix.owner) return ix.owner
  }
  return transfer.destination
}

function SolanaSummary(p: { view: PreparedSolanaTransaction; cluster: SolanaCluster; address: string; link: (address: string) => string }) {
  const { view, cluster, address } = p
  const [open, setOpen] = useState(false)
  const { transfer, swap } = summarize(view.instructions)
  const recipient = recipientOf(transfer, view.instructions)
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
        {recipient ? (
          <Row label={TX_TEXTS.to}>
            <a href={p.link(recipient)} target="_blank" rel="noopener noreferrer" title={recipient}>
              {shortAddress(recipient)}
            </a>
          </Row>
        ) : null}
        {swap ? <Row label={TX_TEXTS.swap}>{`${token(swap.amountIn, swap.inputMint)} → ${token(swap.amountOut, swap.outputMint)}`}</Row> : null}
        <Row label={TX_TEXTS.network}>
          <ChainIcon chain="solana" />
          {cluster.label}
        </Row>
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

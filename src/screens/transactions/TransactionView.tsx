import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $config } from '../../stores/config.ts'
import { fundsMissing } from '../../transactions/drivers/ethereum.ts'
import { approveBlocked, mainButton, titleKind } from '../../transactions/flow.ts'
import type { EthereumTxController } from '../../transactions/drivers/ethereum.ts'
import { Spinner } from '../../ui/Spinner.tsx'
import { TX_TEXTS } from './texts.ts'
import { txStyles } from './styles.ts'
import { addFunds, fundingAvailable } from './addFunds.ts'
import { ErrorView } from './ErrorView.tsx'
import { Summary } from './Summary.tsx'
import { FUNDS_REASON_ID, TxButtons, TxHeader, TxSuccess, useSignedClose } from './parts.tsx'

/**
 * The Ethereum transaction confirmation screen (one request or a batch, '(n / total)'): renders the
 * transaction controller's state (spec part 3 §4: preparing → ready → submitting → awaiting-receipt
 * → success | error) and sends it approve / decline / retry / step.
 */
export default function TransactionView({ controller }: { controller: EthereumTxController }) {
  const { step, phase } = useStore(controller.$state)
  const request = controller.driver.parameters
  const options = controller.driver.uiOptions
  const total = controller.driver.total
  // Spec §4: a malicious verdict disables the button until the user ticks the box.
  const [acknowledged, setAcknowledged] = useState(false)
  useSignedClose(phase.name === 'success' && controller.driver.signOnly, () => controller.close())
  const last = step === total - 1
  const appName = $config.get().app?.name ?? 'This app'

  if (phase.name === 'success') {
    // The host already has its answer: 'All Done' only closes (sign-only success closes by itself).
    const href = phase.hash ? controller.driver.explorer(phase.at, phase.hash) : null
    return (
      <TxSuccess
        options={options}
        header={TX_TEXTS.successHeader}
        hash={phase.hash}
        explorerHref={href}
        onDone={controller.driver.signOnly ? null : () => controller.close()}
      />
    )
  }

  if (phase.name === 'error') {
    const explorerHref = phase.hash ? controller.driver.explorer(phase.at, phase.hash) : null
    return <ErrorView phase={phase} explorerHref={explorerHref} onRetry={() => controller.retry()} onClose={() => controller.fail(phase.error)} />
  }

  const action = options.transactionInfo?.action
  const kind = titleKind(request.requests[step] ?? {}, action)
  const titleBase =
    options.transactionInfo?.title ??
    (kind === 'approve' ? TX_TEXTS.approveAction(action!) : kind === 'address' ? TX_TEXTS.confirmAddress : TX_TEXTS.confirmAction)
  const title = total > 1 ? `${titleBase} (${step + 1} / ${total})` : titleBase
  const view = phase.name === 'preparing' ? null : phase.view
  const busy = phase.name === 'submitting' || phase.name === 'awaiting-receipt'
  const funds = { last, fundsMissing: view ? fundsMissing(view) : false, fundingEnabled: fundingAvailable() }
  const label = mainButton(funds)
  const cancellable = options.isCancellable !== false
  return (
    <div className="body tx" part="body" data-screen="transaction-confirm" data-phase={phase.name}>
      <style>{txStyles}</style>
      <TxHeader
        options={options}
        step={step}
        busy={busy}
        onBack={() => controller.step(step - 1)}
        onClose={cancellable ? () => controller.decline() : null}
        title={title}
      />
      <p className="detail">{options.description ?? TX_TEXTS.subtitle(appName)}</p>
      {view?.scan?.verdict === 'Warning' ? (
        <p className="tx-warning" part="scan-warning" role="alert">
          {TX_TEXTS.suspicious}
        </p>
      ) : null}
      {view?.scan?.verdict === 'Malicious' ? (
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
        onApprove={() => controller.approve()}
        onAddFunds={() => view && addFunds(request.address, view.prepared.chain.id).then(() => controller.refresh())}
        disabled={!view || busy || (view.scan?.verdict === 'Malicious' && !acknowledged) || approveBlocked(funds)}
        describedBy={funds.fundsMissing ? FUNDS_REASON_ID : undefined}
        busy={busy}
        onDecline={() => controller.decline()}
      />
    </div>
  )
}

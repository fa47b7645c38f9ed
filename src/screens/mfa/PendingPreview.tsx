import { useStore } from '@nanostores/react'
import { $signRequest } from '../../stores/signRequest.ts'
import { $txPrompt } from '../../stores/txPrompt.ts'

/** The pending signature or transaction, shown beneath the MFA screens of the 'txn' flow (spec part 2 §2). */
export function PendingPreview() {
  const sign = useStore($signRequest)
  const tx = useStore($txPrompt)
  if (sign) {
    const text = typeof sign.data === 'string' ? sign.data : JSON.stringify(sign.data)
    return (
      <div className="detail" part="mfa-preview" data-preview="message">
        <strong>Message</strong>
        <pre>{text.length > 200 ? `${text.slice(0, 200)}…` : text}</pre>
      </div>
    )
  }
  const request = tx?.driver.kind === 'ethereum' ? tx.driver.parameters.requests[0] : undefined
  if (!request) return null
  return (
    <div className="detail" part="mfa-preview" data-preview="transaction">
      <strong>Transaction</strong>
      <div>To {request.to ?? 'new contract'}</div>
      {request.value !== undefined ? <div>Value {String(request.value)}</div> : null}
    </div>
  )
}

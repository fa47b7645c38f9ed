import { useEffect, useRef, useState } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { transferAccount } from '../../actions/transferAccount.ts'
import { pushScreen } from '../../stores/modal.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { mapInitError } from '../login/errorMapping.ts'

/** Spec §9: the modal closes 1 s after a transfer succeeded. */
export const TRANSFER_CLOSE_DELAY_MS = 1000

export interface AccountTransferScreenProps {
  method: string
  nonce: string
  displayName: string
  /** 'confirm' asks; 'assets' is the optional 'Check account assets before transferring' step. */
  step?: 'confirm' | 'assets'
  /** Sent along with the nonce: a wallet transfer carries its metadata (walletClientType, chainId, connectorType). */
  fields?: Record<string, unknown>
}

/**
 * Account transfer (spec §2, §4): confirm, an optional assets check, then transfer; 'Success!'
 * and close after 1 s. 'No thanks' closes, which ends a host's link flow with USER_EXITED_LINK_FLOW.
 */
export default function AccountTransferScreen({ method, nonce, displayName, step = 'confirm', fields }: AccountTransferScreenProps) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'success'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  async function transfer() {
    setStatus('busy')
    try {
      await transferAccount({ method, nonce, fields })
      setStatus('success')
      timer.current = setTimeout(() => closeModal(), TRANSFER_CLOSE_DELAY_MS)
    } catch (error) {
      setStatus('idle')
      const outcome = mapInitError(error)
      if (outcome.kind === 'screen') pushScreen(outcome.screen)
    }
  }

  if (status === 'success') {
    return (
      <div className="body" part="body" data-screen="account-transfer-success">
        <ScreenTitle>Success!</ScreenTitle>
        <p className="detail" role="status">
          {displayName} now belongs to this account.
        </p>
      </div>
    )
  }

  const busy = status === 'busy'
  const actions = (
    <div className="actions">
      <PrimaryButton onClick={transfer} disabled={busy} aria-busy={busy || undefined}>
        Transfer and delete account
      </PrimaryButton>
      <SecondaryButton onClick={() => closeModal()} disabled={busy}>
        No thanks
      </SecondaryButton>
    </div>
  )

  if (step === 'assets') {
    return (
      <div className="body" part="body" data-screen="account-transfer-assets">
        <ScreenTitle>Check account assets before transferring</ScreenTitle>
        <p className="detail">
          Transferring deletes the other account, together with anything it holds, such as an embedded wallet and its balances. To keep those assets, log out,
          log in with {displayName}, check the wallet balances and move what you want to keep to a wallet you control. Then come back here and transfer.
        </p>
        {actions}
      </div>
    )
  }

  return (
    <div className="body" part="body" data-screen="account-transfer">
      <ScreenTitle>{`${displayName} is associated with another account`}</ScreenTitle>
      <p className="detail">Do you want to transfer {displayName} to this account instead? The other account will be deleted.</p>
      {actions}
      <button
        type="button"
        className="link-button"
        part="link"
        onClick={() => pushScreen({ name: 'account-transfer', method, nonce, displayName, step: 'assets', fields })}
      >
        Check account assets before transferring
      </button>
    </div>
  )
}

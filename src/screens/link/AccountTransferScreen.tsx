import { useEffect, useRef, useState } from 'react'
import { TRANSFER_BLOCKED_BY_WALLET_MESSAGE } from '@gatehouse/contract'
import { closeModal } from '../../actions/closeModal.ts'
import { transferAccount } from '../../actions/transferAccount.ts'
import { ApiError } from '../../errors/api.ts'
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
 * The server refuses to delete an account that holds an embedded wallet: the screen then says why
 * and offers only 'No thanks'.
 */
export default function AccountTransferScreen({ method, nonce, displayName, step = 'confirm', fields }: AccountTransferScreenProps) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'success' | 'refused'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  async function transfer() {
    setStatus('busy')
    try {
      await transferAccount({ method, nonce, fields })
      setStatus('success')
      timer.current = setTimeout(() => closeModal(), TRANSFER_CLOSE_DELAY_MS)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'account_has_embedded_wallet') return setStatus('refused')
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
  const refused = status === 'refused'
  const actions = (
    <>
      {refused && (
        <p className="error-message" part="error-message" role="alert">
          {TRANSFER_BLOCKED_BY_WALLET_MESSAGE}
        </p>
      )}
      <div className="actions">
        {!refused && (
          <PrimaryButton onClick={transfer} disabled={busy} aria-busy={busy || undefined}>
            Transfer and delete account
          </PrimaryButton>
        )}
        <SecondaryButton onClick={() => closeModal()} disabled={busy}>
          No thanks
        </SecondaryButton>
      </div>
    </>
  )

  if (step === 'assets') {
    return (
      <div className="body" part="body" data-screen="account-transfer-assets">
        <ScreenTitle>Check account assets before transferring</ScreenTitle>
        <p className="detail">
          Transferring deletes the other account, together with anything it holds. An account that holds an embedded wallet is never deleted this way: to use
          its assets, log out, log in with {displayName} and check the wallet balances there.
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

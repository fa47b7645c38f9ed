import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { TRANSFER_BLOCKED_BY_WALLET_MESSAGE } from '@gatehouse/contract'
import { closeModal } from '../../actions/closeModal.ts'
import { transferAccount } from '../../actions/transferAccount.ts'
import { ApiError } from '../../errors/api.ts'
import type { TransferWallet } from '../../errors/link.ts'
import { $config } from '../../stores/config.ts'
import { pushScreen } from '../../stores/modal.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { mapInitError } from '../login/errorMapping.ts'
import { readTransferAssets, type WalletAssets } from './transferAssets.ts'

/** Spec §9: the modal closes 1 s after a transfer succeeded. */
export const TRANSFER_CLOSE_DELAY_MS = 1000

export const TRANSFER_TEXT = {
  assetsTitle: 'Check account assets before transferring',
  confirmWallets: 'I understand that these wallets, and everything in them, are deleted with the other account.',
} as const

export interface AccountTransferScreenProps {
  method: string
  nonce: string
  displayName: string
  /** 'confirm' asks; 'assets' is the 'Check account assets before transferring' step. */
  step?: 'confirm' | 'assets'
  /** Sent along with the nonce: a wallet transfer carries its metadata (walletClientType, chainId, connectorType). */
  fields?: Record<string, unknown>
  /** The other account's embedded wallets (from the `account_transfer_required` answer). */
  embeddedWallets?: TransferWallet[]
}

/**
 * Account transfer (spec §2, §4): confirm, an optional assets check, then transfer; 'Success!'
 * and close after 1 s. 'No thanks' closes, which ends a host's link flow with USER_EXITED_LINK_FLOW.
 * When the other account holds embedded wallets the assets step is not optional: it shows those
 * wallets and their balances on the app's chains, says how to export them first, and transfers
 * (deleting them) only once the user ticked the confirmation; the server refuses without it.
 */
export default function AccountTransferScreen({ method, nonce, displayName, step = 'confirm', fields, embeddedWallets = [] }: AccountTransferScreenProps) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'success' | 'refused'>('idle')
  const [confirmed, setConfirmed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])
  const holdsWallets = embeddedWallets.length > 0
  const assetsStep = () => pushScreen({ name: 'account-transfer', method, nonce, displayName, step: 'assets', fields, embeddedWallets })

  async function transfer() {
    setStatus('busy')
    try {
      await transferAccount({ method, nonce, fields: holdsWallets ? { ...fields, confirm_wallet_deletion: true } : fields })
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
  // The wallets' deletion needs the assets step's tick: from the first step the button leads there.
  const mustConfirm = holdsWallets && step === 'assets'
  const actions = (
    <>
      {refused && (
        <p className="error-message" part="error-message" role="alert">
          {TRANSFER_BLOCKED_BY_WALLET_MESSAGE}
        </p>
      )}
      <div className="actions">
        {!refused && (
          <PrimaryButton
            onClick={holdsWallets && step === 'confirm' ? assetsStep : transfer}
            disabled={busy || (mustConfirm && !confirmed)}
            aria-busy={busy || undefined}
          >
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
        <ScreenTitle>{TRANSFER_TEXT.assetsTitle}</ScreenTitle>
        {holdsWallets ? (
          <>
            <p className="detail">Transferring deletes the other account, together with anything it holds, including these wallets:</p>
            <TransferWallets wallets={embeddedWallets} />
            <p className="detail" part="export-first">
              To keep these assets, export the wallet first: choose No thanks, log out, log in with {displayName} and export the wallet from that account (the
              export asks for that account's own verification). Then log back in here and connect {displayName} again.
            </p>
            <label className="confirm-check" part="confirm-check">
              <input type="checkbox" checked={confirmed} disabled={busy} onChange={(e) => setConfirmed(e.currentTarget.checked)} />{' '}
              {TRANSFER_TEXT.confirmWallets}
            </label>
          </>
        ) : (
          <p className="detail">
            Transferring deletes the other account, together with anything it holds. To check its balances first, log out, log in with {displayName} and check
            them there.
          </p>
        )}
        {actions}
      </div>
    )
  }

  return (
    <div className="body" part="body" data-screen="account-transfer">
      <ScreenTitle>{`${displayName} is associated with another account`}</ScreenTitle>
      <p className="detail">Do you want to transfer {displayName} to this account instead? The other account will be deleted.</p>
      {actions}
      <button type="button" className="link-button" part="link" onClick={assetsStep}>
        {TRANSFER_TEXT.assetsTitle}
      </button>
    </div>
  )
}

/** The other account's wallets and their balances on the app's chains. */
function TransferWallets({ wallets }: { wallets: TransferWallet[] }) {
  const { app } = useStore($config)
  const [assets, setAssets] = useState<WalletAssets[] | null>(null)
  useEffect(() => {
    let live = true
    void readTransferAssets(wallets, app?.chains ?? []).then((read) => live && setAssets(read))
    return () => void (live = false)
  }, [wallets, app])
  if (!assets) return <Spinner />
  return (
    <ul className="transfer-wallets" part="transfer-wallets">
      {assets.map((wallet) => (
        <li key={wallet.address} data-address={wallet.address}>
          <code className="address">{wallet.address}</code>
          {wallet.balances === null ? (
            <span className="detail"> (Solana: check its balance in that account)</span>
          ) : (
            <ul>
              {wallet.balances.map((b) => (
                <li key={b.chain} data-chain={b.chain}>
                  {b.chain}: {b.amount ?? 'balance unavailable'}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  )
}

import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { parseUnits } from '../../funding/balance.ts'
import { isValidFundingAmount } from '../../funding/config.ts'
import { $funding, caip, completeFunding, fundingResult } from '../../funding/session.ts'
import { sendFromWallet } from '../../funding/walletTransfer.ts'
import { $externalWallets, type ExternalWallet } from '../../stores/externalWallets.ts'
import { pushScreen } from '../../stores/modal.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { space as s } from '../../ui/theme.ts'
import { FUNDING_TEXT } from './texts.ts'

/** Spec §2, §9: 3 wallets plus 'More wallets' when more than 4; the overflow view lists all. */
export function visibleWallets<T>(wallets: T[], expanded: boolean): { shown: T[]; more: boolean } {
  if (expanded || wallets.length <= 4) return { shown: wallets, more: false }
  return { shown: wallets.slice(0, 3), more: true }
}

/**
 * 'Transfer from wallet' (spec part 3 §2): the connected external wallets of the funded chain type;
 * the chosen one sends the amount to the funded address (Ethereum to Ethereum: its own provider,
 * on the funded chain; Solana to Solana: a SOL or SPL (USDC) transfer the wallet signs, sent to the
 * funded cluster), then the receipt or confirmation is awaited; a wallet of the other chain type goes
 * to the bridge (`funding-bridge`) when the app allows bridging.
 */
export default function WalletTransferScreen() {
  const config = useStore($funding)
  const all = useStore($externalWallets)
  const [expanded, setExpanded] = useState(false)
  const [amount, setAmount] = useState(config?.amount ?? '')
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (!config) return null
  // Spec §2: the flow follows the source and destination chain types; Ethereum → Solana and
  // Solana → Ethereum go through the bridge when the app allows bridging.
  const wallets = all.filter(
    (w) => (w.chainType === config.chainType || config.crossChainBridgingEnabled) && w.address.toLowerCase() !== config.address.toLowerCase(),
  )
  const { shown, more } = visibleWallets(wallets, expanded)
  const valid = isValidFundingAmount(amount)

  const send = async (wallet: ExternalWallet) => {
    if (wallet.chainType !== config.chainType) return pushScreen({ name: 'funding-bridge', source: wallet.address, amount })
    setBusy(wallet.address)
    setError(null)
    try {
      const hash = await sendFromWallet(wallet, config, parseUnits(amount, config.decimals ?? 18))
      completeFunding(
        fundingResult(config, {
          provider: 'wallet',
          status: 'completed',
          txHash: hash,
          sourceAddress: wallet.address,
          sourceValue: amount,
          destinationValue: amount,
          sourceToken: config.symbol,
          sourceChain: caip(config),
        }),
      )
      closeModal()
    } catch (failure) {
      setError((failure as { shortMessage?: string }).shortMessage ?? (failure as Error).message)
      setBusy(null)
    }
  }

  return (
    <div className="body" part="body" data-screen="funding-wallets">
      <ScreenTitle>{FUNDING_TEXT.wallet}</ScreenTitle>
      <div className="amount-field" style={{ display: 'flex', alignItems: 'center', gap: s(2) }}>
        <input
          className="text-input"
          part="input amount-input"
          inputMode="decimal"
          aria-label={`Amount in ${config.symbol}`}
          aria-describedby="gh-amount-currency"
          value={amount}
          onChange={(e) => /^\d*\.?\d*$/.test(e.target.value) && setAmount(e.target.value)}
        />
        <span id="gh-amount-currency" className="detail" style={{ fontWeight: 600 }}>
          {config.symbol}
        </span>
      </div>
      {error ? (
        <p className="error-message" part="error-message" role="alert">
          {error}
        </p>
      ) : null}
      {busy ? <Spinner label="Sending" /> : null}
      {wallets.length === 0 ? (
        // No wallet connected (or none installed): the login's wallet list, connect only, offers
        // WalletConnect's QR code and the install links, then comes back here with the wallet.
        <>
          <p className="detail">{FUNDING_TEXT.noWallet}</p>
          <PrimaryButton onClick={() => pushScreen({ name: 'wallet-list', intent: 'connect', returnTo: 'funding-wallets' })}>
            {FUNDING_TEXT.connectWallet}
          </PrimaryButton>
        </>
      ) : null}
      <ul className="wallet-list" part="wallet-list">
        {shown.map((wallet) => (
          <li key={wallet.address}>
            <button type="button" className="wallet-row" part="wallet-row" disabled={!valid || busy !== null} onClick={() => send(wallet)}>
              <span className="wallet-name">{wallet.meta.name}</span>{' '}
              <span className="detail">{`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`}</span>
            </button>
          </li>
        ))}
      </ul>
      {more ? <PrimaryButton onClick={() => setExpanded(true)}>{FUNDING_TEXT.moreWallets}</PrimaryButton> : null}
    </div>
  )
}

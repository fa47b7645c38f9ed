import { useEffect, useState } from 'react'
import type { SelectedWallet } from '../../stores/modal.ts'
import { LinkButton, PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { WALLET_LISTING } from '../../wallets/external/listing.ts'
import { WALLET_TEXT } from './walletErrors.ts'
import { WalletIcon } from './WalletIcon.tsx'
import { WalletStyles } from './WalletStyles.tsx'
import { WALLET_TIMING } from './timing.ts'
import { isMobile } from '../../platform/device.ts'

/** Phones have no wallet extensions: there the wallet app is opened by its link instead. */

/**
 * The wallet is not in this browser: 'Open or install X' with the extension's install link, or on
 * a phone the mobile redirect (Continue opens the app; 'Still here?' with 'Go to App Store' after 1 s).
 */
export function InstallGuide({ wallet, onBack }: { wallet: SelectedWallet; onBack: () => void }) {
  const listing = WALLET_LISTING.find((l) => l.id === wallet.listingId)
  const [redirected, setRedirected] = useState(false)
  const [stillHere, setStillHere] = useState(false)
  useEffect(() => {
    if (!redirected) return
    const timer = setTimeout(() => setStillHere(true), WALLET_TIMING.stillHereMs)
    return () => clearTimeout(timer)
  }, [redirected])

  const mobileLink = listing?.mobile.universal ?? listing?.mobile.native
  const openApp = () => {
    if (!mobileLink) return
    setRedirected(true)
    // The wallet app opens the current page in its own browser, where it is injected.
    globalThis.location.href = `${mobileLink.replace(/\/+$/, '')}/dapp/${globalThis.location.host}${globalThis.location.pathname}`
  }

  return (
    <div className="body" part="body" data-screen="wallet-install">
      <WalletStyles />
      <WalletIcon name={wallet.label} icon={wallet.icon} />
      <ScreenTitle>{WALLET_TEXT.openOrInstall(wallet.label)}</ScreenTitle>
      {stillHere ? <p className="detail">{WALLET_TEXT.stillHere}</p> : null}
      <div className="actions">
        {isMobile() && mobileLink ? (
          stillHere && listing?.appStore ? (
            <LinkButton href={listing.appStore} primary>
              {WALLET_TEXT.goToAppStore}
            </LinkButton>
          ) : (
            <PrimaryButton onClick={openApp}>Continue</PrimaryButton>
          )
        ) : listing?.install ? (
          <LinkButton href={listing.install} primary>
            {`Install ${wallet.label}`}
          </LinkButton>
        ) : (
          <p className="detail">{`${wallet.label} is not installed in this browser.`}</p>
        )}
        <SecondaryButton onClick={onBack}>{WALLET_TEXT.useDifferentWallet}</SecondaryButton>
      </div>
    </div>
  )
}

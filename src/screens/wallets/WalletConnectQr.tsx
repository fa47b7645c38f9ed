import { useEffect, useState } from 'react'
import type { SelectedWallet } from '../../stores/modal.ts'
import { LinkButton, PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { WALLET_TEXT } from './walletErrors.ts'
import { WalletIcon } from './WalletIcon.tsx'
import { WALLET_TIMING } from './timing.ts'
import { isMobile } from '../../platform/device.ts'
import { QR_DEFAULTS, qrSvgDataUrl } from '../../platform/qr.ts'

/** Spec part 2 §9: QR default size 160, error correction Q (src/platform/qr.ts). */
const QR_SIZE = QR_DEFAULTS.width
/** Spec §9: 2 s copy checkmark. */
const COPIED_MS = 2_000

/** `<universal>/wc?uri=…` (preferred: opens the app or its web page), else `<native>//wc?uri=…`. */
export function walletConnectDeepLink(mobile: SelectedWallet['mobile'], uri: string): string | null {
  const encoded = encodeURIComponent(uri)
  if (mobile?.universal) return `${mobile.universal.replace(/\/+$/, '')}/wc?uri=${encoded}`
  if (mobile?.native) return `${mobile.native.replace(/[:/]+$/, '')}://wc?uri=${encoded}`
  return null
}

/**
 * WalletConnect pairing (spec part 2 §2): on a desktop the `wc:` URI as a QR code ('Scan code to
 * connect to X') with a copy button; on a phone 'Open or install X', which opens the wallet app
 * by its deep link, then polls every 500 ms whether the page went to the background: if it never
 * did after 1 s, the app is not installed — 'Still here?' with 'Go to App Store'.
 */
export function WalletConnectQr({ wallet, uri, appStore, onBack }: { wallet: SelectedWallet; uri: string | null; appStore?: string; onBack: () => void }) {
  const [qr, setQr] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const [redirectedAt, setRedirectedAt] = useState<number | null>(null)
  const [stillHere, setStillHere] = useState(false)
  const mobile = isMobile()
  const deepLink = uri ? walletConnectDeepLink(wallet.mobile, uri) : null

  useEffect(() => {
    if (!uri || mobile) return
    let alive = true
    // qrcode is fetched with this screen only, never with the landing screen.
    qrSvgDataUrl(uri)
      .then((url) => alive && setQr(url))
      .catch(() => alive && setQr(null))
    return () => void (alive = false)
  }, [uri])

  useEffect(() => {
    if (redirectedAt === null) return
    let left = false
    const poll = setInterval(() => {
      if (document.visibilityState === 'hidden') left = true
      else if (!left && Date.now() - redirectedAt >= WALLET_TIMING.stillHereMs) {
        setStillHere(true)
        clearInterval(poll)
      }
    }, WALLET_TIMING.walletConnectRedirectPollMs)
    return () => clearInterval(poll)
  }, [redirectedAt])

  const copy = async () => {
    if (!uri) return
    await navigator.clipboard?.writeText(uri).catch(() => {})
    setCopied(true)
    setTimeout(() => setCopied(false), COPIED_MS)
  }
  const open = () => {
    if (!deepLink) return
    setStillHere(false)
    setRedirectedAt(Date.now())
    globalThis.location.href = deepLink
  }

  if (mobile && deepLink) {
    return (
      <div className="body" part="body" data-screen="wallet-connect-redirect" data-uri={uri ?? undefined}>
        <WalletIcon name={wallet.label} icon={wallet.icon} />
        <ScreenTitle>{WALLET_TEXT.openOrInstall(wallet.label)}</ScreenTitle>
        {stillHere ? <p className="detail">{WALLET_TEXT.stillHere}</p> : null}
        <div className="actions">
          {stillHere && appStore ? (
            <LinkButton href={appStore} primary>
              {WALLET_TEXT.goToAppStore}
            </LinkButton>
          ) : (
            <PrimaryButton onClick={open}>Continue</PrimaryButton>
          )}
          <SecondaryButton onClick={onBack}>{WALLET_TEXT.useDifferentWallet}</SecondaryButton>
        </div>
      </div>
    )
  }

  return (
    <div className="body" part="body" data-screen="wallet-connect-qr" data-uri={uri ?? undefined}>
      <ScreenTitle>{WALLET_TEXT.scanToConnect(wallet.label)}</ScreenTitle>
      <div className="wc-qr" part="walletconnect-qr" style={{ width: QR_SIZE, height: QR_SIZE }}>
        {qr ? <img alt={`QR code for ${wallet.label}`} width={QR_SIZE} height={QR_SIZE} src={qr} /> : <Spinner />}
      </div>
      <div className="actions">
        <SecondaryButton onClick={copy} disabled={!uri} data-copy-uri>
          {copied ? 'Copied' : 'Copy link'}
        </SecondaryButton>
        <SecondaryButton onClick={onBack}>{WALLET_TEXT.useDifferentWallet}</SecondaryButton>
      </div>
    </div>
  )
}

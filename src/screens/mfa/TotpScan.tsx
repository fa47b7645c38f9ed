import { useEffect, useState } from 'react'
import { QR_DEFAULTS, qrSvgDataUrl } from '../../platform/qr.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'

/** Spec part 2 §9: the default QR (160, error correction Q); the copy checkmark stays 2 s. */
const COPIED_MS = 2000

/** 'Scan QR code': the otpauth:// URL as a QR code (qrcode loads lazily) and the copyable setup key. */
export function TotpScan({ secret, authUrl, onContinue }: { secret: string; authUrl: string; onContinue: () => void }) {
  const [qr, setQr] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    void qrSvgDataUrl(authUrl).then(setQr, () => setQr(null))
  }, [authUrl])
  const copy = () => {
    void navigator.clipboard?.writeText(secret).catch(() => {})
    setCopied(true)
    setTimeout(() => setCopied(false), COPIED_MS)
  }
  return (
    <div className="body" part="body" data-screen="mfa-enroll-totp">
      <ScreenTitle>Scan QR code</ScreenTitle>
      <p className="detail">Scan this QR code with your authenticator app, or enter the setup key by hand.</p>
      {qr ? <img className="qr" part="qr" src={qr} width={QR_DEFAULTS.width} height={QR_DEFAULTS.width} alt="QR code for your authenticator app" /> : null}
      <p className="detail">
        Setup key: <code data-setup-key>{secret}</code>
      </p>
      <div className="actions">
        <SecondaryButton onClick={copy}>{copied ? 'Copied ✓' : 'Copy setup key'}</SecondaryButton>
        <PrimaryButton onClick={onContinue}>Continue</PrimaryButton>
      </div>
    </div>
  )
}

/**
 * Spec part 3 §2/§4 'Add a signer to Farcaster': the wallet frame registers its signer key, then the
 * request's approval URL shows as a QR code (275 px) on desktop, or as an open-app button on
 * mobile ('Open Farcaster app' on iOS); the status is polled every 2 s. Approved → 'Success!' and
 * the modal closes after 1.4 s; revoked → 'Request rejected'; 5 minutes → the time-out; no public
 * key or any other failure → 'Connect failed'. Retry starts over.
 */
import { useState } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { farcasterDevice, OPEN_APP_LABEL } from '../../farcaster/device.ts'
import { FARCASTER_SIGNER_TEXT, FARCASTER_SIGNER_TIMING, FarcasterSignerError, initFarcasterSigner, pollFarcasterSigner } from '../../farcaster/signer.ts'
import { qrSvgDataUrl } from '../../platform/qr.ts'
import { $farcasterSigner } from '../../stores/farcasterSigner.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ProgressView } from '../../ui/ProgressView.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { useAttempt } from '../../ui/useAttempt.ts'
import { useLater } from '../../ui/useLater.ts'

/** Spec part 3 §9: the Farcaster QR code is 275 px. */
export const SIGNER_QR_SIZE = 275
const TITLE = 'Add a signer to Farcaster'

type Status =
  { kind: 'starting' } | { kind: 'awaiting'; url: string; qr: string | null } | { kind: 'success' } | { kind: 'error'; title: string; detail: string }

function failure(error: unknown): Status {
  const reason = error instanceof FarcasterSignerError ? error.reason : 'failed'
  if (reason === 'rejected') return { kind: 'error', title: FARCASTER_SIGNER_TEXT.rejected, detail: FARCASTER_SIGNER_TEXT.rejectedDetail }
  if (reason === 'timeout') return { kind: 'error', title: FARCASTER_SIGNER_TEXT.connectFailed, detail: FARCASTER_SIGNER_TEXT.timedOut }
  return { kind: 'error', title: FARCASTER_SIGNER_TEXT.connectFailed, detail: FARCASTER_SIGNER_TEXT.somethingWrong }
}

export default function FarcasterSignerScreen() {
  const [status, setStatus] = useState<Status>({ kind: 'starting' })
  const later = useLater()
  const device = farcasterDevice(navigator.userAgent, navigator.maxTouchPoints)

  const attempt = useAttempt(async ({ signal, live }) => {
    setStatus({ kind: 'starting' })
    const pending = $farcasterSigner.get()
    if (pending) $farcasterSigner.set({ ...pending, failure: undefined })
    try {
      let answer = await initFarcasterSigner()
      if (!live()) return
      if (answer.status === 'revoked') throw new FarcasterSignerError('rejected')
      if (answer.status !== 'approved') {
        const url = answer.signer_approval_url
        if (!url) throw new FarcasterSignerError('failed')
        setStatus({ kind: 'awaiting', url, qr: null })
        if (device === 'desktop') {
          void qrSvgDataUrl(url, { width: SIGNER_QR_SIZE }).then(
            (qr) => live() && setStatus((s) => (s.kind === 'awaiting' && s.url === url ? { ...s, qr } : s)),
            () => undefined,
          )
        }
        answer = await pollFarcasterSigner(answer.public_key, { signal })
        if (!live()) return
      }
      setStatus({ kind: 'success' })
      later(FARCASTER_SIGNER_TIMING.closeMs, () => {
        $farcasterSigner.get()?.resolve()
        closeModal()
      })
    } catch (error) {
      if (!live()) return
      const current = $farcasterSigner.get()
      if (current)
        $farcasterSigner.set({ ...current, failure: error instanceof FarcasterSignerError ? error : new FarcasterSignerError('failed', { cause: error }) })
      setStatus(failure(error))
    }
  })

  if (status.kind === 'success') return <ProgressView screen="farcaster-signer-success" done title="Success!" detail="Your signer was added to Farcaster." />
  return (
    <div className="body" part="body" data-screen="farcaster-signer" data-status={status.kind} data-device={device}>
      {status.kind === 'error' ? (
        <>
          <ScreenTitle>{status.title}</ScreenTitle>
          <p className="error" role="alert" part="error">
            {status.detail}
          </p>
          <PrimaryButton onClick={attempt}>Retry</PrimaryButton>
        </>
      ) : (
        <>
          <ScreenTitle>{TITLE}</ScreenTitle>
          {status.kind === 'starting' && <Spinner label="Connecting to Farcaster" />}
          {status.kind === 'awaiting' &&
            (device === 'desktop' ? (
              <>
                <p className="detail">Scan with your phone's camera and approve the request in the Farcaster app.</p>
                <div
                  className="farcaster-qr"
                  part="farcaster-qr"
                  data-approval-url={status.url}
                  style={{ display: 'flex', justifyContent: 'center', minHeight: SIGNER_QR_SIZE }}
                >
                  {status.qr ? (
                    <img src={status.qr} width={SIGNER_QR_SIZE} height={SIGNER_QR_SIZE} alt="QR code to add a signer in Farcaster" />
                  ) : (
                    <Spinner label="Drawing QR code" />
                  )}
                </div>
              </>
            ) : (
              <>
                <p className="detail">Approve the request in the Farcaster app, then come back here.</p>
                <a className="primary-button" part="primary-button" href={status.url} data-approval-url={status.url}>
                  {OPEN_APP_LABEL[device]}
                </a>
              </>
            ))}
          {status.kind === 'awaiting' && <Spinner label="Waiting for Farcaster" />}
        </>
      )}
    </div>
  )
}

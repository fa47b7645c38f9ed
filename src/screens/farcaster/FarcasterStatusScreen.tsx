/**
 * Spec §2/§4 'Farcaster sign-in': opens a relay channel, shows its connect URI as a QR code on
 * desktop (or the open-app button on mobile), polls the channel every 2 s for up to 120 s, then
 * logs in (or links) with the signed message. Success follows terms → wallet → close; failures
 * show 'Authentication failed' with the spec's detail and Retry (a fresh channel).
 */
import { useState } from 'react'
import { loginWithFarcaster } from '../../actions/loginWithFarcaster.ts'
import { initFarcaster, pollFarcasterStatus } from '../../farcaster/channel.ts'
import { farcasterDevice, OPEN_APP_LABEL } from '../../farcaster/device.ts'
import { QR_OPTIONS, qrDataUrl } from '../../farcaster/qr.ts'
import { completeFlow } from '../../flows/completion.ts'
import { replaceScreen } from '../../stores/modal.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { ProviderStatusView } from '../common/ProviderStatusView.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { useAttempt } from '../../ui/useAttempt.ts'
import { useLater } from '../../ui/useLater.ts'
import { mapFarcasterError } from './farcasterErrors.ts'

type Status =
  | { kind: 'starting' }
  | { kind: 'awaiting'; connectUri: string; qr: string | null }
  | { kind: 'verifying' }
  | { kind: 'success' }
  | { kind: 'error'; title: string; detail: string; retry: boolean }

export default function FarcasterStatusScreen({ intent = 'login' }: { intent?: 'login' | 'link' }) {
  const [status, setStatus] = useState<Status>({ kind: 'starting' })
  const later = useLater()
  const device = farcasterDevice(navigator.userAgent, navigator.maxTouchPoints)

  const attempt = useAttempt(async ({ signal, live }) => {
    setStatus({ kind: 'starting' })
    let fid: number | undefined
    try {
      const channel = await initFarcaster()
      if (!live()) return
      setStatus({ kind: 'awaiting', connectUri: channel.connect_uri, qr: null })
      if (device === 'desktop') {
        // The QR code is drawn while the poll already runs; a failed drawing leaves the link.
        void qrDataUrl(channel.connect_uri).then(
          (qr) => live() && setStatus((s) => (s.kind === 'awaiting' && s.connectUri === channel.connect_uri ? { ...s, qr } : s)),
          () => undefined,
        )
      }
      const signed = await pollFarcasterStatus(channel.channel_token, { signal })
      if (!live()) return
      fid = signed.fid
      setStatus({ kind: 'verifying' })
      const outcome = await loginWithFarcaster({
        channelToken: channel.channel_token,
        message: signed.message,
        signature: signed.signature,
        fid: signed.fid,
        link: intent === 'link',
      })
      if (!live()) return
      setStatus({ kind: 'success' })
      completeFlow('isNewUser' in outcome ? { user: outcome.user, isNewUser: outcome.isNewUser, loginMethod: 'farcaster' } : null, later)
    } catch (error) {
      if (!live()) return
      const mapped = mapFarcasterError(error, fid)
      if (mapped.kind === 'screen') replaceScreen(mapped.screen)
      else setStatus({ kind: 'error', title: mapped.title, detail: mapped.detail, retry: mapped.retry })
    }
  })

  return (
    <div className="body" part="body" data-screen="farcaster-status" data-status={status.kind} data-device={device}>
      {status.kind === 'starting' && (
        <>
          <ScreenTitle>Sign in with Farcaster</ScreenTitle>
          <Spinner label="Connecting to Farcaster" />
        </>
      )}
      {status.kind === 'awaiting' && (
        <>
          <ScreenTitle>Sign in with Farcaster</ScreenTitle>
          {device === 'desktop' ? (
            <>
              <p className="detail">Scan with your phone's camera to continue.</p>
              <div
                className="farcaster-qr"
                part="farcaster-qr"
                data-connect-uri={status.connectUri}
                style={{ display: 'flex', justifyContent: 'center', minHeight: QR_OPTIONS.width }}
              >
                {status.qr ? (
                  <img src={status.qr} width={QR_OPTIONS.width} height={QR_OPTIONS.width} alt="QR code to sign in with Farcaster" />
                ) : (
                  <Spinner label="Drawing QR code" />
                )}
              </div>
            </>
          ) : (
            <>
              <p className="detail">Approve the sign-in request in Farcaster, then come back here.</p>
              <a className="primary-button" part="primary-button" href={status.connectUri} data-connect-uri={status.connectUri}>
                {OPEN_APP_LABEL[device]}
              </a>
            </>
          )}
          <Spinner label="Waiting for Farcaster" />
        </>
      )}
      <ProviderStatusView provider="Farcaster" status={status} onRetry={attempt} />
    </div>
  )
}

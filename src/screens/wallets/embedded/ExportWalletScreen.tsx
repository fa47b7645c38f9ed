import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { trackEvent } from '../../../api/analytics.ts'
import { getAccessToken } from '../../../actions/getAccessToken.ts'
import { logout } from '../../../actions/logout.ts'
import { resetScreens } from '../../../stores/modal.ts'
import { PrimaryButton } from '../../../ui/Button.tsx'
import { $config } from '../../../stores/config.ts'
import { findWallet, walletRef } from '../../../stores/wallets.ts'
import { ScreenTitle } from '../../../ui/ScreenTitle.tsx'
import { getAnalyticsClientId } from '../../../stores/storage.ts'

export const EXPORT_LEARN_MORE_URL = 'https://ethereum.org/en/wallets/#how-to-stay-safe'
export const EXPORT_LOGIN_AGAIN_TEXT = 'For your security, log in again to export your wallet.'
const TAG = 'gatehouse-wallet'
/** The export frame's refusals that a fresh login on this device cures (the server wants a recent ceremony). */
const LOGIN_AGAIN = new Set(['reauthentication_required', 'session_not_on_device'])

type Failure = null | 'generic' | 'login-again'

/**
 * 'Export wallet': the warning, and the key shown inside a frame of the API origin. The host
 * passes the access token to that frame by postMessage; the key is never sent back.
 */
export default function ExportWalletScreen({ address }: { address: string }) {
  const { appId, apiUrl } = useStore($config)
  const frame = useRef<HTMLIFrameElement>(null)
  const [failed, setFailed] = useState<Failure>(null)
  const wallet = findWallet(address)
  const origin = new URL(apiUrl || location.origin, location.href).origin
  const query = new URLSearchParams({
    v: '1',
    entropy_id: wallet?.entropyId ?? '',
    entropy_id_verifier: wallet?.entropyIdVerifier ?? '',
    hd_wallet_index: String(wallet?.walletIndex ?? 0),
    chain_type: wallet?.chainType ?? 'ethereum',
    client_id: getAnalyticsClientId(),
    width: '320',
    phrase_export: String(!wallet?.imported),
  })
  const src = `${origin}/apps/${encodeURIComponent(appId ?? '')}/embedded-wallets/export?${query}`

  useEffect(() => {
    const id = `export-${Date.now().toString(36)}`
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return
      const reply = event.data as { tag?: string; id?: string; ok?: boolean; error?: { type?: string } }
      if (reply?.tag !== TAG || reply.id !== id) return
      if (reply.ok) trackEvent('embedded_wallet_key_export_completed')
      else setFailed(LOGIN_AGAIN.has(reply.error?.type ?? '') ? 'login-again' : 'generic')
    }
    window.addEventListener('message', onMessage)
    const iframe = frame.current
    const onLoad = async () => {
      const accessToken = await getAccessToken()
      const ref = wallet && walletRef(wallet)
      if (!accessToken || !ref) return setFailed('generic')
      iframe?.contentWindow?.postMessage({ tag: TAG, id, type: 'export:show', payload: { accessToken, wallet: ref } }, origin)
    }
    iframe?.addEventListener('load', onLoad)
    return () => {
      window.removeEventListener('message', onMessage)
      iframe?.removeEventListener('load', onLoad)
    }
  }, [origin, wallet])

  return (
    <div className="body" part="body" data-screen="embedded-wallet-export">
      <ScreenTitle>Export wallet</ScreenTitle>
      <p className="detail" role="note">
        Never share your private key or seed phrase with anyone.{' '}
        <a href={EXPORT_LEARN_MORE_URL} target="_blank" rel="noopener noreferrer">
          Learn more
        </a>
      </p>
      <iframe ref={frame} className="export-frame" part="export-frame" title="Exported key" src={src} />
      {failed === 'generic' ? (
        <p className="error-message" part="error-message" role="alert">
          Something went wrong
        </p>
      ) : null}
      {failed === 'login-again' ? (
        <>
          <p className="error-message" part="error-message" role="alert">
            {EXPORT_LOGIN_AGAIN_TEXT}
          </p>
          {/* A fresh login ceremony on this device: the landing screen, in the same modal. */}
          <PrimaryButton onClick={() => void logout().then(() => resetScreens())}>Log in again</PrimaryButton>
        </>
      ) : null}
    </div>
  )
}

import { useStore } from '@nanostores/react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { buildExportQuery, type ExportQueryInput } from '../../../../frame/src/exportQuery.ts'
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

/** Spec part 3 §9: the export frame is 44 px high; it spans the modal's content width. */
export const EXPORT_FRAME = { height: 44, width: 320 }

/** The theme colours the export page paints with, from the modal's resolved custom properties. */
function themeColors(style: CSSStyleDeclaration): ExportQueryInput['colors'] {
  const read = (name: string) => style.getPropertyValue(name).trim() || undefined
  return {
    background: read('--_bg'),
    foreground: read('--_fg'),
    accent: read('--gh-accent'),
    accent_foreground: read('--gh-accent-contrast'),
    border: read('--_border'),
  }
}

type Failure = null | 'generic' | 'login-again'

/**
 * 'Export wallet': the warning, and a 44 px frame of the API origin whose 'Copy key' / 'Copy
 * phrase' buttons copy the secret to the clipboard. The host passes the access token to that frame
 * by postMessage and names the wallet in its URL (`wallet_id`); the key is never sent back.
 */
export default function ExportWalletScreen({ address }: { address: string }) {
  const { appId, apiUrl } = useStore($config)
  const frame = useRef<HTMLIFrameElement>(null)
  const [failed, setFailed] = useState<Failure>(null)
  const wallet = findWallet(address)
  const origin = new URL(apiUrl || location.origin, location.href).origin
  const body = useRef<HTMLDivElement>(null)
  // The modal's resolved theme colours (app config, theme attribute, host CSS overrides), read once laid out.
  const [colors, setColors] = useState<ExportQueryInput['colors'] | null>(null)
  useLayoutEffect(() => setColors(body.current ? themeColors(getComputedStyle(body.current)) : {}), [])
  const query = buildExportQuery({
    walletId: wallet?.id ?? '',
    clientId: getAnalyticsClientId(),
    width: EXPORT_FRAME.width,
    phraseExport: !wallet?.imported,
    colors: colors ?? {},
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
      iframe?.contentWindow?.postMessage({ tag: TAG, id, type: 'export:show', payload: { accessToken, wallet: ref, walletId: wallet.id } }, origin)
    }
    iframe?.addEventListener('load', onLoad)
    return () => {
      window.removeEventListener('message', onMessage)
      iframe?.removeEventListener('load', onLoad)
    }
  }, [origin, wallet, colors])

  return (
    <div className="body" part="body" data-screen="embedded-wallet-export" ref={body}>
      <ScreenTitle>Export wallet</ScreenTitle>
      <p className="detail" role="note">
        Never share your private key or seed phrase with anyone.{' '}
        <a href={EXPORT_LEARN_MORE_URL} target="_blank" rel="noopener noreferrer">
          Learn more
        </a>
      </p>
      {/* The page copies the key to the clipboard itself: the frame may write it, never read it. */}
      {colors ? (
        <iframe
          ref={frame}
          className="export-frame"
          part="export-frame"
          title="Exported key"
          src={src}
          allow="clipboard-write"
          style={{ height: EXPORT_FRAME.height }}
        />
      ) : null}
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

import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { completeFlow } from '../../flows/completion.ts'
import { backScreen, backToScreen, replaceScreen, type ScreenName, type SelectedWallet } from '../../stores/modal.ts'
import {
  $walletFlow,
  setWalletStatus,
  startWalletFlow,
  takeWalletRetry,
  WALLET_MAX_RETRIES,
  type WalletChainType,
  type WalletIntent,
} from '../../stores/walletFlow.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { useLater } from '../../ui/useLater.ts'
import type { ConnectedWallet } from '../../wallets/external/manager.ts'
import { walletLink, walletLogin } from '../../wallets/external/walletAuth.ts'
import { transferScreen } from '../../flows/outcome.ts'
import { InstallGuide } from './InstallGuide.tsx'
import { WalletConnectQr } from './WalletConnectQr.tsx'
import { WALLET_LISTING } from '../../wallets/external/listing.ts'
import { isPhantomMultichainFailure, mapWalletError, withWalletTimeout, WALLET_TEXT } from './walletErrors.ts'
import { WalletIcon } from './WalletIcon.tsx'
import { WalletStyles } from './WalletStyles.tsx'
import { WALLET_TIMING } from './timing.ts'

export interface WalletConnectScreenProps {
  intent: WalletIntent
  wallet: SelectedWallet
  chainType: WalletChainType
  /** Connect only, from another screen: back to it once connected instead of closing. */
  returnTo?: ScreenName
}

const loadManager = () => import('../../wallets/external/manager.ts')

/**
 * Wallet connection status (spec part 2 §2, §4): 'Waiting for X' → ('Switching networks') →
 * 'Sign to verify' → 'Signing' → 'Successfully connected with X', or an error with Retry (up to
 * 2) and 'Use a different wallet'. A wallet that is not installed shows the install guide.
 */
export default function WalletConnectScreen({ intent, wallet, chainType, returnTo }: WalletConnectScreenProps) {
  const flow = useStore($walletFlow)
  const connected = useRef<ConnectedWallet | null>(null)
  // Phantom on Solana asks first whether a Ledger is behind it (a Ledger signs transactions only).
  const [ledger, setLedger] = useState<boolean | null>(chainType === 'solana' && wallet.key === 'phantom' && intent !== 'connect' ? null : false)
  const [multichainFailed, setMultichainFailed] = useState(false)
  // WalletConnect and the Coinbase SDK need nothing installed: they pair by QR / deep link or popup.
  const viaSdk = chainType === 'ethereum' && Boolean(wallet.connector)
  const installed = Boolean(wallet.detectedIds[chainType]) || viaSdk
  const [pairingUri, setPairingUri] = useState<string | null>(null)
  const label = wallet.label

  const later = useLater()

  function fail(error: unknown) {
    // A wallet another user holds: offer the transfer, carrying the connection's wallet metadata.
    const signer = connected.current?.signer
    const transfer = intent === 'link' && signer ? transferScreen(error, chainType === 'ethereum' ? 'siwe' : 'siws') : null
    if (transfer && signer && transfer.name === 'account-transfer') {
      const chainId = chainType === 'ethereum' ? `eip155:${signer.chainId}` : String(signer.chainId)
      const fields = { walletClientType: signer.walletClientType ?? 'unknown', chainId, connectorType: signer.connectorType ?? 'injected' }
      return replaceScreen({ ...transfer, fields })
    }
    const outcome = mapWalletError(error)
    if (outcome.kind === 'screen') return replaceScreen(outcome.screen)
    // Spec §2: after 2 retries only 'Use a different wallet' is left, under 'Unable to connect wallet'.
    const exhausted = $walletFlow.get().retries >= WALLET_MAX_RETRIES
    setWalletStatus(
      'error',
      exhausted && outcome.error.retryable ? { title: WALLET_TEXT.unableToConnect, detail: outcome.error.title, retryable: false } : outcome.error,
    )
  }

  async function connect() {
    if (!setWalletStatus('connecting')) return
    try {
      setPairingUri(null)
      const manager = await loadManager()
      const result = await withWalletTimeout(
        manager.connectSelected(wallet, chainType, () => setWalletStatus('switching_to_supported_chain'), { onDisplayUri: setPairingUri }),
        WALLET_TIMING.requestTimeoutMs,
      )
      connected.current = result
      if (intent === 'connect') {
        setWalletStatus('success')
        later(WALLET_TIMING.connectCallbackMs, () => (returnTo ? backToScreen(returnTo) : closeModal()))
      } else setWalletStatus('connected')
    } catch (error) {
      if (isPhantomMultichainFailure(wallet.key, error)) {
        setWalletStatus('error', { title: WALLET_TEXT.multichainFailed, detail: null, retryable: true })
        return setMultichainFailed(true)
      }
      fail(error)
    }
  }

  async function sign() {
    const current = connected.current
    if (!current || !setWalletStatus('signing')) return
    const useTransaction = ledger === true
    try {
      if (intent === 'link') {
        await withWalletTimeout(walletLink(current.signer, { useTransaction }), WALLET_TIMING.requestTimeoutMs)
        setWalletStatus('success')
        completeFlow(null, later)
        return
      }
      const { user, isNewUser } = await withWalletTimeout(walletLogin(current.signer, { useTransaction }), WALLET_TIMING.requestTimeoutMs)
      setWalletStatus('success')
      completeFlow({ user, isNewUser, loginMethod: chainType === 'ethereum' ? 'siwe' : 'siws' }, later)
    } catch (error) {
      fail(error)
    }
  }

  function retry() {
    if (!takeWalletRetry()) return
    if (connected.current) void sign()
    else void connect()
  }

  function differentWallet() {
    startWalletFlow(intent)
    backScreen()
  }

  useEffect(() => {
    startWalletFlow(intent)
    if (installed && ledger !== null) void connect()
    // Runs once per screen (the choice of Ledger starts it below).
  }, [])

  if (!installed) return <InstallGuide wallet={wallet} onBack={differentWallet} />

  if (ledger === null) {
    return (
      <div className="body" part="body" data-screen="wallet-ledger">
        <WalletStyles />
        <WalletIcon name={label} icon={wallet.icon} />
        <ScreenTitle>{label}</ScreenTitle>
        <div className="actions">
          <SecondaryButton onClick={() => (setLedger(true), void connect())}>{WALLET_TEXT.continueWithLedger}</SecondaryButton>
          <SecondaryButton onClick={() => (setLedger(false), void connect())}>{WALLET_TEXT.continueWithoutLedger}</SecondaryButton>
        </div>
      </div>
    )
  }

  const { status, error } = flow
  if (status === 'connecting' && viaSdk && wallet.connector === 'wallet_connect_v2') {
    const appStore = wallet.appStore ?? WALLET_LISTING.find((l) => l.id === wallet.listingId)?.appStore
    return (
      <>
        <WalletStyles />
        <WalletConnectQr wallet={wallet} uri={pairingUri} appStore={appStore} onBack={differentWallet} />
      </>
    )
  }
  let title: string
  let actions
  if (status === 'error' && multichainFailed) {
    title = WALLET_TEXT.multichainFailed
    actions = (
      <>
        <PrimaryButton onClick={() => (setMultichainFailed(false), void connect())}>{WALLET_TEXT.tryAgain}</PrimaryButton>
        <SecondaryButton onClick={() => closeModal()}>{WALLET_TEXT.cancel}</SecondaryButton>
      </>
    )
  } else if (status === 'error' && error) {
    title = error.title
    actions = (
      <>
        {error.retryable && flow.retries < WALLET_MAX_RETRIES ? <PrimaryButton onClick={retry}>{WALLET_TEXT.retry}</PrimaryButton> : null}
        <SecondaryButton onClick={differentWallet}>{WALLET_TEXT.useDifferentWallet}</SecondaryButton>
      </>
    )
  } else if (status === 'success') {
    title = WALLET_TEXT.connectedWith(label)
  } else if (status === 'switching_to_supported_chain') {
    title = WALLET_TEXT.switchingNetworks
  } else if (status === 'connected' || status === 'signing') {
    title = status === 'signing' ? WALLET_TEXT.signing : WALLET_TEXT.signToVerify
    actions = (
      <>
        <PrimaryButton onClick={sign} disabled={status === 'signing'} aria-busy={status === 'signing' || undefined}>
          {WALLET_TEXT.signWithWallet}
        </PrimaryButton>
        <SecondaryButton onClick={differentWallet}>{WALLET_TEXT.useDifferentWallet}</SecondaryButton>
      </>
    )
  } else {
    title = WALLET_TEXT.waitingFor(label)
    actions = (
      <PrimaryButton disabled aria-busy>
        {WALLET_TEXT.connecting}
      </PrimaryButton>
    )
  }

  return (
    <div className="body" part="body" data-screen="wallet-connect" data-status={status}>
      <WalletStyles />
      <WalletIcon name={label} icon={wallet.icon} />
      <ScreenTitle>{title}</ScreenTitle>
      {status === 'error' && error?.detail ? (
        <p className="detail" role="alert">
          {error.detail}
        </p>
      ) : null}
      {status === 'connecting' || status === 'switching_to_supported_chain' ? <Spinner /> : null}
      {status === 'success' ? (
        <p className="success-message" part="success-message" role="status">
          {WALLET_TEXT.connectedWith(label)}
        </p>
      ) : null}
      {actions ? <div className="actions">{actions}</div> : null}
    </div>
  )
}

import { useStore } from '@nanostores/react'
import { useEffect, useState, type CSSProperties } from 'react'
import { $config } from '../../stores/config.ts'
import { pushScreen, type ScreenName, type SelectedWallet } from '../../stores/modal.ts'
import type { WalletChainType, WalletIntent } from '../../stores/walletFlow.ts'
import { SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import type { WalletListing } from '../../wallets/external/listing.ts'
import type { DetectedWallet, WalletOption } from '../../wallets/external/walletOptions.ts'
import { WALLET_TEXT } from './walletErrors.ts'
import { WALLET_LIST_GEOMETRY, WALLET_TIMING } from './timing.ts'
import { WalletIcon } from './WalletIcon.tsx'
import { WalletStyles } from './WalletStyles.tsx'

type Manager = typeof import('../../wallets/external/manager.ts')

const CHAIN_LABEL: Record<WalletChainType, string> = { ethereum: 'Ethereum', solana: 'Solana' }
const { rowHeight, gap, visibleRows } = WALLET_LIST_GEOMETRY
const listStyle: CSSProperties = { maxHeight: visibleRows * rowHeight + (visibleRows - 1) * gap, gap }

/**
 * Which SDK connects the row on Ethereum: the WalletConnect row, Coinbase Wallet and
 * Base account always through their SDKs; a listed wallet that is not installed through
 * WalletConnect when the app has it (QR on a desktop, the app's deep link on a phone).
 */
function connectorFor(row: WalletOption, walletConnect: boolean): SelectedWallet['connector'] {
  if (row.walletConnect) return 'wallet_connect_v2'
  if (row.listing?.id === 'coinbase_wallet') return 'coinbase_wallet'
  if (row.listing?.id === 'base_account') return 'base_account'
  if (walletConnect && !row.detected.ethereum && (row.listing?.mobile.universal || row.listing?.mobile.native)) return 'wallet_connect_v2'
  return undefined
}

const toSelected = (row: WalletOption, walletConnect: boolean): SelectedWallet => {
  const connector = connectorFor(row, walletConnect)
  return {
    key: row.key,
    label: row.label,
    icon: row.icon,
    detectedIds: Object.fromEntries(Object.entries(row.detected).map(([chain, d]) => [chain, d!.id])),
    ...(row.listing ? { listingId: row.listing.id } : {}),
    ...(connector ? { connector } : {}),
    ...(connector === 'wallet_connect_v2' && row.listing ? { mobile: row.listing.mobile } : {}),
    ...(row.listing?.appStore ? { appStore: row.listing.appStore } : {}),
  }
}

/**
 * 'Connect wallet': the app's wallet list with detected wallets, search above 6 rows, the empty
 * states, and 'Select network' for a wallet on both chains. Loads the connector manager (wagmi,
 * viem, Wallet Standard) when it opens: that code never ships with the landing screen.
 */
export default function WalletListScreen({ intent, returnTo }: { intent: WalletIntent; returnTo?: ScreenName }) {
  const { app } = useStore($config)
  const [manager, setManager] = useState<Manager | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [detected, setDetected] = useState<DetectedWallet[]>([])
  const [detecting, setDetecting] = useState(true)
  const [query, setQuery] = useState('')
  const [picking, setPicking] = useState<WalletOption | null>(null)
  const [remote, setRemote] = useState<WalletListing[]>([])

  useEffect(() => {
    let off: (() => void) | undefined
    let alive = true
    import('../../wallets/external/manager.ts')
      .then((m) => {
        if (!alive) return
        m.startDiscovery()
        setManager(m)
        off = m.$detectedWallets.subscribe((list) => setDetected([...list]))
      })
      .catch(() => alive && setLoadFailed(true))
    const timer = setTimeout(() => setDetecting(false), WALLET_TIMING.detectionMs)
    return () => {
      alive = false
      off?.()
      clearTimeout(timer)
    }
  }, [])

  const wc = app?.externalWallets?.walletConnect
  const walletConnect = Boolean(wc?.projectId) && wc?.enabled !== false
  // The optional remote listing extends the bundled one; the list shows at once and grows when it arrives.
  useEffect(() => {
    if (!manager || !walletConnect || !wc?.listingUrl) return
    const abort = new AbortController()
    void manager.fetchRemoteListing(wc.listingUrl, wc.projectId!, manager.WALLET_LISTING, abort.signal).then((list) => !abort.signal.aborted && setRemote(list))
    return () => abort.abort()
  }, [manager, walletConnect, wc?.listingUrl])
  const options = manager ? manager.walletOptions({ walletList: app?.walletList, walletChainType: app?.walletChainType, walletConnect }, detected, remote) : []
  const rows = manager ? manager.searchWallets(options, query) : []

  const go = (row: WalletOption, chainType: WalletChainType) =>
    pushScreen({ name: 'wallet-connect', intent, wallet: toSelected(row, walletConnect), chainType, ...(returnTo ? { returnTo } : {}) })

  if (picking) {
    return (
      <div className="body" part="body" data-screen="wallet-network">
        <WalletStyles />
        <WalletIcon name={picking.label} icon={picking.icon} />
        <ScreenTitle>{WALLET_TEXT.selectNetwork}</ScreenTitle>
        <div className="actions">
          {picking.chains.map((chain) => (
            <SecondaryButton key={chain} onClick={() => go(picking, chain)}>
              {CHAIN_LABEL[chain]}
            </SecondaryButton>
          ))}
        </div>
      </div>
    )
  }

  let content
  if (loadFailed)
    content = (
      <p className="error-message" role="alert">
        {WALLET_TEXT.couldNotLogIn}
      </p>
    )
  else if (!manager || (options.length === 0 && detecting)) content = <Spinner label="Looking for wallets" />
  else if (options.length === 0)
    content = (
      <p className="detail" role="status">
        {WALLET_TEXT.noWalletsAvailable}
      </p>
    )
  else if (rows.length === 0)
    content = (
      <p className="detail" role="status">
        {WALLET_TEXT.noWalletsFound}
      </p>
    )
  else
    content = (
      <ul className="wallet-list" part="wallet-list" style={listStyle}>
        {rows.map((row) => (
          <li key={row.key}>
            <button
              type="button"
              className="wallet-row"
              part="wallet-row"
              style={{ minHeight: rowHeight }}
              onClick={() => (row.chains.length > 1 ? setPicking(row) : go(row, row.chains[0]!))}
            >
              <WalletIcon name={row.label} icon={row.icon} />
              <span className="wallet-name">{row.label}</span>
              {Object.keys(row.detected).length ? <span className="wallet-tag">Installed</span> : null}
            </button>
          </li>
        ))}
      </ul>
    )

  return (
    <div className="body" part="body" data-screen="wallet-list">
      <WalletStyles />
      <ScreenTitle>{WALLET_TEXT.connectWallet}</ScreenTitle>
      {manager && options.length > 0 && manager.showSearch(options.length, query) ? (
        <input
          className="wallet-search"
          part="input wallet-search"
          type="search"
          aria-label={WALLET_TEXT.searchWallets}
          placeholder={WALLET_TEXT.searchWallets}
          value={query}
          autoFocus
          onChange={(event) => setQuery(event.target.value)}
        />
      ) : null}
      {content}
    </div>
  )
}

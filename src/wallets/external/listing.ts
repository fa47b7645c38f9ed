/**
 * The bundled wallet listing (spec part 2 §3 "Wallet listing"), so the wallet list works offline
 * and without a WalletConnect project id. `rdns` matches EIP-6963 announcements; `solanaName`
 * matches Wallet Standard wallets. Loaded only with the wallet list screen.
 */
export interface WalletListing {
  id: string
  slug: string
  name: string
  chains: ('ethereum' | 'solana')[]
  image_url: { sm: string | null; md: string | null }
  homepage: string
  mobile: { native: string | null; universal: string | null }
  /** EIP-6963 reverse-DNS id of the browser extension. */
  rdns?: string
  /** Name the wallet registers under in the Wallet Standard. */
  solanaName?: string
  /** Where to get the browser extension (install guide). */
  install?: string
  /** App store page for the mobile redirect's 'Go to App Store'. */
  appStore?: string
}

export const WALLET_LISTING: WalletListing[] = [
  {
    id: 'metamask',
    slug: 'metamask',
    name: 'MetaMask',
    chains: ['ethereum'],
    image_url: { sm: null, md: null },
    homepage: 'https://metamask.io',
    mobile: { native: 'metamask:', universal: 'https://metamask.app.link' },
    rdns: 'io.metamask',
    install: 'https://metamask.io/download/',
    appStore: 'https://apps.apple.com/app/metamask/id1438144202',
  },
  {
    id: 'coinbase_wallet',
    slug: 'coinbase-wallet',
    name: 'Coinbase Wallet',
    chains: ['ethereum', 'solana'],
    image_url: { sm: null, md: null },
    homepage: 'https://www.coinbase.com/wallet',
    mobile: { native: 'cbwallet://', universal: 'https://go.cb-w.com' },
    rdns: 'com.coinbase.wallet',
    solanaName: 'Coinbase Wallet',
    install: 'https://www.coinbase.com/wallet/downloads',
    appStore: 'https://apps.apple.com/app/coinbase-wallet/id1278383455',
  },
  {
    // The Base account (formerly Coinbase Smart Wallet): the Coinbase Wallet SDK in smart-wallet-only mode.
    id: 'base_account',
    slug: 'base-account',
    name: 'Base Account',
    chains: ['ethereum'],
    image_url: { sm: null, md: null },
    homepage: 'https://base.org',
    mobile: { native: null, universal: null },
  },
  {
    id: 'rainbow',
    slug: 'rainbow',
    name: 'Rainbow',
    chains: ['ethereum'],
    image_url: { sm: null, md: null },
    homepage: 'https://rainbow.me',
    mobile: { native: 'rainbow:', universal: 'https://rnbwapp.com' },
    rdns: 'me.rainbow',
    install: 'https://rainbow.me/extension',
    appStore: 'https://apps.apple.com/app/rainbow-ethereum-wallet/id1457119021',
  },
  {
    id: 'phantom',
    slug: 'phantom',
    name: 'Phantom',
    chains: ['ethereum', 'solana'],
    image_url: { sm: null, md: null },
    homepage: 'https://phantom.app',
    mobile: { native: 'phantom://', universal: 'https://phantom.app/ul' },
    rdns: 'app.phantom',
    solanaName: 'Phantom',
    install: 'https://phantom.app/download',
    appStore: 'https://apps.apple.com/app/phantom-crypto-wallet/id1598432977',
  },
  {
    id: 'rabby',
    slug: 'rabby',
    name: 'Rabby',
    chains: ['ethereum'],
    image_url: { sm: null, md: null },
    homepage: 'https://rabby.io',
    mobile: { native: null, universal: null },
    rdns: 'io.rabby',
    install: 'https://rabby.io',
  },
  {
    id: 'zerion',
    slug: 'zerion',
    name: 'Zerion',
    chains: ['ethereum'],
    image_url: { sm: null, md: null },
    homepage: 'https://zerion.io',
    mobile: { native: 'zerion://', universal: 'https://app.zerion.io' },
    rdns: 'io.zerion.wallet',
    install: 'https://zerion.io/extension',
  },
  {
    id: 'okx_wallet',
    slug: 'okx-wallet',
    name: 'OKX Wallet',
    chains: ['ethereum', 'solana'],
    image_url: { sm: null, md: null },
    homepage: 'https://www.okx.com/web3',
    mobile: { native: 'okx://', universal: null },
    rdns: 'com.okex.wallet',
    solanaName: 'OKX Wallet',
    install: 'https://www.okx.com/web3',
  },
  {
    id: 'trust',
    slug: 'trust',
    name: 'Trust Wallet',
    chains: ['ethereum', 'solana'],
    image_url: { sm: null, md: null },
    homepage: 'https://trustwallet.com',
    mobile: { native: 'trust:', universal: 'https://link.trustwallet.com' },
    rdns: 'com.trustwallet.app',
    solanaName: 'Trust',
    install: 'https://trustwallet.com/browser-extension',
  },
  {
    id: 'solflare',
    slug: 'solflare',
    name: 'Solflare',
    chains: ['solana'],
    image_url: { sm: null, md: null },
    homepage: 'https://solflare.com',
    mobile: { native: 'solflare:', universal: 'https://solflare.com/ul' },
    solanaName: 'Solflare',
    install: 'https://solflare.com/download',
  },
  {
    id: 'backpack',
    slug: 'backpack',
    name: 'Backpack',
    chains: ['solana'],
    image_url: { sm: null, md: null },
    homepage: 'https://backpack.app',
    mobile: { native: null, universal: null },
    solanaName: 'Backpack',
    install: 'https://backpack.app/download',
  },
]

/**
 * Solana wallets through the Wallet Standard (`@wallet-standard/app`): every wallet that
 * registers with `standard:connect` and `solana:signMessage` on a solana: chain. Signing a memo
 * transaction (`solana:signTransaction`) is the Ledger path, since a Ledger cannot sign messages.
 */
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import type { SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { base64 } from '@scure/base'
import { buildMemoTransactionMessage } from '@gatehouse/contract'
import type { DetectedWallet } from './walletOptions.ts'

export interface SolanaConnection {
  wallet: Wallet
  account: WalletAccount
  address: string
  /** Cluster of the account's first solana: chain ('mainnet', 'devnet', …). */
  cluster: string
}

// Our own embedded wallet (src/wallets/solana/standard.ts, feature 'gatehouse:embedded') is not an external wallet.
const isSolanaWallet = (w: Wallet) =>
  w.chains.some((c) => c.startsWith('solana:')) &&
  'standard:connect' in w.features &&
  'solana:signMessage' in w.features &&
  !('gatehouse:embedded' in w.features)

export function detectSolanaWallets(): DetectedWallet[] {
  return getWallets()
    .get()
    .filter(isSolanaWallet)
    .map((w) => ({ chainType: 'solana' as const, id: w.name, name: w.name, icon: w.icon ?? null }))
}

export function watchSolanaWallets(listener: () => void): () => void {
  const wallets = getWallets()
  const offs = [wallets.on('register', listener), wallets.on('unregister', listener)]
  return () => offs.forEach((off) => off())
}

function walletByName(name: string): Wallet {
  const wallet = getWallets()
    .get()
    .find((w) => w.name === name && isSolanaWallet(w))
  if (!wallet) throw new Error(`Wallet ${name} is no longer available`)
  return wallet
}

/** `silent`: a reconnect, answered only by a wallet that already trusts the site (no prompt). */
export async function connectSolana(name: string, options: { silent?: boolean } = {}): Promise<SolanaConnection> {
  const wallet = walletByName(name)
  const connectFeature = wallet.features['standard:connect'] as StandardConnectFeature['standard:connect']
  const { accounts } = await connectFeature.connect(options.silent ? { silent: true } : undefined)
  const account = accounts.find((a) => a.chains.some((c) => c.startsWith('solana:'))) ?? accounts[0]
  if (!account) throw new Error('The wallet shared no account')
  const chain = account.chains.find((c) => c.startsWith('solana:')) ?? 'solana:mainnet'
  return { wallet, account, address: account.address, cluster: chain.slice('solana:'.length) }
}

/** Signs the message text; answers the base64 ed25519 signature. */
export async function signSolanaMessage(connection: SolanaConnection, text: string): Promise<string> {
  const feature = connection.wallet.features['solana:signMessage'] as SolanaSignMessageFeature['solana:signMessage']
  const [output] = await feature.signMessage({ account: connection.account, message: new TextEncoder().encode(text) })
  if (!output) throw new Error('The wallet returned no signature')
  return base64.encode(output.signature)
}

export const canSignTransactions = (connection: SolanaConnection) => 'solana:signTransaction' in connection.wallet.features

/**
 * The Ledger path: the wallet signs a transaction whose memo is the text. Answers the transaction
 * message and the fee payer's signature, both base64 (SIWS message_type 'transaction').
 */
/** Spec part 3 §6: a transaction for a connected external wallet is signed by that wallet (wire bytes in and out). */
export async function signSolanaTransactionBytes(connection: SolanaConnection, transaction: Uint8Array): Promise<Uint8Array> {
  const feature = connection.wallet.features['solana:signTransaction'] as SolanaSignTransactionFeature['solana:signTransaction']
  const [output] = await feature.signTransaction({ account: connection.account, transaction, chain: `solana:${connection.cluster}` as `${string}:${string}` })
  if (!output?.signedTransaction) throw new Error('The wallet returned no transaction')
  return output.signedTransaction
}

export async function signSolanaMemoTransaction(connection: SolanaConnection, text: string): Promise<{ message: string; signature: string }> {
  const feature = connection.wallet.features['solana:signTransaction'] as SolanaSignTransactionFeature['solana:signTransaction']
  const message = buildMemoTransactionMessage(connection.address, text)
  // Wire transaction: one empty signature slot, then the message.
  const unsigned = new Uint8Array(1 + 64 + message.length)
  unsigned[0] = 1
  unsigned.set(message, 65)
  const [output] = await feature.signTransaction({
    account: connection.account,
    transaction: unsigned,
    chain: `solana:${connection.cluster}` as `${string}:${string}`,
  })
  const signed = output?.signedTransaction
  if (!signed || signed[0] !== 1 || signed.length !== unsigned.length) throw new Error('The wallet returned an unexpected transaction')
  return { message: base64.encode(signed.subarray(65)), signature: base64.encode(signed.subarray(1, 65)) }
}

export async function disconnectSolana(connection: SolanaConnection): Promise<void> {
  const feature = connection.wallet.features['standard:disconnect'] as StandardDisconnectFeature['standard:disconnect'] | undefined
  await feature?.disconnect()
}

/** Calls back when the wallet drops the account (the wallet disconnected). */
export function watchSolanaDisconnect(connection: SolanaConnection, listener: () => void): () => void {
  const feature = connection.wallet.features['standard:events'] as StandardEventsFeature['standard:events'] | undefined
  if (!feature) return () => undefined
  return feature.on('change', ({ accounts }) => {
    if (accounts && !accounts.some((a) => a.address === connection.address)) listener()
  })
}

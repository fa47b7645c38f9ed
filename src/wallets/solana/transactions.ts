/**
 * Solana transactions of an embedded wallet (spec part 3 §4: prepare → confirm → success | error).
 * The browser reads the cluster (fee, balance, token accounts) and sends; the wallet frame only signs
 * the message bytes with the ed25519 key, after checking its wallet is a required signer. Loaded
 * with the first Solana transaction (it carries @solana/web3.js), never on the landing screen.
 */
import { base64 } from '@scure/base'
import { Connection, PublicKey, TransactionExpiredBlockheightExceededError, VersionedTransaction } from '@solana/web3.js'
import { connectEmbeddedWallet } from '../../actions/connectEmbeddedWallet.ts'
import { getApiClient } from '../../api/instance.ts'
import { SOLANA_TX_MESSAGES } from '../../errors/solana.ts'
import { TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import { EmbeddedWalletError, WALLET_MESSAGES, WalletProxyError } from '../../errors/wallet.ts'
import type { SolanaSendOptions, SolanaTransactionInput } from '../../transactions/types.ts'
import { findWallet, walletRef } from '../../stores/wallets.ts'
import { fetchUsdPrice } from '../ethereum/insights.ts'
import { getWalletProxy, PROXY_TIMEOUTS } from '../embedded/proxy.ts'
import { requireAccessToken } from '../embedded/session.ts'
import { appCluster, SOL_PRICE_CHAIN_ID, type SolanaCluster } from './cluster.ts'
import { isSwap, lamportsOut, parseInstruction, type ParsedInstruction, type RawInstruction } from './instructions.ts'

/** What web3.js's default fee is per signature when the cluster cannot price the message. */
const LAMPORTS_PER_SIGNATURE = 5000n
const TOKEN_ACCOUNT_SIZE = 165

export interface TokenInfo {
  mint: string
  symbol: string | null
  decimals: number
}

/** Spec part 3 §3 'Solana prepared transaction': fee, spender, hasFunds, instructions (plus what the rows show). */
export interface PreparedSolanaTransaction {
  tx: VersionedTransaction
  fee: bigint
  /** The fee payer. */
  spender: string
  hasFunds: boolean
  balance: bigint
  instructions: ParsedInstruction[]
  /** Token info by the address an instruction names (mint or token account). */
  tokens: Record<string, TokenInfo>
  /** USD per SOL; null when no price. */
  usd: number | null
}

const connections = new Map<string, Connection>()
export function connectionFor(cluster: SolanaCluster): Connection {
  let connection = connections.get(cluster.rpcUrl)
  if (!connection) connections.set(cluster.rpcUrl, (connection = new Connection(cluster.rpcUrl, 'confirmed')))
  return connection
}

type LegacyLike = { serialize(config?: object): Uint8Array; recentBlockhash?: string | null; feePayer?: unknown; version?: undefined }

/** Any input as a VersionedTransaction of our copy of web3.js; a legacy Transaction missing its blockhash or fee payer gets them. */
export async function toVersioned(input: SolanaTransactionInput, address: string, connection: Connection): Promise<VersionedTransaction> {
  try {
    if (input instanceof Uint8Array) return VersionedTransaction.deserialize(input)
    const tx = input as unknown as LegacyLike & { message?: unknown }
    if (tx.version !== undefined && tx.message) return VersionedTransaction.deserialize(tx.serialize())
    if (!tx.recentBlockhash) tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    if (!tx.feePayer) tx.feePayer = new PublicKey(address)
    return VersionedTransaction.deserialize(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
  } catch (error) {
    if (error instanceof TransactionError) throw error
    throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE', details: (error as Error).message, cause: error })
  }
}

const accountKeys = (tx: VersionedTransaction) => tx.message.staticAccountKeys.map((k) => k.toBase58())

/** The wallet's signature slot; spec §8 'Transaction does not contain public key' when it need not sign. */
export function signerIndex(tx: VersionedTransaction, address: string): number {
  const index = accountKeys(tx).slice(0, tx.message.header.numRequiredSignatures).indexOf(address)
  if (index < 0) throw new TransactionError(SOLANA_TX_MESSAGES.noPublicKey, { code: 'TRANSACTION_FAILURE' })
  return index
}

export function rawInstructions(tx: VersionedTransaction): RawInstruction[] {
  const keys = accountKeys(tx)
  // Accounts loaded from address lookup tables are not resolved here: shown by their index.
  return tx.message.compiledInstructions.map((ix) => ({
    programId: keys[ix.programIdIndex] ?? `lookup #${ix.programIdIndex}`,
    accounts: ix.accountKeyIndexes.map((i) => keys[i] ?? `lookup #${i}`),
    data: ix.data,
  }))
}

/** Symbol and decimals of a mint (or of a token account's mint): our server's spl_token_info, else the mint account itself. */
async function tokenInfo(connection: Connection, cluster: SolanaCluster, address: string): Promise<TokenInfo | null> {
  try {
    const account = await connection.getAccountInfo(new PublicKey(address))
    if (!account) return null
    const mint = account.data.length === TOKEN_ACCOUNT_SIZE ? new PublicKey(account.data.subarray(0, 32)).toBase58() : address
    const mintAccount = mint === address ? account : await connection.getAccountInfo(new PublicKey(mint))
    const info = await getApiClient()
      .get('/spl_token_info', { query: { mint_address: mint, cluster: cluster.name } })
      // Spec part 3 §8: metadata failures are logged and swallowed; the mint's own decimals still apply.
      .catch(() => (console.warn(`Unable to fetch SPL token info for ${mint}`), null))
    if (info) return { mint, symbol: info.symbol, decimals: info.decimals }
    return mintAccount && mintAccount.data.length >= 82 ? { mint, symbol: null, decimals: mintAccount.data[44]! } : null
  } catch {
    return null
  }
}

/** Reads fee, balance and token details from the cluster: what the confirmation screen shows. */
export async function prepareSolanaTransaction(address: string, tx: VersionedTransaction, cluster: SolanaCluster): Promise<PreparedSolanaTransaction> {
  signerIndex(tx, address)
  const connection = connectionFor(cluster)
  const instructions = rawInstructions(tx).map(parseInstruction)
  const spender = accountKeys(tx)[0]!
  const tokenAddresses = new Set<string>()
  for (const ix of instructions) {
    if (ix.type === 'spl-transfer') tokenAddresses.add(ix.mint ?? ix.source)
    if (ix.type === 'ata-creation') tokenAddresses.add(ix.mint)
    if (isSwap(ix)) for (const a of [ix.inputMint, ix.outputMint]) if (a) tokenAddresses.add(a)
  }
  try {
    const [fee, balance, ataRent, usd, infos] = await Promise.all([
      connection
        .getFeeForMessage(tx.message, 'confirmed')
        .then((r) => (r.value === null ? null : BigInt(r.value)))
        .catch(() => null),
      connection.getBalance(new PublicKey(address), 'confirmed').then(BigInt),
      instructions.some((ix) => ix.type === 'ata-creation') ? connection.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).then(BigInt) : 0n,
      fetchUsdPrice(SOL_PRICE_CHAIN_ID, 'SOL'),
      Promise.all([...tokenAddresses].map(async (a) => [a, await tokenInfo(connection, cluster, a)] as const)),
    ])
    const paid = fee ?? BigInt(tx.message.header.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE
    const needed = (spender === address ? paid : 0n) + lamportsOut(instructions, address, ataRent)
    const tokens = Object.fromEntries(infos.filter((e): e is readonly [string, TokenInfo] => e[1] !== null))
    return { tx, fee: paid, spender, hasFunds: balance >= needed, balance, instructions, tokens, usd }
  } catch (error) {
    throw new TransactionError(TRANSACTION_MESSAGES.preparing, { code: 'TRANSACTION_FAILURE', details: (error as Error).message, cause: error })
  }
}

/** Spec part 3 §4: a retry signs again over a fresh blockhash (only when this wallet is the only signer). */
export async function withFreshBlockhash(tx: VersionedTransaction, cluster: SolanaCluster): Promise<VersionedTransaction> {
  if (tx.message.header.numRequiredSignatures !== 1) return tx
  const { blockhash } = await connectionFor(cluster).getLatestBlockhash('confirmed')
  tx.message.recentBlockhash = blockhash
  tx.signatures = [new Uint8Array(64)]
  return tx
}

/** Connects (recovering if needed) and has the frame sign the message; the signature is placed in `tx`. */
export async function signInFrame(address: string, tx: VersionedTransaction): Promise<VersionedTransaction> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToSign)
  const wallet = findWallet(address)
  const ref = wallet && walletRef(wallet)
  if (!wallet || !ref || wallet.chainType !== 'solana') throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  const index = signerIndex(tx, address)
  const proxy = getWalletProxy()
  // Spec part 3 §9: 15 s for the wallet proxy to start before Solana signing.
  await proxy.ready(PROXY_TIMEOUTS.solanaInitMs).catch((error) => {
    throw new TransactionError(SOLANA_TX_MESSAGES.notConnected(address), { code: 'UNKNOWN_CONNECT_WALLET_ERROR', cause: error })
  })
  await connectEmbeddedWallet({ address })
  try {
    const { signature } = await proxy.request('wallets:rpc', {
      accessToken,
      wallet: ref,
      request: { method: 'signTransaction', params: { message: base64.encode(tx.message.serialize()), encoding: 'base64' } },
    })
    tx.signatures[index] = base64.decode(signature)
    return tx
  } catch (error) {
    const details = error instanceof WalletProxyError ? error.shortMessage : undefined
    if (details === SOLANA_TX_MESSAGES.noPublicKey) throw new TransactionError(details, { code: 'TRANSACTION_FAILURE', cause: error })
    throw new TransactionError(TRANSACTION_MESSAGES.failedToSign, { code: 'UNABLE_TO_SIGN', details, cause: error })
  }
}

/**
 * Spec part 3 §8: 'Simulation failed: Blockhash not found' for a stale blockhash; otherwise a log
 * line naming insufficient lamports or funds when the cluster gave one, else 'Something went wrong.'.
 */
export function sendFailure(error: unknown, signature: string | null = null): TransactionError {
  const e = error as { transactionMessage?: string; message?: string; transactionLogs?: string[]; logs?: string[] }
  const message = String(e.transactionMessage ?? e.message ?? '')
  const logs = e.transactionLogs ?? e.logs ?? []
  if (/blockhash not found/i.test(message)) {
    return new TransactionError(SOLANA_TX_MESSAGES.blockhashNotFound, { code: 'TRANSACTION_FAILURE', details: message, cause: error, hash: signature })
  }
  const line = logs.find((l) => /insufficient (lamports|funds)/i.test(l))
  return new TransactionError(line ?? SOLANA_TX_MESSAGES.generic, { code: 'TRANSACTION_FAILURE', details: message, cause: error, hash: signature })
}

/** Sends the signed transaction: its signature (base58). */
export async function sendSigned(tx: VersionedTransaction, cluster: SolanaCluster, options: SolanaSendOptions = {}): Promise<string> {
  try {
    return await connectionFor(cluster).sendRawTransaction(tx.serialize(), { preflightCommitment: 'confirmed', ...options })
  } catch (error) {
    throw sendFailure(error)
  }
}

/** What the cluster's record of a landed transaction says (getParsedTransaction): the host's result carries it. */
export interface LandedSolanaTransaction {
  slot: number
  /** Lamports the fee payer paid; null when the cluster had no record to read yet. */
  fee: number | null
}

const landedError = (err: unknown, logs: string[] | null | undefined, signature: string) =>
  sendFailure(Object.assign(new Error(typeof err === 'string' ? err : JSON.stringify(err)), { logs: logs ?? [] }), signature)

/**
 * Spec part 3 §7: web3.js's `confirmTransaction` (blockhash strategy: the signature subscription,
 * the status read, the block height until the blockhash's lastValidBlockHeight), then
 * `getParsedTransaction` reads what landed. A transaction that failed on chain throws with the
 * spec's text, chosen from the landed transaction's logs ('Transfer: insufficient lamports …').
 */
export async function confirmSignature(signature: string, cluster: SolanaCluster, blockhash: string): Promise<LandedSolanaTransaction> {
  const connection = connectionFor(cluster)
  // Our transaction's blockhash is no newer than the latest: its last valid height is at most this one.
  const { lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed')
  let confirmed: { slot: number } | null = null
  let confirmError: unknown = null
  try {
    const { context, value } = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed')
    if (value.err) confirmError = value.err
    else confirmed = { slot: context.slot }
  } catch (error) {
    // The status read rejects with the transaction's own error; after an expired blockhash the record decides.
    if (!(error instanceof TransactionExpiredBlockheightExceededError)) confirmError = error instanceof Error ? error.message : error
  }
  const landed = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }).catch(() => null)
  if (landed) {
    if (landed.meta?.err) throw landedError(landed.meta.err, landed.meta.logMessages, signature)
    return { slot: landed.slot, fee: landed.meta?.fee ?? null }
  }
  if (confirmError !== null) throw landedError(confirmError, null, signature)
  if (confirmed) return { slot: confirmed.slot, fee: null }
  throw new TransactionError(SOLANA_TX_MESSAGES.generic, {
    code: 'TRANSACTION_FAILURE',
    details: 'Not confirmed before its blockhash expired',
    hash: signature,
  })
}

/** Sends the signed transaction and waits until the cluster confirms it: its signature (base58) and what landed. */
export async function sendAndConfirm(
  tx: VersionedTransaction,
  cluster: SolanaCluster,
  options: SolanaSendOptions = {},
): Promise<{ signature: string; landed: LandedSolanaTransaction }> {
  const signature = await sendSigned(tx, cluster, options)
  return { signature, landed: await confirmSignature(signature, cluster, tx.message.recentBlockhash) }
}

export { appCluster }

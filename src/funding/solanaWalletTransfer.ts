/**
 * Funding from a connected external Solana wallet, Solana to Solana (spec part 3 §2 'Wallet list'):
 * SOL as a System Program transfer; USDC (an SPL token) as a Token Program `TransferChecked` from
 * the wallet's associated token account to the funded address's, created first (idempotently, the
 * wallet paying its rent) when the funded address has none. The wallet signs (Wallet Standard
 * `solana:signTransaction`); the transaction is sent to the funded cluster and confirmed there.
 * @solana/web3.js loads with the first transfer.
 */
import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import type { ExternalWallet } from '../stores/externalWallets.ts'
import { readBalance } from './balance.ts'
import type { BridgeTransaction } from './bridge.ts'
import type { FundingConfig } from './config.ts'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** Token Program instruction 12 `TransferChecked`; associated token account program instruction 1 `CreateIdempotent`. */
const TRANSFER_CHECKED = 12
const CREATE_IDEMPOTENT = 1

type Web3 = typeof import('@solana/web3.js')
/** web3.js types instruction data as a Node Buffer; it only reads the bytes (no Buffer global in the browser). */
const bytes = (data: Uint8Array) => data as unknown as Buffer

/** The associated token account of `owner` for `mint`. */
export function associatedTokenAccount(web3: Web3, owner: string, mint: string) {
  const { PublicKey } = web3
  return PublicKey.findProgramAddressSync(
    [new PublicKey(owner).toBuffer(), new PublicKey(TOKEN_PROGRAM).toBuffer(), new PublicKey(mint).toBuffer()],
    new PublicKey(ATA_PROGRAM),
  )[0]
}

async function accountExists(rpcUrl: string, address: string): Promise<boolean> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [address, { encoding: 'base64' }] }),
  })
  const reply = (await response.json()) as { result?: { value: unknown }; error?: { message: string } }
  if (reply.error) throw new Error(reply.error.message)
  return reply.result?.value != null
}

/** The instructions moving `amount` base units of the funded SPL token from `from` to the funded address. */
async function splTransfer(web3: Web3, config: FundingConfig, from: string, amount: bigint) {
  const { PublicKey, TransactionInstruction } = web3
  const mint = new PublicKey(config.erc20Address!)
  const owner = new PublicKey(from)
  const recipient = new PublicKey(config.address)
  const source = associatedTokenAccount(web3, from, mint.toBase58())
  const destination = associatedTokenAccount(web3, config.address, mint.toBase58())
  const token = new PublicKey(TOKEN_PROGRAM)
  const instructions = []
  if (!(await accountExists(config.cluster!.rpcUrl, destination.toBase58()))) {
    instructions.push(
      new TransactionInstruction({
        programId: new PublicKey(ATA_PROGRAM),
        keys: [
          { pubkey: owner, isSigner: true, isWritable: true },
          { pubkey: destination, isSigner: false, isWritable: true },
          { pubkey: recipient, isSigner: false, isWritable: false },
          { pubkey: mint, isSigner: false, isWritable: false },
          { pubkey: new PublicKey(SYSTEM_PROGRAM), isSigner: false, isWritable: false },
          { pubkey: token, isSigner: false, isWritable: false },
        ],
        data: bytes(new Uint8Array([CREATE_IDEMPOTENT])),
      }),
    )
  }
  const data = new Uint8Array(10)
  data[0] = TRANSFER_CHECKED
  new DataView(data.buffer).setBigUint64(1, amount, true)
  data[9] = config.decimals ?? 6
  instructions.push(
    new TransactionInstruction({
      programId: token,
      keys: [
        { pubkey: source, isSigner: false, isWritable: true },
        { pubkey: mint, isSigner: false, isWritable: false },
        { pubkey: destination, isSigner: false, isWritable: true },
        { pubkey: owner, isSigner: true, isWritable: false },
      ],
      data: bytes(data),
    }),
  )
  return instructions
}

/** Sends `amount` base units (lamports, or the SPL token's) from `wallet` to the funded address; resolves the signature (base58) once confirmed. */
export async function sendFromSolanaWallet(wallet: ExternalWallet, config: FundingConfig, amount: bigint): Promise<string> {
  const sign = wallet.signSolanaTransaction
  if (!sign || config.chainType !== 'solana' || (config.isUSDC && !config.erc20Address)) {
    throw new FundingError(FUNDING_MESSAGES.walletNotEnabled, { code: 'FUNDING_NOT_ENABLED', details: 'No known token address to transfer.' })
  }
  // Spec §5: the source wallet must hold the amount ('Wallet <address> does not have enough funds.').
  if ((await readBalance(config, wallet.address)) < amount)
    throw new FundingError(FUNDING_MESSAGES.notEnoughFunds(wallet.address), { code: 'INSUFFICIENT_BALANCE' })
  const [web3, { viaExternalWallet }] = await Promise.all([import('@solana/web3.js'), import('../wallets/solana/request.ts')])
  const { PublicKey, SystemProgram, Transaction } = web3
  // No blockhash or fee payer yet: toVersioned fills them from the cluster (the wallet pays the fee).
  const tx = new Transaction().add(
    ...(config.erc20Address
      ? await splTransfer(web3, config, wallet.address, amount)
      : [SystemProgram.transfer({ fromPubkey: new PublicKey(wallet.address), toPubkey: new PublicKey(config.address), lamports: amount })]),
  )
  const [result] = await viaExternalWallet(sign, { address: wallet.address, transactions: [tx], signOnly: false, rpcUrl: config.cluster!.rpcUrl })
  return result!.signature!
}

/**
 * Sends a relay quote's Solana step (instructions with hex data, address lookup tables) from the
 * connected Solana wallet to the app's cluster: a v0 transaction the wallet pays for and signs.
 */
export async function sendSolanaBridgeTransaction(wallet: ExternalWallet, step: Extract<BridgeTransaction, { kind: 'svm' }>): Promise<string> {
  const sign = wallet.signSolanaTransaction
  if (!sign) throw new FundingError('Invalid transaction request', { code: 'BRIDGE_QUOTE_FAILED' })
  const [web3, { viaExternalWallet }, { appCluster }] = await Promise.all([
    import('@solana/web3.js'),
    import('../wallets/solana/request.ts'),
    import('../wallets/solana/cluster.ts'),
  ])
  const { Connection, PublicKey, TransactionInstruction, TransactionMessage, VersionedTransaction } = web3
  const cluster = appCluster()
  const connection = new Connection(cluster.rpcUrl, 'confirmed')
  const hex = (text: string) => new Uint8Array((text.replace(/^0x/, '').match(/../g) ?? []).map((b) => parseInt(b, 16)))
  const instructions = step.instructions.map(
    (ix) =>
      new TransactionInstruction({
        programId: new PublicKey(ix.programId),
        keys: ix.keys.map((k) => ({ pubkey: new PublicKey(k.pubkey), isSigner: k.isSigner, isWritable: k.isWritable })),
        data: bytes(hex(ix.data)),
      }),
  )
  const tables = await Promise.all(step.addressLookupTableAddresses.map(async (a) => (await connection.getAddressLookupTable(new PublicKey(a))).value))
  if (tables.some((t) => !t))
    throw new FundingError('Invalid transaction request', { code: 'BRIDGE_QUOTE_FAILED', details: 'A lookup table of the quote is missing.' })
  const { blockhash } = await connection.getLatestBlockhash()
  const message = new TransactionMessage({ payerKey: new PublicKey(wallet.address), recentBlockhash: blockhash, instructions }).compileToV0Message(
    tables as NonNullable<(typeof tables)[number]>[],
  )
  const [result] = await viaExternalWallet(sign, {
    address: wallet.address,
    transactions: [new VersionedTransaction(message)],
    signOnly: false,
    rpcUrl: cluster.rpcUrl,
  })
  return result!.signature!
}

// A USDC-like test token on the local cluster (scripts/lib/local-solana.mjs): an SPL Token mint with
// a Metaplex-style metadata account (what the server's spl_token_info reads the symbol from), and
// token balances written as real SPL token accounts at each owner's associated token address. The
// accounts are written directly into the SVM (no mint authority transactions needed); the SPL Token
// program then moves them like any token.
import { createRequire } from 'node:module'
import { ATA_PROGRAM_ID, METADATA_PROGRAM_ID, TOKEN_PROGRAM_ID } from './solana-programs.mjs'

const require = createRequire(import.meta.url)

/**
 * Writes an account. The data goes over as a standalone copy: a Node Buffer may be a slice of a
 * shared pool, which the native SVM must not keep hold of (it crashed the process with bad_alloc).
 */
function writeAccount(sol, address, { lamports, data, owner }) {
  const bytes = new Uint8Array(data)
  sol.svm.setAccount({
    address: String(address),
    lamports: BigInt(lamports),
    data: bytes,
    programAddress: String(owner),
    executable: false,
    space: BigInt(bytes.length),
  })
}

/** Borsh string as Metaplex writes it: u32 length, then the text padded with NUL to a fixed size. */
function borshString(text, size) {
  const bytes = Buffer.alloc(4 + size)
  bytes.writeUInt32LE(size, 0)
  Buffer.from(text, 'utf8').copy(bytes, 4)
  return bytes
}

/**
 * Creates a mint (`decimals`, supply 0, mint authority `authority`) and its metadata account.
 * @param {{ svm: any }} sol
 * @param {{ symbol?: string, name?: string, decimals?: number, authority?: string, withMetadata?: boolean }} [options]
 * @returns {string} the mint address
 */
export function createTestMint(sol, { symbol = 'USDC', name = 'Test USD Coin', decimals = 6, authority, withMetadata = true } = {}) {
  const { Keypair, PublicKey } = require('@solana/web3.js')
  const mint = Keypair.generate().publicKey
  const data = Buffer.alloc(82)
  data.writeUInt32LE(1, 0)
  new PublicKey(authority ?? mint.toBase58()).toBuffer().copy(data, 4)
  data.writeBigUInt64LE(0n, 36)
  data[44] = decimals
  data[45] = 1
  const rent = (size) => BigInt(sol.svm.minimumBalanceForRentExemption(BigInt(size)))
  writeAccount(sol, mint.toBase58(), { lamports: rent(82), data, owner: TOKEN_PROGRAM_ID })
  if (withMetadata) {
    const program = new PublicKey(METADATA_PROGRAM_ID)
    const [metadata] = PublicKey.findProgramAddressSync([Buffer.from('metadata'), program.toBuffer(), mint.toBuffer()], program)
    const body = Buffer.concat([
      Buffer.from([4]),
      mint.toBuffer(),
      mint.toBuffer(),
      borshString(name, 32),
      borshString(symbol, 10),
      borshString('', 200),
      Buffer.alloc(2 + 1 + 1 + 1 + 1),
    ])
    writeAccount(sol, metadata.toBase58(), { lamports: rent(body.length), data: body, owner: METADATA_PROGRAM_ID })
  }
  return mint.toBase58()
}

/** The associated token account of `owner` for `mint`. */
export function associatedTokenAddress(owner, mint) {
  const { PublicKey } = require('@solana/web3.js')
  const [address] = PublicKey.findProgramAddressSync(
    [new PublicKey(owner).toBuffer(), new PublicKey(TOKEN_PROGRAM_ID).toBuffer(), new PublicKey(mint).toBuffer()],
    new PublicKey(ATA_PROGRAM_ID),
  )
  return address.toBase58()
}

/**
 * Gives `owner` `amount` base units of `mint` in its associated token account (created or topped up)
 * and raises the mint's supply to match. Answers the token account address.
 */
export function mintTestTokens(sol, mint, owner, amount) {
  const { PublicKey } = require('@solana/web3.js')
  const mintKey = new PublicKey(mint)
  const ata = new PublicKey(associatedTokenAddress(owner, mint))
  const found = sol.svm.getAccount(ata.toBase58())
  const existing = found.exists ? found : null
  const data = existing ? Buffer.from(existing.data) : Buffer.alloc(165)
  if (!existing) {
    mintKey.toBuffer().copy(data, 0)
    new PublicKey(owner).toBuffer().copy(data, 32)
    data[108] = 1 // state: initialized
  }
  data.writeBigUInt64LE(data.readBigUInt64LE(64) + BigInt(amount), 64)
  const lamports = existing?.lamports ?? BigInt(sol.svm.minimumBalanceForRentExemption(165n))
  writeAccount(sol, ata.toBase58(), { lamports, data, owner: TOKEN_PROGRAM_ID })
  const mintAccount = sol.svm.getAccount(mintKey.toBase58())
  const mintData = Buffer.from(mintAccount.data)
  mintData.writeBigUInt64LE(mintData.readBigUInt64LE(36) + BigInt(amount), 36)
  writeAccount(sol, mintKey.toBase58(), { lamports: mintAccount.lamports, data: mintData, owner: TOKEN_PROGRAM_ID })
  return ata.toBase58()
}

/** Per new embedded Solana wallet: 10 test SOL and 1,000 test USDC (6 decimals). */
export const FAUCET_SOL = 10n * 10n ** 9n
export const FAUCET_SPL = 1000n * 10n ** 6n

/**
 * The development faucet of `npm start`: creates the test USDC mint and funds each address once;
 * answers the mint, the address's token account, and the demo recipient with its token account.
 * @param {any} sol what startLocalSolana() of local-solana.mjs answers (named in words: that module imports this one)
 */
export async function startSolanaFaucet(sol) {
  const { Keypair, PublicKey } = require('@solana/web3.js')
  const mint = createTestMint(sol)
  // Where the demo page's buttons send: an account with SOL and a token account of the test mint.
  const recipient = Keypair.generate().publicKey.toBase58()
  await sol.airdrop(recipient, 10n ** 9n)
  const recipientTokenAccount = mintTestTokens(sol, mint, recipient, 0n)
  const answer = (address, funded) => ({ funded, mint, tokenAccount: associatedTokenAddress(address, mint), recipient, recipientTokenAccount })
  const funded = new Set()
  sol.setFaucet(async (address) => {
    try {
      if (typeof address !== 'string' || !PublicKey.isOnCurve(new PublicKey(address))) throw new Error()
    } catch {
      throw Object.assign(new Error('address must be a Solana address'), { status: 400 })
    }
    if (funded.has(address)) return answer(address, false)
    funded.add(address)
    await sol.airdrop(address, FAUCET_SOL)
    mintTestTokens(sol, mint, address, FAUCET_SPL)
    return answer(address, true)
  })
  return { mint, faucetUrl: `${sol.url}/faucet` }
}

/**
 * A Solana transaction as the wallet policy judges it: the programs its instructions call and the
 * lamports its System program instructions move. Decoded with @solana/web3.js (legacy and v0).
 */
import { PublicKey, SystemProgram, VersionedTransaction } from '@solana/web3.js'
import { ApiError } from '../errors.js'

export interface DecodedSolanaTransaction {
  transaction: VersionedTransaction
  programs: string[]
  lamports: bigint
}

const SYSTEM = SystemProgram.programId.toBase58()

/** Lamports a System program instruction moves out of an account (0 for those that move none). */
function systemLamports(data: Uint8Array): bigint {
  if (data.length < 4) return 0n
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const type = view.getUint32(0, true)
  // CreateAccount (0), Transfer (2), WithdrawNonceAccount (5), TransferWithSeed (11): u64 lamports right after the type.
  if (type === 0 || type === 2 || type === 5 || type === 11) return data.length >= 12 ? view.getBigUint64(4, true) : 0n
  // CreateAccountWithSeed (3): base pubkey (32), seed (u64 length + bytes), then lamports.
  if (type === 3 && data.length >= 44) {
    const seedLength = Number(view.getBigUint64(36, true))
    const at = 44 + seedLength
    return data.length >= at + 8 ? view.getBigUint64(at, true) : 0n
  }
  return 0n
}

export function decodeSolanaTransaction(base64: string): DecodedSolanaTransaction {
  let transaction: VersionedTransaction
  try {
    transaction = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'))
  } catch {
    throw new ApiError('invalid_data', 'transaction is not a serialized Solana transaction (base64)')
  }
  const keys = transaction.message.staticAccountKeys
  const programs = new Set<string>()
  let lamports = 0n
  for (const ix of transaction.message.compiledInstructions) {
    const program = keys[ix.programIdIndex]?.toBase58()
    if (!program) throw new ApiError('invalid_data', 'An instruction names a program outside the static account keys')
    programs.add(program)
    if (program === SYSTEM) lamports += systemLamports(ix.data)
  }
  return { transaction, programs: [...programs], lamports }
}

/** Where `address` signs in the transaction (its index among the required signers), or -1. */
export function signerIndex(transaction: VersionedTransaction, address: string): number {
  const required = transaction.message.header.numRequiredSignatures
  const key = new PublicKey(address)
  return transaction.message.staticAccountKeys.slice(0, required).findIndex((k) => k.equals(key))
}

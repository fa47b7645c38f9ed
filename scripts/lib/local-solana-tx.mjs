// The landed transactions of the local cluster (scripts/lib/local-solana.mjs) as the Solana RPC's
// `getTransaction` answers them: what litesvm ran, with the balances before and after, in the
// `json` and `jsonParsed` encodings (the latter is what @solana/web3.js's getParsedTransaction asks).
import { createRequire } from 'node:module'

import { TOKEN_PROGRAM_ID } from './solana-programs.mjs'

const require = createRequire(import.meta.url)
const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111'

/** The token balance of a token account in the RPC's `preTokenBalances` shape, or null when it is none. */
function tokenBalanceOf(svm, kit, PublicKey, address, accountIndex) {
  const account = svm.getAccount(kit.address(address))
  if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ID || account.data.length < 72) return null
  const data = Buffer.from(account.data)
  const mint = new PublicKey(data.subarray(0, 32)).toBase58()
  const mintAccount = svm.getAccount(kit.address(mint))
  const decimals = mintAccount.exists ? mintAccount.data[44] : 0
  const amount = data.readBigUInt64LE(64)
  const ui = Number(amount) / 10 ** decimals
  return {
    accountIndex,
    mint,
    owner: new PublicKey(data.subarray(32, 64)).toBase58(),
    programId: TOKEN_PROGRAM_ID,
    uiTokenAmount: { amount: amount.toString(), decimals, uiAmount: ui, uiAmountString: String(ui) },
  }
}

/**
 * Snapshots the accounts a transaction names (lamports and token balances) before it runs; `finish`
 * takes the after-snapshot and answers the record `getTransaction` serves.
 */
export function beginRecord(svm, kit, message, signatures) {
  const { PublicKey } = require('@solana/web3.js')
  const keys = message.staticAccountKeys.map((k) => k.toBase58())
  const balances = () => keys.map((k) => Number(svm.getBalance(kit.address(k)) ?? 0n))
  const tokens = () => keys.map((k, i) => tokenBalanceOf(svm, kit, PublicKey, k, i)).filter(Boolean)
  const preBalances = balances()
  const preTokenBalances = tokens()
  return {
    /** @param {{ slot: number, err: unknown, fee: number, logs: string[], unitsConsumed: number }} outcome */
    finish: (outcome) => ({
      slot: outcome.slot,
      blockTime: Math.floor(Date.now() / 1000),
      message,
      signatures,
      meta: {
        err: outcome.err,
        fee: outcome.fee,
        preBalances,
        postBalances: balances(),
        preTokenBalances,
        postTokenBalances: tokens(),
        logMessages: outcome.logs,
        computeUnitsConsumed: outcome.unitsConsumed,
      },
    }),
  }
}

/** A System Program instruction in the `jsonParsed` form (transfer only); null for anything else. */
function parseSystem(keys, ix) {
  const data = Buffer.from(ix.data)
  if (data.length === 12 && data.readUInt32LE(0) === 2) {
    const [source, destination] = ix.accountKeyIndexes.map((i) => keys[i])
    return { type: 'transfer', info: { source, destination, lamports: Number(data.readBigUInt64LE(4)) } }
  }
  return null
}

/**
 * A recorded transaction as `getTransaction` answers it. `encoding`: 'json' (account indices, base58
 * data) or 'jsonParsed' (account objects; System transfers parsed, other instructions partially
 * decoded). The RPC's -32015 for a versioned transaction without `maxSupportedTransactionVersion`.
 */
export function transactionJson(record, { encoding = 'json', maxSupportedTransactionVersion } = {}, RpcError) {
  const bs58 = require('bs58')
  const { message } = record
  const version = message.version === 'legacy' ? 'legacy' : message.version
  if (version !== 'legacy' && maxSupportedTransactionVersion === undefined)
    throw new RpcError(
      -32015,
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    )
  const keys = message.staticAccountKeys.map((k) => k.toBase58())
  const header = message.header
  const parsed = encoding === 'jsonParsed'
  const instructions = message.compiledInstructions.map((ix) => {
    const programId = keys[ix.programIdIndex]
    if (!parsed) return { programIdIndex: ix.programIdIndex, accounts: ix.accountKeyIndexes, data: bs58.encode(ix.data), stackHeight: null }
    const system = programId === SYSTEM_PROGRAM_ID ? parseSystem(keys, ix) : null
    if (system) return { program: 'system', programId, parsed: system, stackHeight: null }
    return { programId, accounts: ix.accountKeyIndexes.map((i) => keys[i]), data: bs58.encode(ix.data), stackHeight: null }
  })
  const accountKeys = parsed
    ? keys.map((pubkey, i) => ({ pubkey, signer: message.isAccountSigner(i), writable: message.isAccountWritable(i), source: 'transaction' }))
    : keys
  const transaction = {
    signatures: record.signatures,
    message: {
      accountKeys,
      ...(parsed ? {} : { header }),
      recentBlockhash: message.recentBlockhash,
      instructions,
      ...(version === 'legacy' ? {} : { addressTableLookups: message.addressTableLookups.map((l) => ({ ...l, accountKey: l.accountKey.toBase58() })) }),
    },
  }
  const { meta } = record
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version,
    transaction,
    meta: {
      err: meta.err,
      status: meta.err ? { Err: meta.err } : { Ok: null },
      fee: meta.fee,
      preBalances: meta.preBalances,
      postBalances: meta.postBalances,
      innerInstructions: [],
      logMessages: meta.logMessages,
      preTokenBalances: meta.preTokenBalances,
      postTokenBalances: meta.postTokenBalances,
      rewards: [],
      ...(parsed ? {} : { loadedAddresses: { writable: [], readonly: [] } }),
      computeUnitsConsumed: meta.computeUnitsConsumed,
    },
  }
}

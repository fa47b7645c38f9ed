// A local Solana cluster: litesvm (the Solana VM with the real System, SPL Token and associated
// token account programs) in process, behind a loopback HTTP endpoint that speaks the Solana JSON-RPC
// wire format for the methods @solana/web3.js's Connection calls in the widget. Used by `npm start`
// (the demo's cluster, with a development faucet) and by the tests (test/svm.ts).
import { createServer } from 'node:http'
import { createRequire } from 'node:module'

import { ATA_PROGRAM_ID, METADATA_PROGRAM_ID, TOKEN_PROGRAM_ID } from './solana-programs.mjs'

const require = createRequire(import.meta.url)

export { ATA_PROGRAM_ID, METADATA_PROGRAM_ID, TOKEN_PROGRAM_ID }
/** litesvm's default fee: 5000 lamports per signature (no priority fee). */
export const LAMPORTS_PER_SIGNATURE = 5000
/** How many slots a blockhash stays valid on a real cluster (web3.js's lastValidBlockHeight). */
const BLOCKHASH_VALIDITY = 150

// Error names in the order of litesvm's const enums (internal.d.ts), as the RPC spells them.
const TX_ERRORS =
  'AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled'.split(
    ' ',
  )
const IX_ERRORS =
  'GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits'.split(
    ' ',
  )

/** A litesvm error as the RPC's `err` JSON: "BlockhashNotFound", {"InstructionError":[0,{"Custom":1}]}… */
function errJson(err) {
  if (typeof err === 'number') return TX_ERRORS[err] ?? 'SanitizeFailure'
  if (err && typeof err.err === 'function' && 'index' in err) {
    const inner = err.err()
    const detail = typeof inner === 'number' ? (IX_ERRORS[inner] ?? 'GenericError') : 'code' in inner ? { Custom: inner.code } : { BorshIoError: inner.msg }
    return { InstructionError: [err.index, detail] }
  }
  if (err && 'accountIndex' in err) return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  return 'SanitizeFailure'
}

/** The message the RPC gives a failed preflight (what web3.js puts in SendTransactionError). */
function errMessage(err) {
  if (err === 'BlockhashNotFound') return 'Blockhash not found'
  if (err === 'InsufficientFundsForFee') return 'Insufficient funds for fee'
  if (err === 'AccountNotFound') return 'Attempt to debit an account but found no record of a prior credit.'
  if (typeof err === 'object' && err.InsufficientFundsForRent)
    return `Transaction results in an account (${err.InsufficientFundsForRent.account_index}) with insufficient funds for rent`
  if (typeof err === 'object' && err.InstructionError) {
    const [index, detail] = err.InstructionError
    const what = typeof detail === 'object' && 'Custom' in detail ? `custom program error: 0x${detail.Custom.toString(16)}` : String(detail)
    return `Error processing Instruction ${index}: ${what}`
  }
  return JSON.stringify(err)
}

class RpcError extends Error {
  constructor(code, message, data) {
    super(message)
    this.code = code
    this.data = data
  }
}

/**
 * Starts a fresh cluster behind a loopback JSON-RPC endpoint. With a faucet set, `POST /faucet` with
 * `{ "address": "<base58>" }` runs it (development only: anyone reaching the port may call it).
 * @param {{ port?: number, host?: string }} [options]
 */
export async function startLocalSolana({ port = 0, host = '127.0.0.1' } = {}) {
  const { LiteSVM } = require('litesvm')
  // litesvm 1.x speaks @solana/kit (its dependency): addresses are base58 strings, transactions { messageBytes, signatures }.
  const kit = createRequire(require.resolve('litesvm'))('@solana/kit')
  const { PublicKey, VersionedMessage } = require('@solana/web3.js')
  const svm = new LiteSVM()
  /** signature (base58) → { slot, err } of every transaction this cluster ran. */
  const statuses = new Map()
  const slot = () => Number(svm.getClock().slot)
  const context = () => ({ slot: slot(), apiVersion: '2.2.0' })
  const key = (value) => {
    try {
      return kit.address(new PublicKey(value).toBase58())
    } catch {
      throw new RpcError(-32602, `Invalid param: Invalid`)
    }
  }
  const decodeTx = (data, encoding = 'base58') => {
    try {
      const bytes = encoding === 'base64' ? Buffer.from(data, 'base64') : require('bs58').decode(data)
      return kit.getTransactionDecoder().decode(bytes)
    } catch {
      throw new RpcError(-32602, 'invalid transaction: failed to deserialize')
    }
  }
  const accountJson = (account) =>
    account.exists
      ? {
          data: [Buffer.from(account.data).toString('base64'), 'base64'],
          executable: account.executable,
          lamports: Number(account.lamports),
          owner: account.programAddress,
          rentEpoch: 0,
          space: account.data.length,
        }
      : null
  const simulate = (tx) => {
    const result = svm.simulateTransaction(tx)
    const failed = typeof result.err === 'function'
    const meta = result.meta()
    return {
      err: failed ? errJson(result.err()) : null,
      logs: meta.logs(),
      accounts: null,
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      returnData: null,
    }
  }
  const tokenBalance = (address) => {
    const account = svm.getAccount(key(address))
    if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ID || account.data.length < 72)
      throw new RpcError(-32602, 'Invalid param: could not find account')
    const data = Buffer.from(account.data)
    const mint = svm.getAccount(kit.address(new PublicKey(data.subarray(0, 32)).toBase58()))
    const decimals = mint.exists ? mint.data[44] : 0
    const amount = data.readBigUInt64LE(64)
    const ui = Number(amount) / 10 ** decimals
    return { amount: amount.toString(), decimals, uiAmount: ui, uiAmountString: String(ui) }
  }

  const methods = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getGenesisHash: () => '11111111111111111111111111111111',
    getSlot: () => slot(),
    getBlockHeight: () => slot(),
    getLatestBlockhash: () => ({ context: context(), value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + BLOCKHASH_VALIDITY } }),
    isBlockhashValid: ([hash]) => ({ context: context(), value: hash === svm.latestBlockhash() }),
    getBalance: ([address]) => ({ context: context(), value: Number(svm.getBalance(key(address)) ?? 0n) }),
    getAccountInfo: ([address]) => ({ context: context(), value: accountJson(svm.getAccount(key(address))) }),
    getMultipleAccounts: ([addresses]) => ({ context: context(), value: addresses.map((a) => accountJson(svm.getAccount(key(a)))) }),
    getMinimumBalanceForRentExemption: ([size]) => Number(svm.minimumBalanceForRentExemption(BigInt(size ?? 0))),
    getFeeForMessage: ([message]) => {
      const parsed = VersionedMessage.deserialize(Buffer.from(message, 'base64'))
      const valid = parsed.recentBlockhash === svm.latestBlockhash()
      return { context: context(), value: valid ? parsed.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE : null }
    },
    getTokenAccountBalance: ([address]) => ({ context: context(), value: tokenBalance(address) }),
    // jsonParsed, for a `{ mint }` filter: the owner's associated token account of that mint (the
    // only token accounts the wallets here create; litesvm keeps no index by owner).
    getTokenAccountsByOwner: ([owner, filter = {}]) => {
      if (!filter.mint) return { context: context(), value: [] }
      const ata = PublicKey.findProgramAddressSync(
        [new PublicKey(owner).toBuffer(), new PublicKey(TOKEN_PROGRAM_ID).toBuffer(), new PublicKey(filter.mint).toBuffer()],
        new PublicKey(ATA_PROGRAM_ID),
      )[0].toBase58()
      const account = svm.getAccount(key(ata))
      if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ID) return { context: context(), value: [] }
      const info = { mint: filter.mint, owner, state: 'initialized', isNative: false, tokenAmount: tokenBalance(ata) }
      const data = { program: 'spl-token', parsed: { type: 'account', info }, space: account.data.length }
      return {
        context: context(),
        value: [
          {
            pubkey: ata,
            account: { data, executable: false, lamports: Number(account.lamports), owner: TOKEN_PROGRAM_ID, rentEpoch: 0, space: account.data.length },
          },
        ],
      }
    },
    simulateTransaction: ([data, config = {}]) => {
      const tx = decodeTx(data, config.encoding)
      if (config.replaceRecentBlockhash) {
        // The blockhash sits after the header and the account keys of the message.
        const message = new Uint8Array(tx.messageBytes)
        const parsed = VersionedMessage.deserialize(message)
        parsed.recentBlockhash = svm.latestBlockhash()
        return { context: context(), value: simulate({ ...tx, messageBytes: parsed.serialize() }) }
      }
      return { context: context(), value: simulate(tx) }
    },
    sendTransaction: ([data, config = {}]) => {
      const tx = decodeTx(data, config.encoding)
      const first = Object.values(tx.signatures)[0]
      const signature = require('bs58').encode(first ?? new Uint8Array(64))
      if (!config.skipPreflight) {
        const preflight = simulate(tx)
        if (preflight.err) throw new RpcError(-32002, `Transaction simulation failed: ${errMessage(preflight.err)}`, preflight)
      }
      const result = svm.sendTransaction(tx)
      const err = typeof result.err === 'function' ? errJson(result.err()) : null
      if (err === 'BlockhashNotFound' || err === 'AlreadyProcessed' || err === 'SignatureFailure' || err === 'SanitizeFailure')
        throw new RpcError(-32002, `Transaction simulation failed: ${errMessage(err)}`, { err, logs: [], accounts: null, unitsConsumed: 0 })
      statuses.set(signature, { slot: slot(), err })
      return signature
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: signatures.map((s) => {
        const status = statuses.get(s)
        if (!status) return null
        return {
          slot: status.slot,
          confirmations: null,
          err: status.err,
          status: status.err ? { Err: status.err } : { Ok: null },
          confirmationStatus: 'finalized',
        }
      }),
    }),
    requestAirdrop: ([address, lamports]) => {
      const result = svm.airdrop(key(address), kit.lamports(BigInt(lamports)))
      if (!result || typeof result.err === 'function') throw new RpcError(-32603, 'airdrop failed')
      const signature = require('bs58').encode(result.signature())
      statuses.set(signature, { slot: slot(), err: null })
      return signature
    },
  }

  const one = async (call) => {
    const id = call?.id ?? null
    if (process.env.SOLANA_RPC_DEBUG) console.error('rpc', call?.method, JSON.stringify(call?.params ?? []).slice(0, 200))
    const method = methods[call?.method]
    if (!method) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
    try {
      return { jsonrpc: '2.0', id, result: await method(call.params ?? []) }
    } catch (error) {
      const code = error instanceof RpcError ? error.code : -32603
      return { jsonrpc: '2.0', id, error: { code, message: error.message, ...(error.data ? { data: error.data } : {}) } }
    }
  }
  const handle = async (body) => {
    const parsed = JSON.parse(body)
    return JSON.stringify(Array.isArray(parsed) ? await Promise.all(parsed.map(one)) : await one(parsed))
  }
  let id = 0
  const request = async (method, params = []) => {
    const reply = await one({ jsonrpc: '2.0', id: ++id, method, params })
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
    return reply.result
  }
  let faucet = null
  const server = createServer((req, res) => {
    // Browsers call the cluster directly (the widget reads and sends through the app's RPC URL).
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type, solana-client')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const route = req.url === '/faucet' && faucet ? faucet(JSON.parse(body || '{}').address).then((r) => JSON.stringify(r)) : handle(body)
      route
        .then((out) => res.writeHead(200, { 'content-type': 'application/json' }).end(out))
        .catch((error) => res.writeHead(error.status ?? 500, { 'content-type': 'text/plain' }).end(String(error.message ?? error)))
    })
  })
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve))
  const url = `http://${host}:${server.address().port}`
  return {
    url,
    svm,
    request,
    /** Credits lamports to an address (a base58 string). */
    airdrop: (address, lamports) => request('requestAirdrop', [address, Number(lamports)]),
    /** Makes the latest blockhash stale: a transaction signed before fails with 'Blockhash not found'. */
    expireBlockhash: () => svm.expireBlockhash(),
    /** @param {(address: string) => Promise<unknown>} fn */
    setFaucet: (fn) => void (faucet = fn),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export { associatedTokenAddress, createTestMint, FAUCET_SOL, FAUCET_SPL, mintTestTokens, startSolanaFaucet } from './local-solana-token.mjs'

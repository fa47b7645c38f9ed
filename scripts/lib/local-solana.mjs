// A local Solana cluster: litesvm (the Solana VM with the real System, SPL Token and associated
// token account programs) in process, behind a loopback HTTP endpoint that speaks the Solana JSON-RPC
// wire format for the methods @solana/web3.js's Connection calls in the widget. Used by `npm start`
// (the demo's cluster, with a development faucet) and by the tests (test/svm.ts).
import { createServer } from 'node:http'
import { createRequire } from 'node:module'

import { WebSocketServer } from 'ws'

import { beginRecord, transactionJson } from './local-solana-tx.mjs'

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
  /** signature (base58) → what `getTransaction` answers of it (transactions sent through the RPC). */
  const landed = new Map()
  /** Every method asked, HTTP and websocket, in order: what a test reads to see which calls a client made. */
  const calls = []
  /** signature → the websocket subscriptions waiting for it (signatureSubscribe). */
  const waiting = new Map()
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
      const message = VersionedMessage.deserialize(new Uint8Array(tx.messageBytes))
      const record = beginRecord(
        svm,
        kit,
        message,
        Object.values(tx.signatures).map((s) => require('bs58').encode(s ?? new Uint8Array(64))),
      )
      const result = svm.sendTransaction(tx)
      const failed = typeof result.err === 'function'
      const err = failed ? errJson(result.err()) : null
      if (err === 'BlockhashNotFound' || err === 'AlreadyProcessed' || err === 'SignatureFailure' || err === 'SanitizeFailure')
        throw new RpcError(-32002, `Transaction simulation failed: ${errMessage(err)}`, { err, logs: [], accounts: null, unitsConsumed: 0 })
      // A transaction that fails in a program still lands (and pays its fee), as on a real cluster.
      const meta = failed ? result.meta() : result
      const fee = message.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE
      landed.set(signature, record.finish({ slot: slot(), err, fee, logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()) }))
      statuses.set(signature, { slot: slot(), err })
      notify(signature)
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
    getTransaction: ([signature, config = {}]) => {
      const record = landed.get(signature)
      return record ? transactionJson(record, typeof config === 'string' ? { encoding: config } : config, RpcError) : null
    },
    requestAirdrop: ([address, lamports]) => {
      const result = svm.airdrop(key(address), kit.lamports(BigInt(lamports)))
      if (!result || typeof result.err === 'function') throw new RpcError(-32603, 'airdrop failed')
      const signature = require('bs58').encode(result.signature())
      statuses.set(signature, { slot: slot(), err: null })
      notify(signature)
      return signature
    },
  }

  // The pubsub side (what web3.js's confirmTransaction subscribes to): signatureSubscribe answers a
  // subscription id, then one signatureNotification once the signature is processed (at once when
  // it already is), after which the cluster drops the subscription, as agave's does.
  let subscriptionIds = 0
  /** subscription id → { socket, signature } */
  const subscriptions = new Map()
  function notify(signature) {
    const status = statuses.get(signature)
    for (const id of waiting.get(signature) ?? []) {
      const sub = subscriptions.get(id)
      subscriptions.delete(id)
      if (!sub || sub.socket.readyState !== 1) continue
      const params = { result: { context: { slot: status.slot }, value: { err: status.err } }, subscription: id }
      sub.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'signatureNotification', params }))
    }
    waiting.delete(signature)
  }
  const pubsub = {
    signatureSubscribe: ([signature], socket) => {
      if (typeof signature !== 'string') throw new RpcError(-32602, 'Invalid Request: Invalid param')
      const id = ++subscriptionIds
      subscriptions.set(id, { socket, signature })
      waiting.set(signature, [...(waiting.get(signature) ?? []), id])
      if (statuses.has(signature)) setImmediate(() => notify(signature))
      return id
    },
    signatureUnsubscribe: ([id]) => {
      const sub = subscriptions.get(id)
      if (!sub) throw new RpcError(-32602, 'Invalid subscription id.')
      subscriptions.delete(id)
      waiting.set(
        sub.signature,
        (waiting.get(sub.signature) ?? []).filter((s) => s !== id),
      )
      return true
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
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) calls.push(String(call?.method))
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
  const listen = (target, at) => new Promise((resolve, reject) => target.once('error', reject).listen(at, host, () => (target.off('error', reject), resolve())))
  // Solana clients find the websocket on the HTTP port + 1 (web3.js's makeWebsocketUrl, the
  // validator's 8899 / 8900): with a random port, try again until both are free.
  let sockets = null
  for (let attempt = 0; !sockets; attempt++) {
    await listen(server, port)
    const wsServer = createServer((_req, res) => res.writeHead(426).end())
    try {
      await listen(wsServer, server.address().port + 1)
      sockets = wsServer
    } catch (error) {
      if (port !== 0 || error.code !== 'EADDRINUSE' || attempt > 20) {
        server.close()
        throw error
      }
      await new Promise((resolve) => server.close(resolve))
    }
  }
  const wss = new WebSocketServer({ server: sockets })
  wss.on('connection', (socket) => {
    socket.on('message', (raw) => {
      let call
      try {
        call = JSON.parse(String(raw))
      } catch {
        return void socket.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
      }
      calls.push(String(call?.method))
      // A notification (no id, e.g. web3.js's keep-alive 'ping') gets no answer.
      if (call?.id === undefined || call?.id === null) return
      const method = pubsub[call.method]
      let reply
      try {
        if (!method) throw new RpcError(-32601, 'Method not found')
        reply = { jsonrpc: '2.0', id: call.id, result: method(call.params ?? [], socket) }
      } catch (error) {
        reply = { jsonrpc: '2.0', id: call.id, error: { code: error.code ?? -32603, message: error.message } }
      }
      socket.send(JSON.stringify(reply))
    })
    socket.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id)
    })
  })
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
    /** The methods clients asked over HTTP and the websocket, in order (not those of `request`). */
    calls,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate()
        wss.close()
        sockets.close()
        server.close(() => resolve())
      }),
  }
}

export { associatedTokenAddress, createTestMint, FAUCET_SOL, FAUCET_SPL, mintTestTokens, startSolanaFaucet } from './local-solana-token.mjs'

/** The relay-style bridge stand-in (test/funding-stand-ins.ts has the on-ramps). */
import { encodeFunctionData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
// @ts-expect-error plain ES module shared with `npm start`
import { DEPLOYER_KEY } from '../scripts/lib/local-chain.mjs'
import { compileContracts } from './evm.ts'
import { json, listen } from './funding-stand-ins.ts'

/**
 * A relay-style bridge (api.relay.link): `POST /quote` (tradeType EXPECTED_OUTPUT) answers
 * `{ steps: [{ id: 'deposit', kind: 'transaction', requestId, items: [{ status, data }] }], details }`
 * where `data` is `{ from, to, data, value, chainId }` for an Ethereum origin and, for the Solana
 * origin (chain 792703809), `{ instructions: [{ keys: [{ pubkey, isSigner, isWritable }], programId,
 * data (hex) }], addressLookupTableAddresses }` (a System transfer to a deposit address per quote; for an SPL
 * origin a TransferChecked to a fresh deposit owner's token account);
 * `details.currencyIn.amount` is what the user pays (400 `{ message, errorCode }` when refused).
 * An ERC-20 origin (`originCurrency` a token on the local chain) gets Relay's two steps: `approve`
 * (the token's `approve(depository, amountIn)`, no `check`) then `deposit` (the depository's
 * `depositErc20(token, amountIn, requestId)`, test/contracts/TestDepository.sol, deployed with the
 * first such quote); `state.approval = 'unlimited'` makes it ask for the maximum allowance instead.
 * `GET /requests/v2?hash=` answers `{ requests: [{ id, status }] }` from the deposit on the local
 * chain or cluster: none yet (or reverted) → no request; landed → `progress` (default one 'waiting';
 * a test may add 'delayed' or 'pending'), then `outcome` ('success', 'refund' or 'failure'); `onFill` runs once per request at 'success' (a test credits the recipient there).
 */
export async function startRelayStandIn(
  chainUrl: string | null,
  solanaUrl: string | null = null,
  o: { onFill?: (fill: { recipient: string; destinationChainId: number; destinationCurrency: string; amount: bigint }) => Promise<void> | void } = {},
) {
  const depositAddress = '0x00000000000000000000000000000000000de905'
  const quotes: Record<string, unknown>[] = []
  const solanaDeposits = new Map<string, { requestId: string; lamports: bigint; mint?: string }>()
  const requests = new Map<string, { recipient: string; destinationChainId: number; destinationCurrency: string; amount: bigint }>()
  const filled = new Set<string>()
  const state = {
    outcome: 'success' as 'success' | 'refund' | 'failure',
    /** What the first polls of a landed deposit answer, in order, before `outcome` (Relay's in-flight statuses). */
    progress: ['waiting'] as ('waiting' | 'pending' | 'delayed')[],
    refuse: null as string | null,
    approval: 'exact' as 'exact' | 'unlimited',
    seen: new Map<string, number>(),
    depository: null as string | null,
  }
  const depository = async () => {
    if (state.depository) return state.depository
    const { TestDepository } = compileContracts('TestDepository.sol')
    const from = privateKeyToAccount(DEPLOYER_KEY).address
    const hash = await rpc(chainUrl!, 'eth_sendTransaction', [{ from, data: TestDepository!.bytecode, gas: '0x2dc6c0' }])
    state.depository = (await rpc(chainUrl!, 'eth_getTransactionReceipt', [hash])).contractAddress as string
    return state.depository
  }
  const rpc = async (url: string, method: string, params: unknown[]) =>
    (
      (await (
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
      ).json()) as { result: any }
    ).result
  /** The request a deposit transaction paid, or null when it has not landed. */
  const depositRequest = async (hash: string): Promise<{ id: string; user: string } | null> => {
    if (hash.startsWith('0x')) {
      const receipt = chainUrl ? await rpc(chainUrl, 'eth_getTransactionReceipt', [hash]) : null
      if (!receipt || receipt.status !== '0x1') return null
      const tx = await rpc(chainUrl!, 'eth_getTransactionByHash', [hash])
      if (state.depository && String(tx.to).toLowerCase() === state.depository.toLowerCase()) return { id: `0x${String(tx.input).slice(-64)}`, user: tx.from }
      return String(tx.to).toLowerCase() === depositAddress.toLowerCase() ? { id: tx.input, user: tx.from } : null
    }
    if (!solanaUrl) return null
    const status = (await rpc(solanaUrl, 'getSignatureStatuses', [[hash]])).value[0]
    if (!status || status.err) return null
    for (const [address, deposit] of solanaDeposits) {
      const held = deposit.mint
        ? BigInt((await rpc(solanaUrl, 'getTokenAccountBalance', [address]))?.value.amount ?? 0)
        : BigInt((await rpc(solanaUrl, 'getBalance', [address])).value)
      if (held >= deposit.lamports) return { id: deposit.requestId, user: address }
    }
    return null
  }
  const server = await listen(async (req, res, url, body) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' }).end()
    if (req.method === 'POST' && url.pathname === '/quote') {
      const q = JSON.parse(body)
      quotes.push(q)
      if (state.refuse) return json(res, 400, { message: state.refuse, errorCode: 'AMOUNT_TOO_LOW' })
      if (q.tradeType !== 'EXPECTED_OUTPUT' || !q.user || !q.recipient || !q.amount)
        return json(res, 400, { message: 'Invalid quote request', errorCode: 'INVALID_INPUT_CURRENCY' })
      const requestId = `0x${quotes.length.toString(16).padStart(64, '0')}`
      let data: Record<string, unknown>
      let amountIn: bigint
      if (q.originChainId === 792703809 && q.originCurrency !== '11111111111111111111111111111111') {
        // An SPL origin (USDC in, USDC out, plus a 0.01 USDC fee): the deposit is a TransferChecked
        // to a fresh deposit owner's associated token account, created first (the user pays its rent).
        amountIn = BigInt(q.amount) + 10_000n
        const { instructions, depositAccount } = await splDeposit(q.user, q.originCurrency, amountIn)
        solanaDeposits.set(depositAccount, { requestId, lamports: amountIn, mint: q.originCurrency })
        requests.set(requestId, {
          recipient: q.recipient,
          destinationChainId: q.destinationChainId,
          destinationCurrency: q.destinationCurrency,
          amount: BigInt(q.amount),
        })
        data = { instructions, addressLookupTableAddresses: [] }
      } else if (q.originChainId === 792703809) {
        // Solana origin: 1 wei of output costs 1 / 10^9 lamport here (1 ETH = 1 SOL), plus 0.001 SOL fee.
        amountIn = BigInt(q.amount) / 10n ** 9n + 10n ** 6n
        const { Keypair } = await import('@solana/web3.js')
        const deposit = Keypair.generate().publicKey.toBase58()
        solanaDeposits.set(deposit, { requestId, lamports: amountIn })
        const transfer = Buffer.alloc(12)
        transfer.writeUInt32LE(2, 0)
        transfer.writeBigUInt64LE(amountIn, 4)
        const keys = [
          { pubkey: q.user, isSigner: true, isWritable: true },
          { pubkey: deposit, isSigner: false, isWritable: true },
        ]
        data = { instructions: [{ keys, programId: '11111111111111111111111111111111', data: transfer.toString('hex') }], addressLookupTableAddresses: [] }
      } else if (q.originCurrency !== '0x0000000000000000000000000000000000000000') {
        // USDC in, USDC out (6 decimals both sides), plus a 0.01 USDC fee.
        amountIn = BigInt(q.amount) + 10_000n
        const spender = await depository()
        const allowance = state.approval === 'unlimited' ? 2n ** 256n - 1n : amountIn
        const approve = encodeFunctionData({ abi: ERC20_APPROVE, functionName: 'approve', args: [spender as Hex, allowance] })
        const deposit = encodeFunctionData({ abi: DEPOSIT_ERC20, functionName: 'depositErc20', args: [q.originCurrency, amountIn, requestId as Hex] })
        requests.set(requestId, {
          recipient: q.recipient,
          destinationChainId: q.destinationChainId,
          destinationCurrency: q.destinationCurrency,
          amount: BigInt(q.amount),
        })
        const item = (data: string, to: string) => ({ from: q.user, to, data, value: '0', chainId: q.originChainId })
        return json(res, 200, {
          steps: [
            {
              id: 'approve',
              action: 'Confirm transaction in your wallet',
              description: 'Sign an approval for USDC',
              kind: 'transaction',
              requestId,
              items: [{ status: 'incomplete', data: item(approve, q.originCurrency) }],
            },
            {
              id: 'deposit',
              action: 'Confirm transaction in your wallet',
              description: 'Depositing funds to the relayer',
              kind: 'transaction',
              requestId,
              items: [{ status: 'incomplete', data: item(deposit, spender), check: { endpoint: `/intents/status?requestId=${requestId}`, method: 'GET' } }],
            },
          ],
          details: { operation: 'bridge', currencyIn: { amount: amountIn.toString() }, currencyOut: { amount: q.amount } },
        })
      } else {
        // 1 SOL-unit of output costs 0.001 ETH here (lamports * 1e6 wei), plus a 0.0001 ETH fee.
        amountIn = BigInt(q.amount) * 1_000_000n + 10n ** 14n
        data = { from: q.user, to: depositAddress, data: requestId, value: amountIn.toString(), chainId: q.originChainId }
      }
      return json(res, 200, {
        steps: [
          {
            id: 'deposit',
            action: 'Confirm transaction in your wallet',
            description: 'Depositing funds to the relayer',
            kind: 'transaction',
            requestId,
            items: [{ status: 'incomplete', data, check: { endpoint: `/intents/status?requestId=${requestId}`, method: 'GET' } }],
          },
        ],
        details: { operation: 'bridge', currencyIn: { amount: amountIn.toString() }, currencyOut: { amount: q.amount } },
      })
    }
    if (req.method === 'GET' && url.pathname === '/requests/v2') {
      const hash = url.searchParams.get('hash') ?? ''
      const request = await depositRequest(hash)
      if (!request) return json(res, 200, { requests: [] })
      const polls = (state.seen.get(hash) ?? 0) + 1
      state.seen.set(hash, polls)
      const fill = requests.get(request.id)
      const settled = polls > state.progress.length
      if (settled && state.outcome === 'success' && fill && !filled.has(request.id)) {
        filled.add(request.id)
        await o.onFill?.(fill)
      }
      return json(res, 200, {
        requests: [{ id: request.id, status: settled ? state.outcome : state.progress[polls - 1], user: request.user, recipient: null }],
        continuation: null,
      })
    }
    res.writeHead(404).end()
  })
  return { ...server, depositAddress, quotes, state, solanaDeposits }
}

const ERC20_APPROVE = [
  { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [{ type: 'bool' }] },
] as const
const DEPOSIT_ERC20 = [
  {
    type: 'function',
    name: 'depositErc20',
    stateMutability: 'nonpayable',
    inputs: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes32' }],
    outputs: [],
  },
] as const

/** Relay's Solana step for an SPL origin: ATA CreateIdempotent for a fresh deposit owner, then TransferChecked (6 decimals). */
async function splDeposit(user: string, mint: string, amount: bigint) {
  const { Keypair, PublicKey } = await import('@solana/web3.js')
  const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
  const ATA = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
  const ata = (owner: string) =>
    PublicKey.findProgramAddressSync(
      [new PublicKey(owner).toBuffer(), new PublicKey(TOKEN).toBuffer(), new PublicKey(mint).toBuffer()],
      new PublicKey(ATA),
    )[0].toBase58()
  const owner = Keypair.generate().publicKey.toBase58()
  const depositAccount = ata(owner)
  const key = (pubkey: string, isSigner: boolean, isWritable: boolean) => ({ pubkey, isSigner, isWritable })
  const transfer = Buffer.alloc(10)
  transfer.writeUInt8(12, 0)
  transfer.writeBigUInt64LE(amount, 1)
  transfer.writeUInt8(6, 9)
  const instructions = [
    {
      keys: [
        key(user, true, true),
        key(depositAccount, false, true),
        key(owner, false, false),
        key(mint, false, false),
        key('11111111111111111111111111111111', false, false),
        key(TOKEN, false, false),
      ],
      programId: ATA,
      data: '01',
    },
    {
      keys: [key(ata(user), false, true), key(mint, false, false), key(depositAccount, false, true), key(user, true, false)],
      programId: TOKEN,
      data: transfer.toString('hex'),
    },
  ]
  return { instructions, depositAccount }
}

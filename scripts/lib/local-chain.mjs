// A local EVM: @nomicfoundation/edr (Hardhat's chain engine) in process, served over JSON-RPC on a
// loopback HTTP port so the API server and browsers reach it as they reach any RPC URL. Used by
// `npm start` (the demo's chain, with a development faucet) and by the tests (test/evm.ts).
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { hexToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const require = createRequire(import.meta.url)

// A well-known development key; it holds only test ether on this throwaway chain.
export const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
// Hardhat's second development key: the development app's gas sponsor (`npm start` passes it to the server).
export const DEV_SPONSOR_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
let context = null

/**
 * Starts a fresh chain behind a loopback JSON-RPC endpoint. With `faucet`, `POST /faucet` with
 * `{ "address": "0x…" }` runs it for that address (development only: anyone reaching the port may call it).
 * @param {{ chainId?: number, port?: number, host?: string }} [options]
 */
export async function startLocalChain({ chainId = 31337, port = 0, host = '127.0.0.1' } = {}) {
  const edr = require('@nomicfoundation/edr')
  // EdrContext must be constructed once per process.
  if (!context) {
    const ctx = new edr.EdrContext()
    await ctx.registerProviderFactory(edr.L1_CHAIN_TYPE, edr.l1ProviderFactory())
    context = ctx
  }
  const hardfork = edr.l1HardforkLatest()
  const deployer = privateKeyToAccount(DEPLOYER_KEY).address
  const provider = await context.createProvider(
    edr.L1_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: false,
      bailOnTransactionFailure: false,
      chainId: BigInt(chainId),
      coinbase: hexToBytes('0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e'),
      defaultTransactionGasLimit: 16_000_000n,
      genesisState: [
        ...edr.l1GenesisState(hardfork),
        { address: hexToBytes(deployer), balance: 10n ** 24n },
        { address: hexToBytes(privateKeyToAccount(DEV_SPONSOR_KEY).address), balance: 10n ** 24n },
      ],
      hardfork: edr.l1HardforkToString(hardfork),
      initialBaseFeePerGas: 1_000_000_000n,
      minGasPrice: 0n,
      mining: { autoMine: true, memPool: { order: edr.MineOrdering.Priority } },
      network: { genesisBlockGasLimit: 60_000_000n },
      networkId: BigInt(chainId),
      observability: {},
      ownedAccounts: [DEPLOYER_KEY],
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new edr.ContractDecoder(),
  )
  // JSON-RPC lets a call omit `params` (viem does for eth_gasPrice); EDR wants them. Batches are split.
  const one = async (call) => {
    const response = await provider.handleRequest(JSON.stringify({ ...call, params: call.params ?? [] }))
    return typeof response.data === 'string' ? JSON.parse(response.data) : response.data
  }
  const handle = async (body) => {
    const parsed = JSON.parse(body)
    return JSON.stringify(Array.isArray(parsed) ? await Promise.all(parsed.map(one)) : await one(parsed))
  }
  let id = 0
  const request = async (method, params = []) => {
    const reply = JSON.parse(await handle(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })))
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
    return reply.result
  }
  let faucet = null
  const server = createServer((req, res) => {
    // Browsers call the chain directly (the widget reads and broadcasts through the app's RPC URL).
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type')
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
    chainId,
    url,
    deployerKey: DEPLOYER_KEY,
    deployer,
    request,
    /** @param {(address: string) => Promise<unknown>} fn */
    setFaucet: (fn) => void (faucet = fn),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The test ERC-20 (test/contracts/TestToken.sol) compiled; scripts/lib/test-token.test.ts keeps it in step with the source. */
export const TEST_TOKEN = JSON.parse(readFileSync(new URL('./test-token.json', import.meta.url), 'utf8'))

/** Per new embedded wallet: 10 test ETH and 1,000 test USDC (6 decimals). */
export const FAUCET_ETH = 10n * 10n ** 18n
export const FAUCET_TOKEN = 1000n * 10n ** 6n

/**
 * The development faucet: deploys the test token and funds each address once per chain run.
 * @param {Awaited<ReturnType<typeof startLocalChain>>} chain
 */
export async function startDevFaucet(chain) {
  const { encodeFunctionData, isAddress } = await import('viem')
  const send = async (tx) => {
    const hash = await chain.request('eth_sendTransaction', [{ from: chain.deployer, ...tx }])
    const receipt = await chain.request('eth_getTransactionReceipt', [hash])
    if (receipt?.status !== '0x1') throw new Error('faucet transaction failed')
    return receipt
  }
  const token = (await send({ data: TEST_TOKEN.bytecode, gas: '0x2dc6c0' })).contractAddress
  const funded = new Set()
  chain.setFaucet(async (address) => {
    if (typeof address !== 'string' || !isAddress(address)) throw Object.assign(new Error('address must be an Ethereum address'), { status: 400 })
    const key = address.toLowerCase()
    if (funded.has(key)) return { funded: false, token }
    funded.add(key)
    await send({ to: address, value: `0x${FAUCET_ETH.toString(16)}` })
    await send({ to: token, data: encodeFunctionData({ abi: TEST_TOKEN.abi, functionName: 'mint', args: [address, FAUCET_TOKEN] }) })
    return { funded: true, token }
  })
  return { token, faucetUrl: `${chain.url}/faucet` }
}

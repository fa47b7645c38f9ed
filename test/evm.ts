/**
 * A real local EVM for tests: @nomicfoundation/edr (Hardhat's chain engine) run in process, served
 * over JSON-RPC on a loopback HTTP port so the server reaches it the way it reaches any RPC URL.
 * Contracts in test/contracts are compiled with solc-js (the official compiler build on npm).
 */
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { hexToBytes, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const require = createRequire(import.meta.url)

export interface LocalChain {
  chainId: number
  /** http://127.0.0.1:PORT — what an app puts in `rpcUrls`. */
  url: string
  /** A funded key the chain knows (for deployments). */
  deployerKey: Hex
  request(method: string, params?: unknown[]): Promise<unknown>
  close(): Promise<void>
}

// A well-known development key; it holds only test ether on this throwaway chain.
const DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
let context: unknown = null

/** Starts a fresh chain (chain id 31337 unless told) behind a loopback JSON-RPC endpoint. */
export async function startLocalChain(chainId = 31337): Promise<LocalChain> {
  const edr = require('@nomicfoundation/edr') as typeof import('@nomicfoundation/edr')
  // EdrContext must be constructed once per process.
  if (!context) {
    const ctx = new edr.EdrContext()
    await ctx.registerProviderFactory(edr.L1_CHAIN_TYPE, edr.l1ProviderFactory())
    context = ctx
  }
  const ctx = context as InstanceType<typeof edr.EdrContext>
  const hardfork = edr.l1HardforkLatest()
  const deployer = privateKeyToAccount(DEPLOYER_KEY).address
  const provider = await ctx.createProvider(
    edr.L1_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: false,
      bailOnTransactionFailure: false,
      chainId: BigInt(chainId),
      coinbase: hexToBytes('0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e'),
      defaultTransactionGasLimit: 16_000_000n,
      genesisState: [...edr.l1GenesisState(hardfork), { address: hexToBytes(deployer), balance: 10n ** 24n }],
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
  const one = async (call: Record<string, unknown>): Promise<unknown> => {
    const response = await provider.handleRequest(JSON.stringify({ ...call, params: call.params ?? [] }))
    return typeof response.data === 'string' ? JSON.parse(response.data) : response.data
  }
  const handle = async (body: string): Promise<string> => {
    const parsed = JSON.parse(body)
    return JSON.stringify(Array.isArray(parsed) ? await Promise.all(parsed.map(one)) : await one(parsed))
  }
  const server: Server = createServer((req, res) => {
    // Browsers call the chain directly (the widget reads and broadcasts through the app's RPC URL).
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      handle(body)
        .then((out) => res.writeHead(200, { 'content-type': 'application/json' }).end(out))
        .catch((error) => res.writeHead(500).end(String(error)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let id = 0
  return {
    chainId,
    url,
    deployerKey: DEPLOYER_KEY,
    async request(method, params = []) {
      const reply = JSON.parse(await handle(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })))
      if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
      return reply.result
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface CompiledContract {
  abi: unknown[]
  bytecode: Hex
}

/** Compiles a file of test/contracts with solc-js; answers every contract in it by name. */
export function compileContracts(file: string): Record<string, CompiledContract> {
  const solc = require('solc') as { compile(input: string): string }
  const source = readFileSync(fileURLToPath(new URL(`./contracts/${file}`, import.meta.url)), 'utf8')
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'))
  const contracts: Record<string, CompiledContract> = {}
  for (const [name, c] of Object.entries(output.contracts[file] as Record<string, any>)) {
    contracts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
  }
  return contracts
}

/**
 * A real local EVM for tests: @nomicfoundation/edr (Hardhat's chain engine) run in process, served
 * over JSON-RPC on a loopback HTTP port so the server reaches it the way it reaches any RPC URL.
 * Contracts in test/contracts are compiled with solc-js (the official compiler build on npm).
 * The chain itself is scripts/lib/local-chain.mjs, the one `npm start` runs.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Hex } from 'viem'
// @ts-expect-error plain ES module shared with `npm start`
import { startLocalChain as startChain } from '../scripts/lib/local-chain.mjs'

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

/** Starts a fresh chain (chain id 31337 unless told) behind a loopback JSON-RPC endpoint. */
export async function startLocalChain(chainId = 31337): Promise<LocalChain> {
  return (await startChain({ chainId })) as LocalChain
}

export interface CompiledContract {
  abi: unknown[]
  bytecode: Hex
}

/** Compiled contracts, by source and compiler: solc-js takes half a minute to load on a slow machine. */
const CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/gatehouse-solc/', import.meta.url))

/**
 * Compiles a file of test/contracts with solc-js; answers every contract in it by name. The output
 * is kept under node_modules/.cache, keyed by the source's and the compiler's hash, so a file is
 * compiled once per change, not once per test file.
 */
export function compileContracts(file: string): Record<string, CompiledContract> {
  const source = readFileSync(fileURLToPath(new URL(`./contracts/${file}`, import.meta.url)), 'utf8')
  const solcVersion = (require('solc/package.json') as { version: string }).version
  const key = createHash('sha256').update(`${solcVersion}\0${file}\0${source}`).digest('hex').slice(0, 32)
  const cached = join(CACHE_DIR, `${key}.json`)
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as Record<string, CompiledContract>
  const solc = require('solc') as { compile(input: string): string }
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
  mkdirSync(CACHE_DIR, { recursive: true })
  writeFileSync(cached, JSON.stringify(contracts))
  return contracts
}

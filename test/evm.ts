/**
 * A real local EVM for tests: @nomicfoundation/edr (Hardhat's chain engine) run in process, served
 * over JSON-RPC on a loopback HTTP port so the server reaches it the way it reaches any RPC URL.
 * Contracts in test/contracts are compiled with solc-js (the official compiler build on npm).
 * The chain itself is scripts/lib/local-chain.mjs, the one `npm start` runs.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
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

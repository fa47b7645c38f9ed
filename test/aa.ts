/**
 * ERC-4337 for tests: a local chain with the EntryPoint v0.7, the smart-account factory and the
 * verifying paymaster deployed, and a real bundler (Alto) pointed at it
 * (scripts/lib/account-abstraction.mjs, the same `npm start` runs). One per test process, shared by
 * every file that asks (the server and e2e projects run their files in one process per worker): the
 * bundler takes seconds to start. The bundler's process ends with this one (it watches an IPC channel).
 */
import type { Address, Hex } from 'viem'
import { startLocalChain, type LocalChain } from './evm.ts'
// @ts-expect-error plain ES module shared with `npm start`
import { DEV_PAYMASTER_SIGNER_KEY, startAccountAbstraction } from '../scripts/lib/account-abstraction.mjs'

export interface AccountAbstractionStack {
  chain: LocalChain
  entryPoint: Address
  entryPointVersion: '0.7'
  /** 'solady': viem's `toSoladySmartAccount` (with `factoryAddress` and the owner-prefixed salt). */
  accountType: 'solady'
  factory: Address
  paymaster: Address
  /** The key the server signs paymaster data with (GATEHOUSE_PAYMASTER_SIGNER_KEY). */
  paymasterSignerKey: Hex
  /** http://127.0.0.1:PORT/rpc */
  bundlerUrl: string
  /** The paymaster's deposit at the EntryPoint, in wei. */
  paymasterDeposit(): Promise<bigint>
}

export const PAYMASTER_SIGNER_KEY = DEV_PAYMASTER_SIGNER_KEY as Hex

let shared: Promise<AccountAbstractionStack> | null = null

/** The process's ERC-4337 stack: started on first use. */
export function startAccountAbstractionStack(): Promise<AccountAbstractionStack> {
  if (!shared) {
    shared = (async () => {
      const chain = await startLocalChain()
      const aa = await startAccountAbstraction({ rpcUrl: chain.url, chainId: chain.chainId })
      return { ...aa, chain, paymasterSignerKey: PAYMASTER_SIGNER_KEY } as AccountAbstractionStack
    })()
    shared.catch(() => (shared = null))
  }
  return shared
}

import type { Page } from 'playwright-core'
import { encodeFunctionData, type Abi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { compileContracts, type LocalChain } from '../evm.ts'

declare global {
  interface Window {
    __tx?: Promise<{ ok?: unknown; err?: { code: unknown; errorCode?: string; message: string; hash?: string | null } }>
    /** Set once `__tx` settled: read while a screen still shows, without awaiting it. */
    __txSettled?: boolean
  }
}

/** The local chain with the test token and a contract that always reverts. */
export async function deployTestContracts(chain: LocalChain) {
  const compiled = compileContracts('TestToken.sol')
  const deployer = privateKeyToAccount(chain.deployerKey).address
  const deploy = async (bytecode: Hex) => {
    const hash = (await chain.request('eth_sendTransaction', [{ from: deployer, data: bytecode, gas: '0x2dc6c0' }])) as Hex
    const receipt = (await chain.request('eth_getTransactionReceipt', [hash])) as { contractAddress: Hex }
    return receipt.contractAddress
  }
  const token = await deploy(compiled.TestToken!.bytecode)
  const reverter = await deploy(compiled.Reverter!.bytecode)
  return { deployer, token, reverter, tokenAbi: compiled.TestToken!.abi as Abi, reverterAbi: compiled.Reverter!.abi as Abi }
}

/** Sends test ether from the deployer (the chain signs for accounts it owns) and waits for it. */
export async function fundWallet(chain: LocalChain, from: string, to: string, wei: bigint) {
  await chain.request('eth_sendTransaction', [{ from, to, value: `0x${wei.toString(16)}` }])
}

export const call = (abi: Abi, functionName: string, args: unknown[]) => encodeFunctionData({ abi, functionName, args } as never)

/** Starts `sendTransaction` (or another host call) on the page without awaiting it; `settled()` reads its outcome. */
export async function startTx(page: Page, script: string) {
  await page.evaluate((body) => {
    const modal = document.querySelector('auth-modal') as any
    const run = new Function('modal', `return (${body})`) as (m: unknown) => Promise<unknown>
    window.__tx = run(modal).then(
      (ok) => ({ ok }),
      (e: any) => ({ err: { code: e.code, errorCode: e.errorCode, message: e.message, hash: e.hash ?? null } }),
    )
    window.__txSettled = false
    void window.__tx.then(() => (window.__txSettled = true))
  }, script)
}

export const settled = (page: Page) => page.evaluate(() => window.__tx!)

/** Whether the host's call has settled yet (without waiting for it). */
export const settledYet = (page: Page) => page.evaluate(() => window.__txSettled === true)

export const txPrompt = (page: Page) => page.locator('sign-prompt')
